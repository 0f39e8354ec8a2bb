"""A player's own hand: their cards in a fan, the ones they may play now raised and bright.

Cards are shown in a stable order a player can scan: trumps first (the Left Pedro in its
place just below the Right Pedro), then the other suits alternating red and black, each from
the highest card down.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
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
from bot.render.kept import KeptPainting, image_bytes
from bot.render.png import png_bytes
from bot.render.scenes import HandScene
from bot.render.style import HIGHLIGHT, PANEL, TEXT_DIM
from bot.render.words import Words

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
#: Bytes of pieces of hands kept in the hand palette (`compose_hand`): the strips of cards (20
#: to 45 KB each; a thousand busy tables used some 400, each found kept 99 times in 100) and the
#: edges where two cards meet (6 KB each; some 3,000 came up over a hand at a thousand tables,
#: used again 94 times in 100, 2,000 kept still 92, 1,000 kept 77). An edge not kept is painted
#: in 0.14 ms, the least saved by a MB of all the pieces kept: its bytes are the first spared
#: (`docs/benchmarks.md`, "Spared memory for tables of their own people").
KEPT_STRIP_BYTES, KEPT_EDGE_BYTES = 24 * 2**20, 8 * 2**20


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
    """The hand as PNG bytes: `paint_hand` reduced to the hand palette, put together from
    kept strips (`compose_hand`); a robbing dealer's hand, with its pack, and a hand with no
    card left, painted whole."""
    if scene.pack or not scene.cards:
        return to_png(paint_hand(scene), hand_palette())
    return png_bytes(compose_hand(scene))


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


#: A card of the hand's row: the card, its left and top edges, and whether it is dimmed.
CardAt = tuple[Card, int, int, bool]


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Where a hand picture puts things: its size, how tall its header is (trumps), how
    far a card that may be played stands above the others, and where the row of cards is."""

    size: tuple[int, int]
    header: int
    raise_by: int
    row_bottom: int
    pack_height: int
    row: tuple[CardAt, ...]

    @property
    def row_top(self) -> int:
        """The first line of pixels the row's cards (shadows included) may reach: above it
        only the header is drawn."""
        return MARGIN + self.header - deck.SHADOW_BLUR


def _geometry(scene: HandScene) -> _Geometry:
    """The header (trumps) and the room to raise playable cards are only there when needed;
    a robbing dealer's pack adds its panel below."""
    header = HEADER if scene.trump is not None else 0
    raise_by = RAISE if scene.playable is not None else 0
    row_bottom = MARGIN + header + raise_by + deck.card_height(CARD_WIDTH)
    pack_height = HEADER + deck.card_height(CARD_WIDTH) + MARGIN if scene.pack else 0
    count = max(len(scene.cards), min(len(scene.pack), len(scene.cards) or 1))
    height = row_bottom + MARGIN + pack_height + (MARGIN if scene.pack else 0)
    row = []
    for position, card in enumerate(display_order(scene.cards, scene.trump)):
        playable = scene.playable is None or card in scene.playable
        lowered = scene.playable is not None and not playable
        top = MARGIN + header + (raise_by if lowered else 0)
        row.append((card, MARGIN + position * STEP, top, not playable))
    return _Geometry((_width(count), height), header, raise_by, row_bottom, pack_height, tuple(row))


