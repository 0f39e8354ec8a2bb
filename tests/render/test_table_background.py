"""The table picture's kept background: every seat's panel is drawn once per seating, and only
the seat to act is drawn again over it, giving the pixels of a panel drawn on the bare felt."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image

from bot.render import examples
from bot.render import table_picture as table
from bot.render.canvas import felt
from bot.render.style import FELT


@pytest.mark.parametrize("slot", list(table.Slot))
@pytest.mark.parametrize("side", [0, 1, 2])
def test_the_ringed_panel_over_the_plain_one_is_the_ringed_panel_on_bare_felt(
    slot: table.Slot, side: int
) -> None:
    box = table._seat_box(slot)
    over, draw_over = felt((table.WIDTH, 726), FELT)
    table._seat_panel(draw_over, box, side, to_act=False)
    table._seat_panel(draw_over, box, side, to_act=True)
    bare, draw_bare = felt((table.WIDTH, 726), FELT)
    table._seat_panel(draw_bare, box, side, to_act=True)
    assert over.tobytes() == bare.tobytes()


def test_a_ringed_panel_differs_from_a_plain_one() -> None:
    """The comparison above can fail: the ring shows."""
    box = table._seat_box(table.Slot.NORTH)
    plain, draw_plain = felt((table.WIDTH, 726), FELT)
    table._seat_panel(draw_plain, box, 0, to_act=False)
    ringed, draw_ringed = felt((table.WIDTH, 726), FELT)
    table._seat_panel(draw_ringed, box, 0, to_act=True)
    assert plain.tobytes() != ringed.tobytes()


def _pixels(image: Image.Image) -> bytes:
    return image.tobytes()


@pytest.mark.parametrize("scene", [examples.table_in_play, examples.table_bidding_three])
def test_each_turn_drawn_from_the_kept_background_leaves_it_as_it_was(scene) -> None:
    """Pictures of every seat's turn, one after the other from the same kept background, and the
    first again: the same pixels as first drawn, and each turn's picture is its own."""
    base = scene()
    turns = [dataclasses.replace(base, to_act=seat) for seat in range(len(base.seats))]
    table._background.cache_clear()
    first = [_pixels(table.paint_table(turn)) for turn in turns]
    again = [_pixels(table.paint_table(turn)) for turn in reversed(turns)]
    assert first == list(reversed(again))
    assert len(set(first)) == len(turns)


def test_the_background_holds_each_seats_plain_panel_in_its_sides_colour() -> None:
    """Each seat's panel and colour bar, as drawn alone on the felt."""
    seat_sides = (0, 1, 0, 1)
    kept = table._background(2, seat_sides)
    for slot, side in zip(table.SLOTS[4], seat_sides, strict=True):
        left, top, right, bottom = table._seat_box(slot)
        alone, draw = felt((right - left + 1, bottom - top + 1), FELT)
        table._seat_panel(draw, (0, 0, right - left, bottom - top), side, to_act=False)
        assert kept.crop((left, top, right + 1, bottom + 1)).tobytes() == alone.tobytes()
