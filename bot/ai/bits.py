"""Cards as bits, laid out per trump suit so that the search compares cards with plain integers.

For each trump suit the 52 cards get bit positions: the three plain suits in rank order, each in
its own block, then the 14 trumps in trump order at the top (bits 38..51). So within a suit a
higher bit is a higher card, and any trump is above any plain card: the winner of a trick is the
card with the highest bit among trumps and the suit led. Hands become Python ints, where
following suit is one `&`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.engine.trumps import TRUMP_TABLES

#: Suit block of the trump suit (plain suits are 0, 1 and 2).
TRUMP_BLOCK = 3


@dataclass(frozen=True, slots=True)
class BitLayout:
    """Bit positions of the cards for one trump suit."""

    trump: Suit
    bit: dict[Card, int]
    card: tuple[Card, ...]
    #: Suit block (0..3, 3 = trumps) of each bit.
    block: tuple[int, ...]
    #: Mask of each suit block.
    block_mask: tuple[int, ...]
    #: Points of each bit (0 for all but the six scoring trumps).
    points: tuple[int, ...]
    #: Mask of the scoring cards.
    point_mask: int
    #: Lowest bit of each suit block, so that `bit - block_base[block]` is a rank within the suit.
    block_base: tuple[int, ...]

    def __hash__(self) -> int:
        # The trump suit decides every other field: hashed by it, a layout (and so a seat's
        # `Knowledge`) can be a key, where the generated hash would fail on the `bit` dict.
        return hash(self.trump)

    @property
    def trump_mask(self) -> int:
        return self.block_mask[TRUMP_BLOCK]

    def mask(self, cards: Iterable[Card]) -> int:
        result = 0
        for card in cards:
            result |= 1 << self.bit[card]
        return result

    def block_of_card(self, card: Card) -> int:
        return self.block[self.bit[card]]


def _build(trump: Suit) -> BitLayout:
    table = TRUMP_TABLES[trump]
    order: list[Card] = []
    bases: list[int] = []
    blocks: list[int] = []
    plain_suits = [suit for suit in Suit if suit is not trump]
    for number, suit in enumerate(plain_suits):
        bases.append(len(order))
        cards = sorted(
            (c for c in FULL_DECK if table.effective_suit[c] is suit and table.strength[c] == 0),
            key=lambda c: c.rank,
        )
        order.extend(cards)
        blocks.extend([number] * len(cards))
    bases.append(len(order))
    order.extend(reversed(table.order))
    blocks.extend([TRUMP_BLOCK] * len(table.order))
    block_mask = [0, 0, 0, 0]
    for position, block in enumerate(blocks):
        block_mask[block] |= 1 << position
    points = tuple(table.points[card] for card in order)
    point_mask = sum(1 << position for position, value in enumerate(points) if value)
    return BitLayout(
        trump=trump,
        bit={card: position for position, card in enumerate(order)},
        card=tuple(order),
        block=tuple(blocks),
        block_mask=tuple(block_mask),
        points=points,
        point_mask=point_mask,
        block_base=tuple(bases),
    )


LAYOUTS: dict[Suit, BitLayout] = {suit: _build(suit) for suit in Suit}


def bits_of(mask: int) -> list[int]:
    """The set bits of `mask`, lowest first."""
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result
