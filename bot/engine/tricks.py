"""Which cards may be played to a trick, and who wins it (RULES.md A7)."""

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
    """`legal_plays` as a list in the hand's order, given the card led (None when leading)."""
    if led is None:
        return hand
    effective = TRUMP_TABLES[trump].effective_suit
    led_suit = effective[led]
    following = [card for card in hand if effective[card] is led_suit]
    if not following:
        return hand
    if led_suit is trump:
        return following
    return [card for card in hand if effective[card] is led_suit or effective[card] is trump]


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
