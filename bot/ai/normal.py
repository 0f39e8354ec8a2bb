"""The `normal` level: bidding by expected score with the hand valued by a few deals played out,
weighed card play by rules, and a small search for the last tricks.

`baseline=True` gives the earlier rule-based player, kept so that benchmarks can measure the
`normal` level against it: it values hands by the bid table alone, reads only voids and trump
counts from the play, and lacks the sure take and the Pedro safety of `cardplay.choose_card`.
"""

from __future__ import annotations

import random

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.cardplay import play_by_rules
from bot.ai.draw_choices import choose_discard, choose_keep
from bot.ai.playouts import choose_call
from bot.ai.search import search_play
from bot.engine import (
    Action,
    BidDecision,
    Decision,
    DiscardDecision,
    KeepDecision,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

#: Deals played out to value the hand for a bid or for naming trumps (`playouts`).
CALL_PLAYOUTS = 24
#: Cards left in the hands at which `normal` starts searching, and its nodes per card: the last
#: tricks, where a small open-hand search is cheap and beats the rules.
ENDGAME_CARDS = 16
ENDGAME_BUDGET = 6_000


def decide_normal(
    view: SeatView,
    decision: Decision,
    rng: random.Random,
    *,
    baseline: bool = False,
    inference: bool = True,
) -> Action:
    """The rule-based choice; bids and trumps from deals played out and the last tricks by a
    small search, both seeded by `rng`, its worlds dealt by the learned odds of where the hidden
    cards lie unless `inference` is off (the benchmark's `baseline-normal`)."""
    match decision:
        case BidDecision() if baseline:
            return choose_bid(view, decision)
        case TrumpDecision() if baseline:
            return choose_trump(view, decision)
        case BidDecision() | TrumpDecision():
            return choose_call(view, decision, rng, CALL_PLAYOUTS)
        case DiscardDecision():
            assert view.trump is not None
            return choose_discard(decision, view.trump)
        case KeepDecision():
            assert view.trump is not None
            return choose_keep(decision, view.trump)
        case PlayDecision() if (
            not baseline and len(decision.cards) > 1 and sum(view.hand_sizes) <= ENDGAME_CARDS
        ):
            return search_play(view, decision, rng, ENDGAME_BUDGET, inference=inference)
        case PlayDecision():
            return play_by_rules(view, decision, baseline=baseline)
    raise TypeError(f"not a decision: {decision!r}")
