"""A player that picks uniformly among the legal actions.

It is the baseline the computer players are measured against, and it drives the property tests
and the engine benchmark through every corner of the rules.
"""

from __future__ import annotations

import random

from bot.engine.actions import Action, Bid, Discard, Keep, NameTrump, Pass, Play
from bot.engine.cards import FULL_DECK
from bot.engine.decisions import (
    BidDecision,
    Decision,
    DiscardDecision,
    KeepDecision,
    PlayDecision,
    TrumpDecision,
)

#: One `Play` per card, built once: actions are immutable values, and plays are most of a game.
_PLAYS = {card: Play(card) for card in FULL_DECK}


def random_action(decision: Decision, rng: random.Random, *, bid_chance: float = 0.5) -> Action:
    """A uniformly random legal action; in the auction, bid with probability `bid_chance`."""
    if type(decision) is PlayDecision:  # most decisions are plays: the quickest test first
        cards = decision.cards
        return _PLAYS[cards[int(rng.random() * len(cards))]]
    match decision:
        case BidDecision():
            amounts = decision.amounts
            if amounts and rng.random() < bid_chance:
                return Bid(rng.choice(amounts))
            return Pass()
        case TrumpDecision():
            return NameTrump(rng.choice(decision.suits))
        case DiscardDecision():
            return Discard(tuple(rng.sample(decision.options, decision.count)))
        case KeepDecision():
            chosen = rng.sample(decision.options, decision.free_choices)
            return Keep(decision.required + tuple(chosen))
    raise TypeError(f"not a decision: {decision!r}")
