"""The pictures: the same picture for the same scene (the same bytes, drawn again in the same
thread), sizes in bounds, words only from input."""

from __future__ import annotations

import dataclasses
import io
import re
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.engine.cards import Suit, parse_cards
from bot.render import (
    ENGLISH,
    HandScene,
    Words,
    canvas,
    examples,
    hand,
    render_game_summary,
    render_hand,
    render_hand_summary,
    render_table,
    style,
    summary,
    table_picture,
)
from tests.pictures import assert_same_picture, picture_difference

PICTURES: dict[str, Callable[[], bytes]] = {
    "table": lambda: render_table(examples.table_in_play()),
    "table_three": lambda: render_table(examples.table_bidding_three()),
    "table_four_colour": lambda: render_table(examples.table_in_play(four_colour=True)),
    "hand": lambda: render_hand(examples.hand_to_play()),
    "hand_nine": lambda: render_hand(examples.hand_before_draw()),
    "hand_summary": lambda: render_hand_summary(examples.hand_summary()),
    "game_summary": lambda: render_game_summary(examples.game_summary()),
}


def _open(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    return image


@pytest.mark.parametrize("name", PICTURES)
def test_the_same_scene_gives_identical_bytes(name: str) -> None:
    assert PICTURES[name]() == PICTURES[name]()


@pytest.mark.slow
def test_a_picture_does_not_depend_on_what_the_process_drew_before() -> None:
    """A fresh process that draws the table first draws the picture this one draws."""
    render_hand(examples.hand_before_draw())
    here = render_table(examples.table_in_play())
    code = (
        "import sys\n"
        "from bot.render import examples, render_table\n"
        "sys.stdout.buffer.write(render_table(examples.table_in_play()))\n"
    )
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, check=True).stdout
    assert_same_picture(fresh, here)


@pytest.mark.parametrize("name", ["table", "table_three", "table_four_colour"])
def test_the_table_is_720_wide_and_under_100_kb(name: str) -> None:
    png = PICTURES[name]()
    width, height = _open(png).size
    assert width == table_picture.WIDTH == 720
    assert 700 <= height <= 800
    assert len(png) <= 100_000


@pytest.mark.parametrize("count", [1, 4, 6, 9, 13])
def test_a_hand_is_as_wide_as_its_cards_need(count: int) -> None:
    cards = tuple(parse_cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"))[:count]
    png = render_hand(HandScene(cards, playable=frozenset(cards[:1])))
    width, height = _open(png).size
    assert width == 2 * hand.MARGIN + hand.CARD_WIDTH + hand.STEP * (count - 1)
    assert width <= 1400
    assert 200 <= height <= 320
    assert len(png) <= 60_000


def test_the_hand_grows_a_header_only_for_trumps_and_room_only_to_raise_cards() -> None:
    cards = tuple(parse_cards("AH 2S"))
    plain = _open(render_hand(HandScene(cards))).height
    with_trump = _open(render_hand(HandScene(cards, trump=Suit.HEARTS))).height
    choosing = _open(render_hand(HandScene(cards, playable=frozenset(cards[:1])))).height
    assert with_trump == plain + hand.HEADER
    assert choosing == plain + hand.RAISE


def test_playable_cards_are_drawn_differently_from_the_others() -> None:
    cards = tuple(parse_cards("AH 2S"))
    everything = render_hand(HandScene(cards))
    only_ace = render_hand(HandScene(cards, playable=frozenset(cards[:1])))
    only_two = render_hand(HandScene(cards, playable=frozenset(cards[1:])))
    assert len({everything, only_ace, only_two}) == 3


@pytest.mark.parametrize("name", ["hand_summary", "game_summary"])
def test_summaries_are_800_wide_and_small(name: str) -> None:
    png = PICTURES[name]()
    width, height = _open(png).size
    assert width == summary.WIDTH
    assert 300 <= height <= 800
    assert len(png) <= 100_000


def test_a_change_to_the_scene_changes_the_picture() -> None:
    scene = examples.table_in_play()
    assert render_table(scene) != render_table(dataclasses.replace(scene, to_act=0))
    assert render_table(scene) != render_table(dataclasses.replace(scene, trump=None))


# Every string the pictures draw must come from the scene: its words, names and numbers.

#: Each template replaced by a marker that keeps the template's `{fields}`.
MARKED = Words(
    **{
        field.name: f"«{field.name}»"
        + "".join(f"{{{name}}}" for name in re.findall(r"{(\w+)}", getattr(ENGLISH, field.name)))
        for field in dataclasses.fields(Words)
    }
)


@pytest.fixture
def drawn(record_drawn_text: Callable[..., list[str]]) -> list[str]:
    """Every string the picture modules hand to `draw_text`."""
    return record_drawn_text(canvas)


def _strings_in(value: object) -> set[str]:
    """Every string inside a scene (names, the phase), walking dataclasses and tuples."""
    if isinstance(value, Words):
        return set()
    if dataclasses.is_dataclass(value):
        return {
            text
            for field in dataclasses.fields(value)
            for text in _strings_in(getattr(value, field.name))
        }
    if isinstance(value, tuple):
        return {text for item in value for text in _strings_in(item)}
    return {value} if isinstance(value, str) else set()


SCENES = {
    "table": (render_table, examples.table_in_play()),
    "table_three": (render_table, examples.table_bidding_three()),
    "hand": (render_hand, examples.hand_to_play()),
    "hand_summary": (render_hand_summary, examples.hand_summary()),
    "game_summary": (render_game_summary, examples.game_summary()),
}


@pytest.mark.parametrize("name", SCENES)
def test_every_word_drawn_comes_from_the_scene(name: str, drawn: list[str]) -> None:
    render, scene = SCENES[name]
    render(dataclasses.replace(scene, words=MARKED))
    names = _strings_in(scene)
    assert drawn
    for text in drawn:
        from_words = text.startswith("«")
        number = re.fullmatch(r"[+-]?\d+", text) is not None
        assert from_words or number or text in names, f"{text!r} is not from the scene"
    assert any(text.startswith("«") for text in drawn)


def test_rendering_from_worker_threads_gives_the_same_pictures() -> None:
    """The bot renders with `asyncio.to_thread`; shared caches must not disturb the pictures
    (compared by their pixels, not their compressed bytes: docs/pictures.md)."""
    expected = {name: render() for name, render in PICTURES.items()}
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda name: (name, PICTURES[name]()), list(PICTURES) * 3))
    differing = [
        (name, difference)
        for name, png in results
        if (difference := picture_difference(png, expected[name]))
    ]
    assert differing == []


def test_a_hand_summary_shows_the_last_trick_with_its_winner_ringed() -> None:
    with_trick = examples.hand_summary()
    without = dataclasses.replace(with_trick, last_trick=())
    taller = _open(render_hand_summary(with_trick)).convert("RGB")
    plain = _open(render_hand_summary(without))
    assert taller.height == plain.height + summary.LAST_TRICK_HEIGHT
    winner = next(index for index, play in enumerate(with_trick.last_trick) if play.won)
    column = (summary.WIDTH - 2 * summary.MARGIN) // len(with_trick.last_trick)
    ring_left = summary.MARGIN + column * winner + column // 2 - summary.TRICK_CARD // 2 - 2
    ring_row = summary.HEADER + summary.TRICK_CARD_TOP + 40

    def ringed(x: int) -> bool:  # within the palette's rounding of the highlight colour
        pixel = taller.getpixel((x, ring_row))
        return max(abs(a - b) for a, b in zip(pixel, style.HIGHLIGHT, strict=True)) <= 8

    assert ringed(ring_left)
    assert not ringed(ring_left - column)

