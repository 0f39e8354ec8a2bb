"""A player's own hand: their cards in a fan, the ones they may play now raised and bright.

Cards are shown in a stable order a player can scan: trumps first (the Left Pedro in its
place just below the Right Pedro), then the other suits alternating red and black, each from
the highest card down.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from PIL import Image

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.engine.trumps import TRUMP_TABLES
from bot.package_data import shipped
from bot.render import deck
from bot.render.canvas import (
    Painter,
    Placed,
    felt,
    palette_swatch,
    paste_card,
    recorded,
    shipped_palette,
    suit_badge,
    to_png,
)
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
HAND_PALETTE_FILE = shipped(__package__, "hand_palette.png")


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
    """The hand as PNG bytes (`paint_hand`), in the hand palette."""
    return to_png(paint_hand(scene), hand_palette())


def palette_scenes() -> list[HandScene]:
    """Hands that between them show every colour a hand picture can hold: each card of both
    decks bright and dimmed, every trump's badge, and the robbing dealer's pack."""
    cards = list(FULL_DECK)
    scenes = []
    for four_colour in (False, True):
        for number, first in enumerate(range(0, len(cards), 9)):
            held = tuple(cards[first : first + 9])
            scenes.append(
                HandScene(
                    held,
                    list(Suit)[number % 4],
                    frozenset(held[::2]),
                    four_colour,
                    pack=tuple(card for card in cards[:6] if card not in held),
                )
            )
    return scenes


def build_hand_palette() -> Image.Image:
    """The palette `scripts/make_cards.py` saves as `HAND_PALETTE_FILE`, from `palette_scenes`."""
    return palette_swatch(*(paint_hand(scene) for scene in palette_scenes()))


@lru_cache(maxsize=1)
def hand_palette() -> Image.Image:
    """One palette for every hand picture, shipped with the card art (as the table's:
    choosing a palette for each hand cost as much as mapping the hand to it, and a hand is
    drawn for every move a player makes)."""
    return shipped_palette(HAND_PALETTE_FILE)


class _HandPainter(Painter):
    """Draws one `HandScene`, recording what it writes and shows (`hand_layout`)."""

    def __init__(self, scene: HandScene) -> None:
        self.scene = scene
        self.header = HEADER if scene.trump is not None else 0
        self.raise_by = RAISE if scene.playable is not None else 0
        card_height = deck.card_height(CARD_WIDTH)
        self.row_bottom = MARGIN + self.header + self.raise_by + card_height
        self.pack_height = HEADER + card_height + MARGIN if scene.pack else 0
        count = max(len(scene.cards), min(len(scene.pack), len(scene.cards) or 1))
        width = _width(count)
        height = self.row_bottom + MARGIN + self.pack_height + (MARGIN if scene.pack else 0)
        self.image, self.draw = felt((width, height))

    def card(self, card: Card, xy: tuple[int, int], dimmed: bool = False) -> None:
        paste_card(self.image, card, xy, CARD_WIDTH, self.scene.four_colour, dimmed)
        box = (xy[0], xy[1], xy[0] + CARD_WIDTH, xy[1] + deck.card_height(CARD_WIDTH))
        self.place("card", box, card.code)

    def paint(self) -> Image.Image:
        """The header (trumps) and the room to raise playable cards are only there when
        needed. A robbing dealer's picture adds the pack below their own cards, inside a
        ringed panel under its own label, fanned closer when it is longer than their hand, so
        they choose what to keep from one picture and never mistake a card of the pack for
        one of their own."""
        scene = self.scene
        if scene.trump is not None:
            label = self.text((MARGIN, MARGIN + 16), scene.words.trump, LABEL_SIZE, TEXT_DIM)
            badge = (MARGIN + label + 10, MARGIN - 2, 36)
            suit_badge(self.image, badge, scene.trump, scene.four_colour)
            self.place("badge", (badge[0], badge[1], badge[0] + badge[2], badge[1] + badge[2]))
        for position, card in enumerate(display_order(scene.cards, scene.trump)):
            playable = scene.playable is None or card in scene.playable
            lowered = scene.playable is not None and not playable
            top = MARGIN + self.header + (self.raise_by if lowered else 0)
            self.card(card, (MARGIN + position * STEP, top), dimmed=not playable)
        if scene.pack:
            self.pack()
        return self.image

    def pack(self) -> None:
        scene, width = self.scene, self.image.width
        top = self.row_bottom + MARGIN
        panel = (MARGIN // 2, top, width - MARGIN // 2, top + self.pack_height)
        self.draw.rounded_rectangle(panel, radius=14, fill=PANEL, outline=HIGHLIGHT, width=4)
        self.text((MARGIN, top + HEADER // 2 + 4), scene.words.pack, LABEL_SIZE, HIGHLIGHT)
        step = _step(len(scene.pack), width)
        for position, card in enumerate(display_order(scene.pack, scene.trump)):
            self.card(card, (round(MARGIN + position * step), top + HEADER))


def paint_hand(scene: HandScene) -> Image.Image:
    """The hand in true colour, as wide as the cards need."""
    return _HandPainter(scene).paint()


def hand_layout(scene: HandScene) -> list[Placed]:
    """Everything the hand picture of `scene` writes or shows, and where (for layout tests)."""
    return recorded(_HandPainter(scene))
