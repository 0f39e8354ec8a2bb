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

#: One `Play` per card and one `Pass`, built once: actions are immutable values, and plays and
#: passes are most of a game.
_PLAYS = {card: Play(card) for card in FULL_DECK}
_PASS = Pass()


def random_action(decision: Decision, rng: random.Random, *, bid_chance: float = 0.5) -> Action:
    """A uniformly random legal action; in the auction, bid with probability `bid_chance`."""
    if type(decision) is PlayDecision:
        cards = decision.cards
        return _PLAYS[cards[int(rng.random() * len(cards))]]
    if type(decision) is BidDecision:
        choices = decision.highest - decision.lowest + 1
        if choices > 0 and rng.random() < bid_chance:
            return Bid(decision.lowest + int(rng.random() * choices))
        return _PASS
    if type(decision) is TrumpDecision:
        return NameTrump(rng.choice(decision.suits))
    if type(decision) is DiscardDecision:
        return Discard(tuple(rng.sample(decision.options, decision.count)))
    if type(decision) is KeepDecision:
        chosen = rng.sample(decision.options, decision.free_choices)
        return Keep(decision.required + tuple(chosen))
    raise TypeError(f"not a decision: {decision!r}")
