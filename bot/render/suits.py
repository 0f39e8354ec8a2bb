"""Suit symbols drawn as vector shapes, so they look the same at every size and need no font.

Each shape is described in a unit square and drawn four times larger than asked, then reduced:
a cheap way to get smooth anti-aliased edges from Pillow's aliased polygons.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from bot.engine.cards import Suit

SUPERSAMPLE = 4
Point = tuple[float, float]


def _tangent_point(centre: Point, radius: float, tip: Point, outer_sign: int) -> Point:
    """Where a line from `tip` touches the circle, on the side given by `outer_sign` (±1)."""
    dx, dy = tip[0] - centre[0], tip[1] - centre[1]
    distance = math.hypot(dx, dy)
    angle = math.atan2(dy, dx) + outer_sign * math.acos(radius / distance)
    return (centre[0] + radius * math.cos(angle), centre[1] + radius * math.sin(angle))


def _lobes(
    draw: ImageDraw.ImageDraw, scale: float, lobe_y: float, radius: float, tip: Point
) -> None:
    """Two round lobes joined to a point: a heart, or a spade's blade upside down."""
    left, right = (0.5 - 0.22, lobe_y), (0.5 + 0.22, lobe_y)
    pointing_down = tip[1] > lobe_y
    sign = 1 if pointing_down else -1
    outline = [
        _tangent_point(left, radius, tip, sign),
        tip,
        _tangent_point(right, radius, tip, -sign),
        right,
        left,
    ]
    for centre in (left, right):
        _circle(draw, scale, centre, radius)
    draw.polygon([(x * scale, y * scale) for x, y in outline], fill=255)


def _circle(draw: ImageDraw.ImageDraw, scale: float, centre: Point, radius: float) -> None:
    x, y = centre
    draw.ellipse(
        [(x - radius) * scale, (y - radius) * scale, (x + radius) * scale, (y + radius) * scale],
        fill=255,
    )


def _stem(draw: ImageDraw.ImageDraw, scale: float) -> None:
    stem = [(0.46, 0.6), (0.54, 0.6), (0.6, 0.86), (0.7, 0.97), (0.3, 0.97), (0.4, 0.86)]
    draw.polygon([(x * scale, y * scale) for x, y in stem], fill=255)


def _draw_suit(draw: ImageDraw.ImageDraw, suit: Suit, scale: float) -> None:
    if suit is Suit.HEARTS:
        _lobes(draw, scale, 0.3, 0.245, (0.5, 0.95))
    elif suit is Suit.SPADES:
        _lobes(draw, scale, 0.56, 0.225, (0.5, 0.02))
        _stem(draw, scale)
    elif suit is Suit.CLUBS:
        for centre in ((0.5, 0.25), (0.275, 0.58), (0.725, 0.58)):
            _circle(draw, scale, centre, 0.205)
        _circle(draw, scale, (0.5, 0.5), 0.13)
        _stem(draw, scale)
    else:
        diamond = [(0.5, 0.02), (0.88, 0.5), (0.5, 0.98), (0.12, 0.5)]
        draw.polygon([(x * scale, y * scale) for x, y in diamond], fill=255)


@cache
def suit_mask(suit: Suit, size: int) -> Image.Image:
    """An `L` mask, `size` pixels square, of the suit symbol (255 inside, 0 outside)."""
    big = Image.new("L", (size * SUPERSAMPLE, size * SUPERSAMPLE), 0)
    _draw_suit(ImageDraw.Draw(big), suit, size * SUPERSAMPLE)
    return big.reduce(SUPERSAMPLE)


def paste_suit(
    canvas: Image.Image,
    suit: Suit,
    centre: tuple[float, float],
    size: int,
    colour: tuple[int, int, int],
    upside_down: bool = False,
) -> None:
    """Draw the suit symbol centred on `centre` in `colour`."""
    mask = suit_mask(suit, size)
    if upside_down:
        mask = mask.transpose(Image.Transpose.ROTATE_180)
    corner = (round(centre[0] - size / 2), round(centre[1] - size / 2))
    canvas.paste(colour, (*corner, corner[0] + size, corner[1] + size), mask)
