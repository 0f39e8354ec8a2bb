"""Colours and sizes shared by the card art and every picture.

Pictures sit on an opaque felt background so they read the same on Discord's dark and light
themes. Side colours are amber, sky blue and pink: told apart with the common colour-vision
deficiencies, and never the colour of a suit.
"""

from __future__ import annotations

from bot.engine.cards import Suit

RGB = tuple[int, int, int]

#: Phones show a picture about 400 px wide, whatever its own width: every word must still be
#: 11 px high there, so a picture W px wide writes nothing smaller than 11 x W / 400.
PHONE_WIDTH, PHONE_TEXT = 400, 11

FELT: RGB = (24, 96, 62)
FELT_DARK: RGB = (14, 62, 40)
FELT_EDGE: RGB = (92, 58, 30)
PANEL: RGB = (10, 44, 29)
PANEL_EDGE: RGB = (40, 110, 76)
TEXT: RGB = (246, 246, 240)
TEXT_DIM: RGB = (168, 204, 184)
HIGHLIGHT: RGB = (255, 200, 61)
GOOD: RGB = (120, 220, 140)
BAD: RGB = (255, 120, 110)
CARD_FACE: RGB = (255, 255, 255)
CARD_EDGE: RGB = (120, 120, 120)
SIDE_COLOURS: tuple[RGB, ...] = ((255, 183, 77), (100, 181, 246), (240, 98, 146))
#: Discs behind the first three places of a board: gold, silver, bronze, and their figures.
MEDALS: tuple[RGB, ...] = ((255, 200, 61), (200, 206, 214), (214, 140, 74))
MEDAL_TEXT: RGB = (28, 28, 28)

TWO_COLOUR: dict[Suit, RGB] = {
    Suit.CLUBS: (26, 26, 26),
    Suit.DIAMONDS: (206, 32, 41),
    Suit.HEARTS: (206, 32, 41),
    Suit.SPADES: (26, 26, 26),
}
#: The colour-blind friendly deck: diamonds blue and clubs green, as on four-colour poker decks.
FOUR_COLOUR: dict[Suit, RGB] = {
    Suit.CLUBS: (22, 128, 56),
    Suit.DIAMONDS: (21, 101, 192),
    Suit.HEARTS: (206, 32, 41),
    Suit.SPADES: (26, 26, 26),
}


def suit_colour(suit: Suit, four_colour: bool) -> RGB:
    return (FOUR_COLOUR if four_colour else TWO_COLOUR)[suit]


def side_colour(side: int) -> RGB:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]
