"""Every picture the bot posts, read on a phone: one rule and one test for all of them.

A phone shows a picture about 400 px wide (`PHONE_WIDTH`), so a picture W px wide writes
nothing smaller than 11 x W / 400 px (`PHONE_TEXT`; a picture narrower than a phone is shown
at its own size). Each painter records what it wrote and showed (its `..._layout` function),
and for every picture, in all four languages, with long names, computer players and the
emptiest and fullest cases, this checks from that record, not from pixels:

- every word is at least 11 px high at phone width;
- everything lies inside the picture, and no word overlaps another word, a card or a chip;
- only a name too long for its room (more than `FITS` characters) is shortened.

`test_every_picture_the_bot_can_post_is_checked` finds every `render_*` function of
`bot/render/`, so a new picture cannot be posted unchecked.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import itertools
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

import bot.render
from bot.daily.scenes import board_scene as day_board_scene
from bot.daily.scenes import day_scene
from bot.engine.cards import Suit, parse_cards
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.i18n.picture_words import picture_words
from bot.puzzles.scenes import board_scene as puzzle_board_scene
from bot.puzzles.scenes import line_scene, position_scene
from bot.puzzles.shown import PuzzleBoard, RatingLine
from bot.render import GameSummaryScene, HandScene, SideScene, Words
from bot.render.board import board_layout
from bot.render.canvas import Placed
from bot.render.day_result import day_result_layout
from bot.render.hand import hand_layout, paint_hand
from bot.render.league import bracket_layout, season_layout, standings_layout
from bot.render.player_card import player_card_layout
from bot.render.private_table import private_table_layout
from bot.render.puzzle_line import line_layout
from bot.render.ranking import ranking_layout
from bot.render.replay_picture import ReplayScene, replay_layout
from bot.render.style import PHONE_TEXT, PHONE_WIDTH
from bot.render.summary import game_summary_layout, hand_summary_layout
from bot.render.table_picture import picture_size, table_layout
from bot.stats import BoardEntry, BoardPage, Metric, Partner, Period, PlayerCard
from bot.stats.board_scenes import board_scene, card_scene
from bot.stats.players import computer_key, user_key
from tests.render.test_daily_pictures import board as day_board
from tests.render.test_daily_pictures import day
from tests.render.test_league_layout import SEASONS, TOURNAMENTS
from tests.render.test_puzzle_pictures import POSITION
from tests.render.test_summary_layout import SCENES as HAND_SUMMARIES
from tests.render.test_table_layout import FITS, HUMANS
from tests.render.test_table_layout import SCENES as TABLES

#: Drawn over others on purpose: texts lie on these.
CONTAINERS = frozenset({"tile", "row", "section"})
#: May overlap one another: cards fanned in a hand or a row.
STACKED = frozenset({"card"})
LONG_NAMES = frozenset(name for name in HUMANS if len(name) > FITS)


@dataclass(frozen=True)
class Drawn:
    """What a painter recorded, and the size of the picture it drew."""

    layout: list[Placed]
    size: tuple[int, int]


def _measured(layout: list[Placed], width: int) -> Drawn:
    """A picture `width` wide as tall as what it holds (for painters whose height depends on
    their rows): checked against its own width; its bottom is where the last thing ends."""
    return Drawn(layout, (width, max(placed.box[3] for placed in layout)))


# ---------------------------------------------------------------- every picture's scenes


def _tables() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for label, scene in TABLES.items():
        yield label, lambda scene=scene: Drawn(table_layout(scene), picture_size(len(scene.sides)))


def _hand_scenes(locale: str) -> Iterator[tuple[str, HandScene]]:
    words = Words(**picture_words(locale))
    nine = tuple(parse_cards("AH 5D 10H 2H KS 9C QD 7S JC"))
    yield "one", HandScene(nine[:1], Suit.HEARTS, frozenset(nine[:1]), words=words)
    yield "four", HandScene(nine[:4], Suit.HEARTS, frozenset(nine[1:3]), words=words)
    yield "nine", HandScene(nine, words=words)
    pack = tuple(parse_cards("AS KH QS JS 10S 9S 8S 7H 6S"))
    yield "rob", HandScene(nine, Suit.HEARTS, None, words=words, pack=pack)


def _hands() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale in SUPPORTED_LOCALES:
        for label, scene in _hand_scenes(locale):
            yield (
                f"{locale}-{label}",
                lambda scene=scene: Drawn(hand_layout(scene), paint_hand(scene).size),
            )


def _private_tables() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale in SUPPORTED_LOCALES:
        table = TABLES[f"{locale}-4-trick-Bart"]
        for label, hand in _hand_scenes(locale):
            height = picture_size(len(table.sides))[1] + paint_hand(hand).height

            def drawn(table=table, hand=hand, height=height) -> Drawn:
                return Drawn(private_table_layout(table, hand), (720, height))

            yield f"{locale}-{label}", drawn


def _hand_summaries() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for label, scene in HAND_SUMMARIES.items():
        yield label, lambda scene=scene: _measured(hand_summary_layout(scene), 800)


def _game_summary(locale: str, sides: int, hands: int) -> GameSummaryScene:
    joiner = t("picture.names_joiner", locale)
    names = (
        joiner.join(HUMANS[:2]),
        joiner.join(
            (t("player.computer", locale, number=2), t("player.computer", locale, number=4))
        ),
        HUMANS[1],
    )
    progression = tuple(
        tuple(min(4 * hand + 3 * side, 60) for side in range(sides)) for hand in range(1, hands + 1)
    )
    return GameSummaryScene(
        sides=tuple(SideScene(names[side], progression[-1][side]) for side in range(sides)),
        winners=(sides - 1,),
        progression=progression,
        target=51,
        words=Words(**picture_words(locale)),
    )


def _game_summaries() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale, sides, hands in itertools.product(SUPPORTED_LOCALES, (2, 3), (3, 14, 40)):
        scene = _game_summary(locale, sides, hands)
        yield (
            f"{locale}-{sides}-{hands}",
            lambda scene=scene: _measured(game_summary_layout(scene), 800),
        )


def _board_page(metric: Metric, empty: bool) -> BoardPage:
    players = [
        (user_key(1), HUMANS[3]),
        (computer_key("normal"), "Computer 3"),
        (computer_key("hard"), "Computer 2"),
        *((user_key(n + 2), name) for n, name in enumerate(HUMANS[:3])),
    ]
    entries = tuple(
        BoardEntry(rank, player, name, 31.5 - rank, 212 - rank)
        for rank, (player, name) in enumerate(players, 1)
    )
    viewer = BoardEntry(17, user_key(99), HUMANS[0], 2.5, 6)
    return BoardPage(
        metric, Period.ALL, None, 0, 3, 30, () if empty else entries, viewer, viewer.games
    )


def _boards() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale, metric in itertools.product(SUPPORTED_LOCALES, Metric):
        for empty in (False, True):
            scene = board_scene(_board_page(metric, empty), locale)
            label = f"{locale}-{metric.value}-{'empty' if empty else 'full'}"
            yield label, lambda scene=scene: _measured(board_layout(scene), 720)


def _cards() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    full = PlayerCard(
        user_key(1),
        HUMANS[3],
        21.37,
        3,
        41,
        64,
        41,
        702,
        188,
        131,
        4703,
        341,
        8,
        ((5, 21), (6, 52), (7, 61), (8, 30), (10, 6), (11, 2), (14, 2)),
        tuple(float(n % 7 + n / 3) for n in range(60)),
        Partner(computer_key("hard"), "Computer 4", 123, 117),
    )
    newcomer = dataclasses.replace(
        full, rating=-3.3, rank=None, games=1, wins=0, bids=(), rating_history=(), best_partner=None
    )
    for locale in SUPPORTED_LOCALES:
        for label, card, losses in (
            ("full", full, (2.4, 1.8, 2.9, 1.2) * 5),
            ("newcomer", newcomer, ()),
        ):
            scene = card_scene(card, locale, losses)
            yield f"{locale}-{label}", lambda scene=scene: _measured(player_card_layout(scene), 720)


def _league() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for label, season in SEASONS.items():
        yield f"season-{label}", lambda season=season: _measured(season_layout(season), 720)
    for label, scene in TOURNAMENTS.items():
        layout = bracket_layout if label.endswith("bracket") else standings_layout
        yield label, lambda scene=scene, layout=layout: _measured(layout(scene), 720)


def _replays() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    notes = (HUMANS[3], "8♠ · 10♠ · 2♠ · J♠ · 5♥ · 5♦ · K♣")
    for locale in SUPPORTED_LOCALES:
        position = position_scene(POSITION, locale)
        annotated = ReplayScene(
            position.table,
            tuple(dataclasses.replace(row, notes=notes, costly_lines=1) for row in position.rows),
            (t("puzzle.to_play", locale),),
        )
        for label, scene in (("puzzle", position), ("notes", annotated)):
            yield (
                f"{locale}-{label}",
                lambda scene=scene: _measured(
                    table_layout(scene.table) + replay_layout(scene), 720
                ),
            )


def _days() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale in SUPPORTED_LOCALES:
        scene = day_scene(day(locale), locale)
        yield locale, lambda scene=scene: _measured(day_result_layout(scene), 720)


def _rankings() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    puzzles = PuzzleBoard(
        1,
        tuple(
            RatingLine(rank, rank, name, 1700 - 20 * rank, 120, 80, is_viewer=rank == 12)
            for rank, name in zip(range(1, 13), itertools.cycle(HUMANS), strict=False)
        ),
    )
    for locale in SUPPORTED_LOCALES:
        for label, scene in (
            ("day", day_board_scene(day_board(12), locale, limit=10)),
            ("puzzles", puzzle_board_scene(puzzles, locale)),
        ):
            yield f"{locale}-{label}", lambda scene=scene: _measured(ranking_layout(scene), 720)


def _lines() -> Iterator[tuple[str, Callable[[], Drawn]]]:
    for locale in SUPPORTED_LOCALES:
        scene = line_scene(POSITION, locale)
        yield locale, lambda scene=scene: _measured(line_layout(scene), 720)


#: Each `render_*` function of `bot/render/` and the scenes it is checked with.
PICTURES: dict[str, Callable[[], Iterator[tuple[str, Callable[[], Drawn]]]]] = {
    "table_picture.render_table": _tables,
    "hand.render_hand": _hands,
    "private_table.render_private_table": _private_tables,
    "summary.render_hand_summary": _hand_summaries,
    "summary.render_game_summary": _game_summaries,
    "board.render_board": _boards,
    "player_card.render_player_card": _cards,
    "league.render_season": lambda: (item for item in _league() if item[0].startswith("season")),
    "league.render_standings": lambda: (item for item in _league() if "standings" in item[0]),
    "league.render_bracket": lambda: (item for item in _league() if "bracket" in item[0]),
    "replay_picture.render_replay": _replays,
    # Its frames are replay steps, all as wide (or shrunk as a whole, which changes nothing
    # at phone width).
    "replay_animation.render_replay_animation": _replays,
    "day_result.render_day_result": _days,
    "ranking.render_ranking": _rankings,
    "puzzle_line.render_line": _lines,
}

CASES = {
    f"{picture}:{label}": drawn for picture, scenes in PICTURES.items() for label, drawn in scenes()
}


def _renderers() -> set[str]:
    """Every `render_*` function defined in a module of `bot/render/`."""
    found = set()
    for module_info in pkgutil.iter_modules(bot.render.__path__):
        module = importlib.import_module(f"bot.render.{module_info.name}")
        for name, function in inspect.getmembers(module, inspect.isfunction):
            if name.startswith("render_") and function.__module__ == module.__name__:
                found.add(f"{module_info.name}.{name}")
    return found


def test_every_picture_the_bot_can_post_is_checked() -> None:
    assert _renderers() == set(PICTURES)


def _overlap(a: Placed, b: Placed) -> bool:
    (a_left, a_top, a_right, a_bottom), (b_left, b_top, b_right, b_bottom) = a.box, b.box
    return a_left < b_right and b_left < a_right and a_top < b_bottom and b_top < a_bottom


@pytest.mark.parametrize("case", CASES)
def test_every_word_is_readable_on_a_phone(case: str) -> None:
    drawn = CASES[case]()
    width = drawn.size[0]
    words = [placed for placed in drawn.layout if placed.kind in ("text", "chip")]
    shown_at = PHONE_WIDTH / max(width, PHONE_WIDTH)
    for placed in words:
        assert placed.size * shown_at >= PHONE_TEXT, placed
        shortened_name = any(name in placed.text for name in LONG_NAMES)
        assert not placed.shortened or shortened_name, placed


@pytest.mark.parametrize("case", CASES)
def test_nothing_is_outside_the_picture_or_over_a_word(case: str) -> None:
    drawn = CASES[case]()
    width, height = drawn.size
    for placed in drawn.layout:
        left, top, right, bottom = placed.box
        assert left >= 0 and top >= 0 and right <= width and bottom <= height, placed
    shown = [placed for placed in drawn.layout if placed.kind not in CONTAINERS]
    for first, second in itertools.combinations(shown, 2):
        if first.kind in STACKED and second.kind in STACKED:
            continue
        assert not _overlap(first, second), (first, second)
