"""The simplest sensible choices, used where a decision has nothing worth thinking about.

Every level falls back on these for decisions it does not refine, so they must always be legal.
"""

from __future__ import annotations

import random

from bot.engine import (
    Action,
    Bid,
    BidDecision,
    Decision,
    Discard,
    DiscardDecision,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Play,
    PlayDecision,
    TrumpDecision,
)


def random_action(decision: Decision, rng: random.Random) -> Action:
    """A uniformly random legal action: the floor every level is measured against."""
    match decision:
        case BidDecision():
            amounts = list(decision.amounts)
            if amounts and rng.random() < 0.5:
                return Bid(rng.choice(amounts))
            return Pass()
        case TrumpDecision():
            return NameTrump(rng.choice(decision.suits))
        case DiscardDecision():
            return Discard(tuple(rng.sample(decision.options, decision.count)))
        case KeepDecision():
            chosen = rng.sample(decision.options, decision.free_choices)
            return Keep(tuple(decision.required) + tuple(chosen))
        case PlayDecision():
            return Play(rng.choice(decision.cards))
    raise TypeError(f"not a decision: {decision!r}")


def strongest_keep(decision: KeepDecision) -> Keep:
    """Keep the required cards and the strongest options (options come strongest first)."""
    return Keep(tuple(decision.required) + tuple(decision.options[: decision.free_choices]))


def weakest_discard(decision: DiscardDecision) -> Discard:
    """Set aside the weakest trumps allowed (options come strongest first)."""
    return Discard(tuple(decision.options[len(decision.options) - decision.count :]))
