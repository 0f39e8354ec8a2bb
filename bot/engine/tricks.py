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
    cards = set(hand)
    if not trick:
        return cards
    table = TRUMP_TABLES[trump]
    led = table.effective_suit[trick[0]]
    effective = table.effective_suit
    following = {card for card in cards if effective[card] is led}
    if not following:
        return cards
    if led is trump:
        return following
    return following | {card for card in cards if effective[card] is trump}


def trick_winner(trick: Sequence[Card], trump: Suit) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    table = TRUMP_TABLES[trump]
    strength = table.strength
    best_trump = max(range(len(trick)), key=lambda i: strength[trick[i]])
    if strength[trick[best_trump]] > 0:
        return best_trump
    led = table.effective_suit[trick[0]]
    following = [i for i in range(len(trick)) if table.effective_suit[trick[i]] is led]
    return max(following, key=lambda i: trick[i].rank)
