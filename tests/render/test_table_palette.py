"""The table picture's fixed palette looks the same as the picture drawn in true colour.

Every table picture is reduced to one palette chosen once per process, instead of a palette
chosen for each picture. These tests compare the PNG a player receives, pixel by pixel, with
the true-colour picture it was reduced from, for tables the palette was not built from.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.i18n.picture_words import picture_words
from bot.render import TableScene, Words, examples, render_table
from bot.render.canvas import to_png
from bot.render.table_picture import paint_table, palette_scenes, table_palette

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


SCENES = {
    "in play": examples.table_in_play,
    "four-colour deck": lambda: examples.table_in_play(True),
    "three players bidding": examples.table_bidding_three,
    "French, long names": _french_long_names,
}


def _difference(true_colour: Image.Image, png: bytes) -> tuple[float, float]:
    """Mean channel error, and the share of pixels with a visibly changed channel."""
    with Image.open(io.BytesIO(png)) as sent:
        difference = ImageChops.difference(true_colour, sent.convert("RGB"))
    mean_error = sum(ImageStat.Stat(difference).mean) / 3
    visible = difference.convert("L").point(lambda value: 255 if value > VISIBLE else 0)
    return mean_error, ImageStat.Stat(visible).mean[0] / 255


def _faithful(mean_error: float, visibly_changed: float) -> bool:
    return mean_error < 1.0 and visibly_changed < 0.0005  # at most 300 of 600,000 pixels


@pytest.mark.parametrize("name", SCENES)
def test_the_sent_table_matches_its_true_colour_picture(name: str) -> None:
    scene = SCENES[name]()
    assert _faithful(*_difference(paint_table(scene), render_table(scene)))


@pytest.mark.parametrize("name", SCENES)
def test_the_fixed_palette_is_as_faithful_as_one_chosen_for_the_picture(name: str) -> None:
    true_colour = paint_table(SCENES[name]())
    fixed, _ = _difference(true_colour, to_png(true_colour, table_palette()))
    chosen, _ = _difference(true_colour, to_png(true_colour))
    assert fixed <= chosen * 1.25


def test_a_colour_no_table_holds_would_fail_the_comparison() -> None:
    """The comparison can fail: a patch of a colour the palette lacks is visibly changed."""
    true_colour = paint_table(examples.table_in_play())
    true_colour.paste((250, 0, 250), (40, 40, 240, 140))
    assert not _faithful(*_difference(true_colour, to_png(true_colour, table_palette())))


@pytest.mark.slow
def test_the_shipped_palette_still_covers_every_card_trump_and_side_colour() -> None:
    """After a change to the card art or the colours, `scripts/make_cards.py` must be run again:
    this fails until the shipped palette covers the tables it is chosen from."""
    for scene in palette_scenes():
        true_colour = paint_table(scene)
        assert _faithful(*_difference(true_colour, to_png(true_colour, table_palette())))
