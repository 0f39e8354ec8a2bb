"""The card pictures shipped in `bot/render/cards_img/`, loaded and scaled once per process.

Every picture pastes the same few card sizes over and over, so each (card, deck, width) is
decoded, resampled and given its drop shadow once and then kept, already cut for pasting
(`pieces`): a picture then costs a few pastes per card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from PIL import Image, ImageFilter

from bot.engine.cards import Card
from bot.package_data import shipped

CARDS_DIR = shipped(__package__, "cards_img")
DECK_DIRS = {False: CARDS_DIR / "classic", True: CARDS_DIR / "four_colour"}
BACK_FILE = CARDS_DIR / "back.png"
ART_ASPECT = 336 / 240
#: How far a card that cannot be played is blended towards black.
DIM_STRENGTH = 0.45
SHADOW_BLUR = 4
SHADOW_OFFSET = (2, 3)
SHADOW_OPACITY = 0.6
#: A card whose wholly opaque middle is smaller than this is pasted whole (`pieces`).
SOLID_SMALLEST = 40 * 40


def card_path(card: Card, four_colour: bool) -> Path:
    return DECK_DIRS[four_colour] / f"{card.code}.png"


def card_height(width: int) -> int:
    return round(width * ART_ASPECT)


def _load(path: Path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGBA")


def scaled(path: Path, width: int) -> Image.Image:
    """The picture at `path` resized to `width` pixels wide, RGBA.

    Neither the art nor its sizes are kept: a card is drawn at a width once a process, as its
    `pieces`, and a deck's art at full size and at the widths of a hand, a trick and a
    seat's count of cards held 25 MB more than those pieces, used by nothing once they
    were made."""
    return _load(path).resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _darken(face: Image.Image) -> Image.Image:
    darker = Image.blend(face, Image.new("RGBA", face.size, (0, 0, 0, 255)), DIM_STRENGTH)
    darker.putalpha(face.getchannel("A"))
    return darker


def sprite_size(width: int) -> tuple[int, int]:
    """The size of a card's `sprite`: the card `width` wide, its shadow blurred round it and
    cast down and to the right."""
    margin = 2 * SHADOW_BLUR
    return width + margin + SHADOW_OFFSET[0], card_height(width) + margin + SHADOW_OFFSET[1]


def sprite(card: Card | None, width: int, four_colour: bool, dimmed: bool) -> Image.Image:
    """A card (or the back, for `None`) `width` wide on its own soft shadow, ready to paste
    (drawn once a process as its `pieces`, which are what is kept).

    The card's top-left corner is `SHADOW_BLUR` pixels in from the sprite's; `dimmed` darkens
    a card that cannot be played now.
    """
    path = BACK_FILE if card is None else card_path(card, four_colour)
    face = scaled(path, width)
    if dimmed:
        face = _darken(face)
    size = sprite_size(width)
    shadow_alpha = Image.new("L", size, 0)
    opacity = face.getchannel("A").point(lambda value: round(value * SHADOW_OPACITY))
    shadow_alpha.paste(opacity, (SHADOW_BLUR + SHADOW_OFFSET[0], SHADOW_BLUR + SHADOW_OFFSET[1]))
    result = Image.new("RGBA", size, (0, 0, 0, 0))
    result.putalpha(shadow_alpha.filter(ImageFilter.GaussianBlur(SHADOW_BLUR / 2)))
    result.alpha_composite(face, (SHADOW_BLUR, SHADOW_BLUR))
    return result


Offset = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Pieces:
    """A `sprite` cut for pasting: its wholly opaque middle (`solid`, RGB, at `solid_at` in the
    sprite), and the `edges` round it (RGBA, each at its place in the sprite), or the whole
    sprite as the one edge when its middle is too small to be worth cutting out.

    Pasting through a mask blends every pixel, where the mask is fully opaque too: most of a
    card is its opaque face, so copying that part and blending only the border and the shadow
    (a fifth of a hand's card) gives the very same pixels for less than half the work (a blend
    at full opacity is the source pixel itself)."""

    solid: Image.Image | None
    solid_at: Offset
    edges: tuple[tuple[Image.Image, Offset], ...]


@cache
def pieces(card: Card | None, width: int, four_colour: bool, dimmed: bool) -> Pieces:
    """The `sprite` of a card cut into its `Pieces`."""
    whole = sprite(card, width, four_colour, dimmed)
    box = _solid_box(whole.getchannel("A"), width, card_height(width))
    if box is None:
        return Pieces(None, (0, 0), ((whole, (0, 0)),))
    left, top, right, bottom = box
    around = (
        (0, 0, whole.width, top),
        (0, bottom, whole.width, whole.height),
        (0, top, left, bottom),
        (right, top, whole.width, bottom),
    )
    edges = tuple(
        (whole.crop(part), (part[0], part[1]))
        for part in around
        if part[0] < part[2] and part[1] < part[3]
    )
    return Pieces(whole.crop(box).convert("RGB"), (left, top), edges)


def _solid_box(alpha: Image.Image, width: int, height: int) -> tuple[int, int, int, int] | None:
    """The largest box of the face (`SHADOW_BLUR` in from the sprite's corner) with every pixel
    fully opaque, inset alike from both sides: first as little as the rounded corners allow
    both ways, then less from the top and bottom; None when it is smaller than
    `SOLID_SMALLEST`."""

    def inset(across: int, down: int) -> tuple[int, int, int, int]:
        left, top = SHADOW_BLUR + across, SHADOW_BLUR + down
        return left, top, SHADOW_BLUR + width - across, SHADOW_BLUR + height - down

    def solid(box: tuple[int, int, int, int]) -> bool:
        return box[0] < box[2] and box[1] < box[3] and alpha.crop(box).getextrema() == (255, 255)

    across = next(
        (step for step in range(min(width, height) // 2) if solid(inset(step, step))), None
    )
    if across is None:
        return None
    down = next(step for step in range(across + 1) if solid(inset(across, step)))
    box = inset(across, down)
    if (box[2] - box[0]) * (box[3] - box[1]) < SOLID_SMALLEST:
        return None
    return box
