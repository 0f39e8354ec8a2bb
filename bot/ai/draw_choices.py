"""The draw's choices: which surplus trumps to set aside, and what the robbing dealer keeps."""

from __future__ import annotations

from bot.engine import Card, Discard, DiscardDecision, Keep, KeepDecision, Suit
from bot.engine.trumps import TRUMP_TABLES


def keep_rank(card: Card, trump: Suit) -> tuple[int, int, int]:
    """Higher is better to keep: trumps first (scoring ones above the rest), then high plain cards.

    Scoring trumps come first because, in the variants that let them be set aside, they go to
    the first trick's winner or count for the other side.
    """
    table = TRUMP_TABLES[trump]
    strength = table.strength[card]
    return (1 if strength else 0, 1 if table.points[card] else 0, strength or card.rank)


def choose_discard(decision: DiscardDecision, trump: Suit) -> Discard:
    """Set aside the weakest trumps that score nothing."""
    ranked = sorted(decision.options, key=lambda card: keep_rank(card, trump))
    return Discard(tuple(ranked[: decision.count]))


def choose_keep(decision: KeepDecision, trump: Suit) -> Keep:
    """Keep the required cards and the best of the options."""
    ranked = sorted(decision.options, key=lambda card: keep_rank(card, trump), reverse=True)
    return Keep(tuple(decision.required) + tuple(ranked[: decision.free_choices]))