class _HandPainter(Painter):
    """Draws one `HandScene`, recording what it writes and shows (`hand_layout`)."""

    def __init__(self, scene: HandScene) -> None:
        self.scene = scene
        self.geometry = _geometry(scene)
        self.image, self.draw = felt(self.geometry.size)

    def card(self, card: Card, xy: tuple[int, int], dimmed: bool = False) -> None:
        paste_card(self.image, card, xy, CARD_WIDTH, self.scene.four_colour, dimmed)
        box = (xy[0], xy[1], xy[0] + CARD_WIDTH, xy[1] + deck.card_height(CARD_WIDTH))
        self.place("card", box, card.code)

    def paint(self) -> Image.Image:
        """A robbing dealer's picture adds the pack below their own cards, inside a ringed
        panel under its own label, fanned closer when it is longer than their hand, so they
        choose what to keep from one picture and never mistake a card of the pack for one of
        their own."""
        self.header()
        for card, left, top, dimmed in self.geometry.row:
            self.card(card, (left, top), dimmed)
        if self.scene.pack:
            self.pack()
        return self.image

    def header(self) -> None:
        """The trumps, named and shown on a badge, above the cards (once they are known)."""
        scene = self.scene
        if scene.trump is not None:
            label = self.text((MARGIN, MARGIN + 16), scene.words.trump, LABEL_SIZE, TEXT_DIM)
            badge = (MARGIN + label + 10, MARGIN - 2, 36)
            suit_badge(self.image, badge, scene.trump, scene.four_colour)
            self.place("badge", (badge[0], badge[1], badge[0] + badge[2], badge[1] + badge[2]))

    def pack(self) -> None:
        scene, width = self.scene, self.image.width
        top = self.geometry.row_bottom + MARGIN
        panel = (MARGIN // 2, top, width - MARGIN // 2, top + self.geometry.pack_height)
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


def compose_hand(scene: HandScene) -> Image.Image:
    """The hand (some cards, no pack) in the hand palette, the very pixels of `paint_hand`'s
    picture reduced to it, put together from pieces reduced once and kept.

    Reducing a picture to a palette maps each pixel by itself, so a piece of the picture
    reduced alone is that piece of the whole reduced. Above the row of cards is the header
    (`_header`); the row itself is cut into strips, one a card, from where that card's
    shadow begins to where the next one's does. Cards are fanned `STEP` apart, and a card
    with its shadow is narrower than two steps, so a strip holds only its card, over the
    one before it, on the felt: the same two cards at the same heights make the same strip
    in any hand. Where the two stand at the same height, the one before shows only along
    the card's left edge (`EDGE`); further right only its shadow and its outline show, the
    same for every card: that part is kept once a card (`_strip`), and only the edge for
    each pair of cards (`_edge`). A hand is then a few copies of kept pieces, and a
    player's hand shown move after move reuses nearly all of them.
    """
    geometry = _geometry(scene)
    width, height = geometry.size
    top = geometry.row_top
    picture = Image.new("P", geometry.size)
    picture.putpalette(hand_palette().getpalette() or [])
    picture.paste(_header(scene.trump, scene.words, scene.four_colour, width, top))
    row = geometry.row
    band = (height - top, scene.four_colour)
    for index, (card, left, card_top, dimmed) in enumerate(row):
        start = 0 if index == 0 else left - deck.SHADOW_BLUR
        end = row[index + 1][1] - deck.SHADOW_BLUR if index + 1 < len(row) else width
        this = (card, card_top - top, dimmed)
        if not index:
            picture.paste(_strip(None, this, (start - left, end - left), *band), (start, top))
            continue
        before_card, _, before_top, before_dimmed = row[index - 1]
        before = (before_card, before_top - top, before_dimmed)
        if before_top != card_top:  # the one before shows above or below this card
            picture.paste(_strip(before, this, (start - left, end - left), *band), (start, top))
            continue
        cut = start + EDGE
        picture.paste(_edge(before, this, (start - left, cut - left), *band), (start, top))
        beneath = (STAND_IN, before[1], before_dimmed)
        picture.paste(_strip(beneath, this, (cut - left, end - left), *band), (cut, top))
    return picture


#: A card of a strip: the card, its top edge in the strip, and whether it is dimmed.
StripCard = tuple[Card, int, bool]
#: How far into a card's strip the card before it shows, when both stand at the same height
#: (along the card's rounded left corners; 5 pixels, with room to spare).
EDGE = 16
#: The card painted before a card's strip beyond its `EDGE`, for any card at that height:
#: only its shadow and outline show there, the same for every card.
STAND_IN = FULL_DECK[0]


def _paint_strip(
    before: StripCard | None,
    card: StripCard,
    columns: tuple[int, int],
    height: int,
    four_colour: bool,
) -> Image.Image:
    """The strip of a hand's row of cards from ``columns`` (counted from ``card``'s left
    edge), ``height`` high, with ``card`` over the one ``before`` it (`STEP` to its left),
    in the hand palette."""
    start, end = columns
    strip, _ = felt((end - start, height))  # the cards' parts outside it are clipped
    if before is not None:
        paste_card(strip, before[0], (-STEP - start, before[1]), CARD_WIDTH, four_colour, before[2])
    paste_card(strip, card[0], (-start, card[1]), CARD_WIDTH, four_colour, card[2])
    return strip.quantize(palette=hand_palette(), dither=Image.Dither.NONE)


#: The kept strips: a card's, beyond its edge (a deck's cards at a few heights and places),
#: and the edges of pairs of cards (some 5,000 pairs in all).
_strip = KeptPainting(_paint_strip, KEPT_STRIP_BYTES, image_bytes)
_edge = KeptPainting(_paint_strip, KEPT_EDGE_BYTES, image_bytes)


@lru_cache(maxsize=256)
def _header(
    trump: Suit | None, words: Words, four_colour: bool, width: int, height: int
) -> Image.Image:
    """The lines above a hand's cards, ``width`` wide and ``height`` high, in the hand
    palette: the felt, and the trumps once they are known."""
    painter = _HandPainter(HandScene((), trump, None, four_colour, words))
    painter.image, painter.draw = felt((width, height))
    painter.header()
    return painter.image.quantize(palette=hand_palette(), dither=Image.Dither.NONE)
