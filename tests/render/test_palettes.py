"""The table's, the hand's and the end of a hand's fixed palettes look the same as the pictures
drawn in true colour.

Every table picture, every hand, and every end of a hand is reduced to one palette of its kind
shipped with the card art, instead of a palette chosen for each picture. These tests compare
the PNG a player receives, pixel by pixel, with the true-colour picture it was reduced from,
for pictures the palettes were not built from.
"""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n.picture_words import picture_words
from bot.render import (
    HandScene,
    HandSummaryScene,
    TableScene,
    Words,
    examples,
    render_hand,
    render_hand_summary,
    render_table,
    table_picture,
)
from bot.render import hand as hand_picture
from bot.render import summary as summary_picture
from bot.render.canvas import to_png
from bot.render.hand import hand_palette, paint_hand
from bot.render.summary import hand_summary_palette, paint_hand_summary
from bot.render.table_picture import paint_table, table_palette

#: A channel of a pixel further than this from its true colour is a visible change.
VISIBLE = 16


def _french_long_names() -> TableScene:
    scene = examples.table_bidding_three()
    seats = tuple(
        dataclasses.replace(seat, name=name)
        for seat, name in zip(
            scene.seats,
            ("Éléonore-Françoise de Montmorency", "Ordinateur 2", "Ждан 🦊"),
            strict=True,
        )
    )
    return dataclasses.replace(scene, seats=seats, words=Words(**picture_words("fr")))


def _french_pack() -> HandScene:
    return dataclasses.replace(examples.hand_before_draw(), words=Words(**picture_words("fr")))


def _french_contract_set() -> HandSummaryScene:
    """An end of a hand the palette was not built from: set, in French, with the four-colour
    deck."""
    scene = examples.hand_summary()
    return dataclasses.replace(
        scene, made=False, four_colour=True, words=Words(**picture_words("fr"))
    )


#: How a kind of picture is painted in true colour.
Paint = Callable[[Any], Image.Image]
#: Each picture: its scene, how it is painted in true colour, and how it is sent.
SCENES: dict[str, tuple[Callable[[], Any], Paint, Callable[[Any], bytes]]] = {
    "table in play": (examples.table_in_play, paint_table, render_table),
    "table, four-colour deck": (lambda: examples.table_in_play(True), paint_table, render_table),
    "three players bidding": (examples.table_bidding_three, paint_table, render_table),
    "table, French, long names": (_french_long_names, paint_table, render_table),
    "hand to play": (examples.hand_to_play, paint_hand, render_hand),
    "hand, four-colour deck": (lambda: examples.hand_to_play(True), paint_hand, render_hand),
    "the dealer's pack, in French": (_french_pack, paint_hand, render_hand),
    "end of a hand": (examples.hand_summary, paint_hand_summary, render_hand_summary),
    "end of a hand set, in French": (_french_contract_set, paint_hand_summary, render_hand_summary),
}
PALETTES: dict[Paint, Callable[[], Image.Image]] = {
    paint_table: table_palette,
    paint_hand: hand_palette,
    paint_hand_summary: hand_summary_palette,
}


def _difference(true_colour: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean channel error, and the share of pixels with a visibly changed channel."""
    with Image.open(io.BytesIO(png)) as sent:
        difference = ImageChops.difference(true_colour, sent.convert("RGB"))
    mean_error = sum(ImageStat.Stat(difference).mean) / 3
    visible = difference.convert("L").point(lambda value: 255 if value > VISIBLE else 0)
    return mean_error, ImageStat.Stat(visible).mean[0] / 255


#: The mean channel error a faithful picture stays under. A hand is mostly card faces, whose
#: fine shading 256 colours cover less closely: even a palette chosen for each hand leaves a
#: mean error of 0.9 to 1.04 there, against 0.5 to 0.75 for a table. The end of a hand shows
#: ten cards and their tiles: a palette chosen for each leaves 1.22 to 1.23.
MEAN_ERROR: dict[Paint, float] = {paint_table: 1.0, paint_hand: 1.25, paint_hand_summary: 1.3}


def _faithful(mean_error: float, visibly_changed: float, bound: float = 1.0) -> bool:
    return mean_error < bound and visibly_changed < 0.0005  # at most 300 of 600,000 pixels


@pytest.mark.parametrize("name", SCENES)
def test_the_sent_picture_matches_its_true_colour_picture(name: str) -> None:
    scene, paint, render = SCENES[name]
    assert _faithful(*_difference(paint(scene()), render(scene())), MEAN_ERROR[paint])


@pytest.mark.parametrize("name", SCENES)
def test_the_fixed_palette_is_as_faithful_as_one_chosen_for_the_picture(name: str) -> None:
    scene, paint, _ = SCENES[name]
    true_colour = paint(scene())
    fixed, _ = _difference(true_colour, to_png(true_colour, PALETTES[paint]()))
    chosen, _ = _difference(true_colour, to_png(true_colour))
    assert fixed <= chosen * 1.25


def test_a_colour_no_table_holds_would_fail_the_comparison() -> None:
    """The comparison can fail: a patch of a colour the palette lacks is visibly changed."""
    true_colour = paint_table(examples.table_in_play())
    true_colour.paste((250, 0, 250), (40, 40, 240, 140))
    assert not _faithful(*_difference(true_colour, to_png(true_colour, table_palette())))


@pytest.mark.slow
def test_the_shipped_palettes_still_cover_every_card_trump_and_side_colour() -> None:
    """After a change to the card art or the colours, `scripts/make_cards.py` must be run again:
    this fails until the shipped palettes cover the tables and hands they are chosen from."""
    for table in table_picture.palette_scenes():
        true_colour = paint_table(table)
        assert _faithful(*_difference(true_colour, to_png(true_colour, table_palette())))
    for hand in hand_picture.palette_scenes():
        true_colour = paint_hand(hand)
        difference = _difference(true_colour, to_png(true_colour, hand_palette()))
        assert _faithful(*difference, MEAN_ERROR[paint_hand])
    for summary in summary_picture.palette_scenes():
        true_colour = paint_hand_summary(summary)
        difference = _difference(true_colour, to_png(true_colour, hand_summary_palette()))
        assert _faithful(*difference, MEAN_ERROR[paint_hand_summary])
