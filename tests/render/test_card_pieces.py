"""A card pasted in its pieces (opaque middle copied, border and shadow blended) gives the very
pixels of the whole card pasted through its mask, on any background and at any place."""

from __future__ import annotations

import random

import pytest
from PIL import Image

from bot.engine.cards import FULL_DECK
from bot.render import deck
from bot.render.canvas import paste_card

#: Every card width a picture draws: hand, table trick, summary trick and tiles, replay rows,
#: the seats' count of cards.
WIDTHS = (150, 80, 64, 52, 40, 18)


def _noise(size: tuple[int, int], seed: int) -> Image.Image:
    """A background of random colours, so that any blend that differs shows."""
    return Image.frombytes("RGB", size, random.Random(seed).randbytes(3 * size[0] * size[1]))


def _whole(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """The card's whole sprite pasted through its own mask."""
    image.paste(sprite, (xy[0] - deck.SHADOW_BLUR, xy[1] - deck.SHADOW_BLUR), sprite)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("four_colour", [False, True])
def test_every_card_pasted_in_pieces_is_the_card_pasted_whole(
    width: int, four_colour: bool
) -> None:
    height = deck.card_height(width)
    for number, card in enumerate([*FULL_DECK, None]):
        for dimmed in (False, True):
            sprite = deck.sprite(card, width, four_colour, dimmed)
            # inside the picture, and hanging over its left-top and right-bottom corners
            for xy in ((20, 15), (-width // 3, -height // 4), (width // 2, height // 2)):
                background = _noise((width + 40, height + 40), seed=number)
                expected = background.copy()
                _whole(expected, sprite, xy)
                paste_card(background, card, xy, width, four_colour, dimmed)
                assert background.tobytes() == expected.tobytes(), (card, dimmed, xy)


def test_a_large_card_is_mostly_copied_and_a_small_one_pasted_whole() -> None:
    """What makes pasting cheaper: most of a hand's card is its opaque face."""
    large = deck.pieces(FULL_DECK[0], 150, False, False)
    assert large.solid is not None
    whole = deck.sprite(FULL_DECK[0], 150, False, False)
    assert large.solid.width * large.solid.height > whole.width * whole.height * 0.6
    small = deck.pieces(FULL_DECK[0], 18, False, False)
    assert small.solid is None
    assert [edge.size for edge, _ in small.edges] == [
        deck.sprite(FULL_DECK[0], 18, False, False).size
    ]


def _images_alive() -> int:
    """Pillow's images alive in this process (their memory blocks allocated, less freed)."""
    stats = Image.core.get_stats()
    return int(stats["allocated_blocks"]) - int(stats["freed_blocks"])


def test_once_a_card_is_cut_into_pieces_only_the_pieces_are_held() -> None:
    """What a card costs a process's memory: its pieces, not the art they were made from (at
    full size, or resized to the card's width)."""
    width = 151  # a width no picture draws, so that nothing of it is held yet
    before = _images_alive()
    made = deck.pieces(FULL_DECK[5], width, False, False)
    assert made.solid is not None
    assert _images_alive() - before == 1 + len(made.edges)
