"""Which cards may be played to a trick, and who wins it (docs/rules.md A7)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.engine.cards import Card, Suit
from bot.engine.trumps import TRUMP_TABLES


def legal_plays(hand: Iterable[Card], trick: Sequence[Card], trump: Suit) -> set[Card]:
    """The cards of `hand` that may be played to `trick` (the cards already in it, in order).

    A trump may always be played. On a trump lead a player holding a trump must play one; on a
    plain lead a player must follow suit unless they trump. Only a player void in the suit led
    may play anything.
    """
    return set(legal_in_hand_order(list(hand), trick[0] if trick else None, trump))


def legal_in_hand_order(hand: list[Card], led: Card | None, trump: Suit) -> list[Card]:
    """`legal_plays` as a list in the hand's order, given the card led (None when leading).

    A player void in the suit led gets the whole hand back; otherwise the cards of the suit led
    and the trumps (on a trump lead, the trumps alone).
    """
    if led is None:
        return hand
    table = TRUMP_TABLES[trump]
    led_suit = table.effective_suit[led]
    if table.suit_cards[led_suit].isdisjoint(hand):
        return hand
    allowed = table.may_follow[led_suit]
    return [card for card in hand if card in allowed]


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    table = TRUMP_TABLES[trump]
    strength, effective = table.strength, table.effective_suit
    led = effective[trick[0]]
    best, best_strength, best_rank = 0, strength[trick[0]], trick[0].rank
    for index in range(1, len(trick)):
        card = trick[index]
        card_strength = strength[card]
        if card_strength > best_strength:
            best, best_strength = index, card_strength
        elif not best_strength and effective[card] is led and card.rank > best_rank:
            best, best_rank = index, card.rank
    return best
