"""The leaderboard and player card pictures, and the scenes built for them in each language."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Callable

import pytest
from PIL import Image

from bot.i18n import SUPPORTED_LOCALES
from bot.i18n.messages import placeholders, template
from bot.render import board as board_module
from bot.render import canvas
from bot.render.board import BoardRow, BoardScene, BoardWords, render_board
from bot.render.player_card import (
    CardWords,
    PlayerCardScene,
    player_card_layout,
    render_player_card,
)
from bot.stats import MIN_GAMES, BoardEntry, BoardPage, Metric, Partner, Period, PlayerCard
from bot.stats.board_scenes import (
    BOARD_WORD_KEYS,
    CARD_WORD_KEYS,
    board_scene,
    board_words,
    card_scene,
    card_words,
    figure,
)

NAMES = ("Alice", "Zoë Ångström-Müller the Magnificent", "王小明", "Dana 🦊", "Фёдор")


def full_board() -> BoardScene:
    rows = tuple(
        BoardRow(
            rank, NAMES[rank % len(NAMES)], f"{30 - rank:.1f}", 10 + rank, rank == 4, rank == 2
        )
        for rank in range(1, 11)
    )
    return BoardScene(
        "Rating", "All time", 1, 3, rows, BoardRow(17, "Peggy", "9.5", 6, False, True)
    )


def full_card() -> PlayerCardScene:
    return PlayerCardScene(
        name=NAMES[1],
        is_computer=False,
        rating="21.4",
        rank=3,
        ranked_players=41,
        games=60,
        wins=37,
        win_rate="62%",
        hands=640,
        hands_as_maker=150,
        contracts_made=101,
        contracts_set=49,
        points_per_hand="6.8",
        pedros=88,
        longest_streak=7,
        bids=((4, 10), (6, 40), (7, 55), (14, 1)),
        rating_history=tuple(float(n % 7 + n / 3) for n in range(60)),
        best_partner=NAMES[2],
        partner_wins=18,
        partner_games=25,
    )


def new_computer_card() -> PlayerCardScene:
    return PlayerCardScene(
        "Computer (hard)",
        True,
        "0.4",
        None,
        0,
        1,
        0,
        "0%",
        9,
        2,
        1,
        1,
        "4.1",
        1,
        0,
        ((7, 2),),
        (0.4,),
    )


PICTURES = {
    "board": (render_board, full_board()),
    "empty board": (render_board, BoardScene("Win rate", "This week", 1, 1, ())),
    "card": (render_player_card, full_card()),
    "new computer card": (render_player_card, new_computer_card()),
}


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


@pytest.mark.parametrize("name", PICTURES)
def test_the_same_scene_gives_the_same_small_picture(name: str) -> None:
    render, scene = PICTURES[name]
    png = render(scene)
    assert png == render(scene)
    width, height = _open(png).size
    assert width == 720 and 150 <= height <= 1400
    assert len(png) <= 100_000


def test_the_board_grows_with_its_rows_and_the_viewer_row_beneath() -> None:
    scene = full_board()
    with_viewer = _open(render_board(scene)).height
    without = _open(render_board(dataclasses.replace(scene, viewer=None))).height
    shorter = _open(render_board(dataclasses.replace(scene, rows=scene.rows[:3], viewer=None)))
    assert with_viewer - without == board_module.VIEWER_GAP + board_module.ROW_HEIGHT
    assert without - shorter.height == 7 * board_module.ROW_HEIGHT


def test_the_viewers_row_is_drawn_differently() -> None:
    scene = full_board()
    plain = dataclasses.replace(
        scene, rows=tuple(dataclasses.replace(row, is_viewer=False) for row in scene.rows)
    )
    assert render_board(scene) != render_board(plain)


def test_a_page_outside_the_board_is_refused() -> None:
    with pytest.raises(ValueError):
        BoardScene("Rating", "All time", 4, 3, ())


def test_a_change_to_the_card_changes_the_picture() -> None:
    scene = full_card()
    assert render_player_card(scene) != render_player_card(
        dataclasses.replace(scene, rating_history=scene.rating_history[:-1])
    )
    assert render_player_card(scene) != render_player_card(dataclasses.replace(scene, bids=()))


# Every word the pictures draw comes from the scene: its words, names and figures.


def _marked(words_class: type) -> object:
    english = words_class()
    return words_class(
        **{
            field.name: f"«{field.name}»"
            + "".join(
                f"{{{name}}}" for name in re.findall(r"{(\w+)}", getattr(english, field.name))
            )
            for field in dataclasses.fields(words_class)
        }
    )


@pytest.fixture
def drawn(record_drawn_text: Callable[..., list[str]]) -> list[str]:
    """Every string the board and player-card modules hand to `draw_text`."""
    return record_drawn_text(canvas)  # both pictures write through canvas alone


def _strings_in(value: object) -> set[str]:
    if isinstance(value, BoardWords | CardWords):
        return set()
    if dataclasses.is_dataclass(value):
        return {
            text for f in dataclasses.fields(value) for text in _strings_in(getattr(value, f.name))
        }
    if isinstance(value, tuple):
        return {text for item in value for text in _strings_in(item)}
    return {value} if isinstance(value, str) else set()


@pytest.mark.parametrize("name", PICTURES)
def test_every_word_drawn_comes_from_the_scene(name: str, drawn: list[str]) -> None:
    render, scene = PICTURES[name]
    words_class = BoardWords if isinstance(scene, BoardScene) else CardWords
    render(dataclasses.replace(scene, words=_marked(words_class)))
    strings = _strings_in(scene)
    assert any(text.startswith("«") for text in drawn)
    for text in drawn:
        has_letters = any(char.isalpha() for char in text)
        assert not has_letters or text.startswith("«") or text in strings, text


# The scenes built from the statistics, in every language.


@pytest.mark.parametrize(
    ("words_class", "keys"), [(BoardWords, BOARD_WORD_KEYS), (CardWords, CARD_WORD_KEYS)]
)
def test_every_picture_word_has_a_catalogue_key(words_class, keys) -> None:
    assert set(keys) == {field.name for field in dataclasses.fields(words_class)}


def test_the_english_catalogue_matches_the_renderers_defaults() -> None:
    assert board_words("en") == BoardWords()
    assert card_words("en") == CardWords()


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_translated_words_keep_the_renderers_fields(locale: str) -> None:
    for words, english in ((board_words(locale), BoardWords()), (card_words(locale), CardWords())):
        for field in dataclasses.fields(words):
            assert placeholders(getattr(words, field.name)) == placeholders(
                getattr(english, field.name)
            )


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_figure_and_period_has_a_name(locale: str) -> None:
    for metric in Metric:
        assert template(f"board.metric.{metric.value}", locale)
    for period in Period:
        assert template(f"board.period.{period.value}", locale)


def test_figures_are_written_the_readers_way() -> None:
    assert figure(Metric.RATING, 24.56, "en") == "24.6"
    assert figure(Metric.RATING, 24.56, "fr") == "24,6"
    assert figure(Metric.POINTS, 6.0, "nl") == "6,0"
    assert figure(Metric.WIN_RATE, 0.625, "en") == "62%"
    assert figure(Metric.CONTRACTS, 0.5, "fr").startswith("50") and "%" in figure(
        Metric.CONTRACTS, 0.5, "fr"
    )
    assert figure(Metric.WINS, 12.0, "fr") == "12"


def _entry(rank: int, player: str, value: float) -> BoardEntry:
    return BoardEntry(rank, player, player.title(), value, 7)


def test_the_viewer_goes_beneath_only_when_off_the_page() -> None:
    entries = (_entry(1, "user:1", 30.0), _entry(2, "user:2", 20.0))
    on_page = BoardPage(Metric.RATING, Period.WEEK, None, 0, 2, 12, entries, entries[1], 7)
    off_page = dataclasses.replace(on_page, viewer=_entry(12, "user:12", 1.5))

    scene = board_scene(on_page, "en")
    assert scene.viewer is None
    assert [row.is_viewer for row in scene.rows] == [False, True]
    assert (scene.metric, scene.period, scene.page, scene.pages) == ("Rating", "This week", 1, 2)

    scene = board_scene(off_page, "fr")
    assert scene.viewer == BoardRow(12, "User:12", "1,5", 7, False, True)
    assert not any(row.is_viewer for row in scene.rows)
    assert scene.words == board_words("fr")


def test_a_card_scene_carries_the_figures() -> None:
    card = PlayerCard(
        player="computer:hard",
        name="Computer",
        rating=12.34,
        rank=None,
        ranked_players=4,
        games=8,
        wins=6,
        hands=80,
        hands_as_maker=20,
        contracts_made=15,
        points=400,
        pedros=9,
        longest_streak=4,
        bids=((5, 3),),
        rating_history=(1.0, 2.0),
        best_partner=Partner("user:7", "Gus", 5, 4),
    )
    scene = card_scene(card, "en")
    assert scene.is_computer and scene.rating == "12.3"
    assert (scene.win_rate, scene.points_per_hand, scene.contracts_set) == ("75%", "5.0", 5)
    assert (scene.best_partner, scene.partner_wins, scene.partner_games) == ("Gus", 4, 5)
    assert not scene.partner_is_computer


def test_the_card_charts_the_points_lost_by_card_play_when_hands_were_reviewed():
    scene = full_card()
    plain = Image.open(io.BytesIO(render_player_card(scene)))
    reviewed = dataclasses.replace(scene, card_play=(2.5, 1.0, 0.5), card_play_average="1.3")
    charted = Image.open(io.BytesIO(render_player_card(reviewed)))
    assert charted.width == plain.width
    assert charted.height > plain.height
    title = reviewed.words.card_play_chart.format(average="1.3")
    written = " ".join(placed.text for placed in player_card_layout(reviewed))
    assert title.split(" · ")[0].split()[0] in written and "1.3" in written
    better = dataclasses.replace(reviewed, card_play=(2.5, 1.0, 0.0))
    assert render_player_card(better) != render_player_card(reviewed)


def _written(scene: PlayerCardScene) -> str:
    return " ".join(placed.text for placed in player_card_layout(scene) if placed.kind == "text")


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_an_empty_chart_says_what_is_missing(locale: str) -> None:
    """Games only in channels this card does not chart, and no bid yet: each panel says so."""
    scene = dataclasses.replace(full_card(), rating_history=(), bids=(), words=card_words(locale))
    written = _written(scene)
    for missing in (scene.words.no_rating_history, scene.words.no_bids):
        assert missing in written
        assert missing not in _written(dataclasses.replace(full_card(), words=card_words(locale)))


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_newcomers_rating_is_provisional_until_they_are_ranked(locale: str) -> None:
    card = PlayerCard(
        "user:1", "Ana", -3.3, None, 4, 1, 0, 9, 1, 0, 30, 0, 0, ((5, 1),), (-3.3,), None
    )
    newcomer = card_scene(card, locale)
    provisional = newcomer.words.provisional.format(games=MIN_GAMES)
    assert newcomer.provisional and provisional in _written(newcomer)
    ranked = card_scene(dataclasses.replace(card, games=MIN_GAMES, rank=2), locale)
    assert not ranked.provisional
    assert provisional not in _written(ranked)
