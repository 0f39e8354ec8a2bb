"""A player that picks uniformly among the legal actions.

It is the baseline the computer players are measured against, and it drives the property tests
and the engine benchmark through every corner of the rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

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

T = TypeVar("T")


def random_action(decision: Decision, rng: random.Random, *, bid_chance: float = 0.5) -> Action:
    """A uniformly random legal action; in the auction, bid with probability `bid_chance`."""
    if type(decision) is PlayDecision:
        return _PLAYS[_pick(decision.cards, rng)]
    if type(decision) is BidDecision:
        amounts = decision.amounts
        if amounts and rng.random() < bid_chance:
            return Bid(_pick(amounts, rng))
        return _PASS
    if type(decision) is TrumpDecision:
        return NameTrump(_pick(decision.suits, rng))
    if type(decision) is DiscardDecision:
        return Discard(_sample(decision.options, decision.count, rng))
    if type(decision) is KeepDecision:
        return Keep(decision.required + _sample(decision.options, decision.free_choices, rng))
    raise TypeError(f"not a decision: {decision!r}")


def _pick(items: Sequence[T], rng: random.Random) -> T:
    """One of `items`, uniformly (a float draw: far quicker than `Random.choice`)."""
    return items[int(rng.random() * len(items))]


def _sample(items: Sequence[T], count: int, rng: random.Random) -> tuple[T, ...]:
    """`count` distinct `items`, uniformly: the first steps of a Fisher-Yates shuffle."""
    pool = list(items)
    for position in range(count):
        other = position + int(rng.random() * (len(pool) - position))
        pool[position], pool[other] = pool[other], pool[position]
    return tuple(pool[:count])
