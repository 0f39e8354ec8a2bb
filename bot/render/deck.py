"""The card pictures shipped in `bot/render/cards_img/`, loaded and scaled once per process.

Every picture pastes the same few card sizes over and over, so each (card, deck, width) is
decoded, resampled and given its drop shadow once and then kept: a picture then costs one
paste per card.
"""

from __future__ import annotations

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


def card_path(card: Card, four_colour: bool) -> Path:
    return DECK_DIRS[four_colour] / f"{card.code}.png"


def card_height(width: int) -> int:
    return round(width * ART_ASPECT)


@cache
def _load(path: Path) -> Image.Image:
    with Image.open(path) as image:
        return image.convert("RGBA")


@cache
def scaled(path: Path, width: int) -> Image.Image:
    """The picture at `path` resized to `width` pixels wide, RGBA."""
    return _load(path).resize((width, card_height(width)), Image.Resampling.LANCZOS)


def _darken(face: Image.Image) -> Image.Image:
    darker = Image.blend(face, Image.new("RGBA", face.size, (0, 0, 0, 255)), DIM_STRENGTH)
    darker.putalpha(face.getchannel("A"))
    return darker


@cache
def sprite(card: Card | None, width: int, four_colour: bool, dimmed: bool) -> Image.Image:
    """A card (or the back, for `None`) `width` wide on its own soft shadow, ready to paste.

    The card's top-left corner is `SHADOW_BLUR` pixels in from the sprite's; `dimmed` darkens
    a card that cannot be played now.
    """
    path = BACK_FILE if card is None else card_path(card, four_colour)
    face = scaled(path, width)
    if dimmed:
        face = _darken(face)
    margin = 2 * SHADOW_BLUR
    size = (face.width + margin + SHADOW_OFFSET[0], face.height + margin + SHADOW_OFFSET[1])
    shadow_alpha = Image.new("L", size, 0)
    opacity = face.getchannel("A").point(lambda value: round(value * SHADOW_OPACITY))
    shadow_alpha.paste(opacity, (SHADOW_BLUR + SHADOW_OFFSET[0], SHADOW_BLUR + SHADOW_OFFSET[1]))
    result = Image.new("RGBA", size, (0, 0, 0, 0))
    result.putalpha(shadow_alpha.filter(ImageFilter.GaussianBlur(SHADOW_BLUR / 2)))
    result.alpha_composite(face, (SHADOW_BLUR, SHADOW_BLUR))
    return result
