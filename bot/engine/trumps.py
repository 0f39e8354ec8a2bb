"""What trumps do to the cards: the Left Pedro, effective suits, trump order and point values.

Everything is precomputed once per trump suit into `TrumpTable`s, because the computer players
ask these questions millions of times.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import ACE, FIVE, FULL_DECK, JACK, TEN, TWO, Card, Suit


class PointCard(Enum):
    """The six scoring cards of a hand (docs/rules.md A1)."""

    HIGH = "high"
    LOW = "low"
    JACK = "jack"
    GAME = "game"
    RIGHT_PEDRO = "right_pedro"
    LEFT_PEDRO = "left_pedro"

    # Singletons compared by identity: skip Enum's slow Python-level hash (see Suit).
    __hash__ = object.__hash__

    @property
    def points(self) -> int:
        return 5 if self in (PointCard.RIGHT_PEDRO, PointCard.LEFT_PEDRO) else 1


#: Points of all scoring cards together.
TOTAL_POINTS = 14


@dataclass(frozen=True, slots=True)
class TrumpTable:
    """Precomputed facts about every card for one trump suit."""

    trump: Suit
    left_pedro: Card
    #: The 14 trumps, highest first.
    order: tuple[Card, ...]
    #: Strength of each trump (14 for the Ace down to 1 for the 2); 0 for plain cards.
    strength: dict[Card, int]
    effective_suit: dict[Card, Suit]
    points: dict[Card, int]
    #: Which scoring card each point card is.
    point_card: dict[Card, PointCard]
    #: The other way round: the card that is each scoring card.
    card_of: dict[PointCard, Card]
    #: Sort key: trumps from the highest down, then plain cards in deck order.
    sort_key: dict[Card, int]
    #: The cards of each effective suit (the trump suit holds all 14 trumps).
    suit_cards: dict[Suit, frozenset[Card]]
    #: The cards a player who can follow may play when a suit is led: that suit or a trump.
    may_follow: dict[Suit, frozenset[Card]]


def _build_table(trump: Suit) -> TrumpTable:
    left = Card(FIVE, trump.same_colour)
    ranks_high_first = [ACE, 13, 12, JACK, TEN, 9, 8, 7, 6, FIVE]
    order = [Card(rank, trump) for rank in ranks_high_first]
    order.append(left)
    order.extend(Card(rank, trump) for rank in (4, 3, TWO))
    strength = {card: 0 for card in FULL_DECK}
    for position, card in enumerate(order):
        strength[card] = len(order) - position
    effective = {card: card.suit for card in FULL_DECK}
    effective[left] = trump
    point_card = {
        Card(ACE, trump): PointCard.HIGH,
        Card(TWO, trump): PointCard.LOW,
        Card(JACK, trump): PointCard.JACK,
        Card(TEN, trump): PointCard.GAME,
        Card(FIVE, trump): PointCard.RIGHT_PEDRO,
        left: PointCard.LEFT_PEDRO,
    }
    points = {card: 0 for card in FULL_DECK}
    points.update({card: kind.points for card, kind in point_card.items()})
    sort_key = {card: -100 * strength[card] + card.index for card in FULL_DECK}
    suit_cards = {
        suit: frozenset(card for card in FULL_DECK if effective[card] is suit) for suit in Suit
    }
    may_follow = {suit: suit_cards[suit] | suit_cards[trump] for suit in Suit}
    return TrumpTable(
        trump,
        left,
        tuple(order),
        strength,
        effective,
        points,
        point_card,
        {kind: card for card, kind in point_card.items()},
        sort_key,
        suit_cards,
        may_follow,
    )


TRUMP_TABLES: dict[Suit, TrumpTable] = {suit: _build_table(suit) for suit in Suit}


def left_pedro(trump: Suit) -> Card:
    """The 5 of the other suit of the trump colour, which counts as a trump."""
    return TRUMP_TABLES[trump].left_pedro


def is_trump(card: Card, trump: Suit) -> bool:
    return TRUMP_TABLES[trump].strength[card] > 0


def effective_suit(card: Card, trump: Suit) -> Suit:
    """The suit a card belongs to for following suit and winning tricks."""
    return TRUMP_TABLES[trump].effective_suit[card]


def trump_order(trump: Suit) -> list[Card]:
    """The 14 trumps, highest first."""
    return list(TRUMP_TABLES[trump].order)


def card_points(card: Card, trump: Suit) -> int:
    """What the card scores for the side that wins the trick holding it."""
    return TRUMP_TABLES[trump].points[card]
