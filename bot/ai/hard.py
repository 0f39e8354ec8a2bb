"""The `hard` level: every card played by the open-hand search over sampled worlds (`search`).

With more than `SEARCH_CARDS` cards in the hands (the first trick) one world takes the solver
far longer than any budget, so the rules decide there. The default budget keeps a decision under
about 200 ms at the 95th percentile on a small shared server (see scripts/bench_ai.py).
Bidding, trumps and the draw use the rule-based choices, which decide those by expected score.
"""

from __future__ import annotations

import random

from bot.ai.bidding import choose_bid, choose_trump, must_pass
from bot.ai.normal import decide_normal
from bot.ai.playouts import played_values
from bot.ai.search import search_play
from bot.engine import Action, BidDecision, Decision, PlayDecision, SeatView, TrumpDecision

#: Search nodes per decision.
DEFAULT_BUDGET = 20_000
#: With more cards than this left in the hands, one world alone takes the solver longer than
#: any budget worth waiting for, so the rules decide straight away.
SEARCH_CARDS = 22


def decide_hard(
    view: SeatView, decision: Decision, rng: random.Random, budget: int | None = None
) -> Action:
    """`budget` caps the search nodes of a card play (None: `DEFAULT_BUDGET`)."""
    match decision:
        case BidDecision() if not must_pass(view, decision):
            return choose_bid(view, decision, played_values(view, rng))
        case TrumpDecision():
            return choose_trump(view, decision, played_values(view, rng))
        case PlayDecision() if len(decision.cards) > 1 and sum(view.hand_sizes) <= SEARCH_CARDS:
            return search_play(view, decision, rng, DEFAULT_BUDGET if budget is None else budget)
    return decide_normal(view, decision, rng)
