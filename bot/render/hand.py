"""A player's own hand: their cards in a fan, the ones they may play now raised and bright.

Cards are shown in a stable order a player can scan: trumps first (the Left Pedro in its
place just below the Right Pedro), then the other suits alternating red and black, each from
the highest card down.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from bot.engine.cards import Card, Suit
from bot.engine.trumps import TRUMP_TABLES
from bot.render import deck
from bot.render.canvas import felt, paste_card, suit_badge, to_png
from bot.render.lettering import draw_text
from bot.render.scenes import HandScene
from bot.render.style import HIGHLIGHT, PANEL, TEXT_DIM

CARD_WIDTH = 150
STEP = 96
MARGIN = 20
HEADER = 48
RAISE = 22
#: 11 px high when a nine-card hand is shown 400 px wide on a phone.
LABEL_SIZE = 28
#: Suits alternate colours when listed from the left, whatever suit is trumps.
SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)


def _suit_sequence(trump: Suit | None) -> tuple[Suit, ...]:
    """The suits left to right: trumps first, then alternating colours."""
    if trump is None:
        return SUIT_ORDER
    start = SUIT_ORDER.index(trump)
    return SUIT_ORDER[start:] + SUIT_ORDER[:start]


def display_order(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The cards in the order the hand shows them."""
    suits = _suit_sequence(trump)
    if trump is None:
        return sorted(cards, key=lambda card: (suits.index(card.suit), -card.rank))
    table = TRUMP_TABLES[trump]  # the engine's trump order puts the Left Pedro in its place

    def key(card: Card) -> tuple[int, int, int]:
        return (suits.index(table.effective_suit[card]), -table.strength[card], -card.rank)

    return sorted(cards, key=key)


def _width(count: int) -> int:
    return 2 * MARGIN + CARD_WIDTH + STEP * max(count - 1, 0)


def _step(count: int, width: int) -> float:
    """How far apart `count` cards are fanned to fit `width` (never further than `STEP`)."""
    if count < 2:
        return STEP
    return min(STEP, (width - 2 * MARGIN - CARD_WIDTH) / (count - 1))


def render_hand(scene: HandScene) -> bytes:
    """The hand as PNG bytes (`paint_hand`)."""
    return to_png(paint_hand(scene))


def paint_hand(scene: HandScene) -> Image.Image:
    """The hand in true colour, as wide as the cards need.

    The header (trumps) and the room to raise playable cards are only there when needed. A
    robbing dealer's picture adds the pack below their own cards, inside a ringed panel under
    its own label, fanned closer when it is longer than their hand, so they choose what to
    keep from one picture and never mistake a card of the pack for one of their own.
    """
    header = HEADER if scene.trump is not None else 0
    raise_by = RAISE if scene.playable is not None else 0
    card_height = deck.card_height(CARD_WIDTH)
    row_bottom = MARGIN + header + raise_by + card_height
    pack_height = HEADER + card_height + MARGIN if scene.pack else 0
    width = _width(max(len(scene.cards), min(len(scene.pack), len(scene.cards) or 1)))
    image, draw = felt((width, row_bottom + MARGIN + pack_height + (MARGIN if scene.pack else 0)))
    if scene.trump is not None:
        label = draw_text(image, (MARGIN, MARGIN + 16), scene.words.trump, LABEL_SIZE, TEXT_DIM)
        suit_badge(image, (MARGIN + label + 10, MARGIN - 2, 36), scene.trump, scene.four_colour)
    for position, card in enumerate(display_order(scene.cards, scene.trump)):
        playable = scene.playable is None or card in scene.playable
        lowered = scene.playable is not None and not playable
        xy = (MARGIN + position * STEP, MARGIN + header + (raise_by if lowered else 0))
        paste_card(image, card, xy, CARD_WIDTH, scene.four_colour, dimmed=not playable)
    if scene.pack:
        top = row_bottom + MARGIN
        panel = (MARGIN // 2, top, width - MARGIN // 2, top + pack_height)
        draw.rounded_rectangle(panel, radius=14, fill=PANEL, outline=HIGHLIGHT, width=4)
        draw_text(image, (MARGIN, top + HEADER // 2 + 4), scene.words.pack, LABEL_SIZE, HIGHLIGHT)
        step = _step(len(scene.pack), width)
        for position, card in enumerate(display_order(scene.pack, scene.trump)):
            xy = (round(MARGIN + position * step), top + HEADER)
            paste_card(image, card, xy, CARD_WIDTH, scene.four_colour)
    return image
