"""The `hard` level: its cards played by the open-hand search over sampled worlds (`search`),
and the hand valued for the auction and trumps by playing many deals of it out (`playouts`).

With more than `SEARCH_CARDS` cards in the hands (the first two cards of a four-player hand's
first trick) the rules decide: one world of the opening lead costs the solver about a whole card's
budget, and searching them with the few worlds a decision within the time goal affords measured
no better than the rules (docs/computer-players.md, "Searching"). The budgets (search nodes,
deals) keep a decision under about 200 ms at the 95th percentile on a small shared server (see
scripts/bench_ai.py). The robbing dealer's keep is played out over sampled deals
(`rob_playouts`); the other choices of the draw are the rule-based ones. The searched worlds and
the rob's deals are dealt by the learned odds of where the hidden cards lie (`inference`), and
the searched worlds are weighed by how likely each makes every play the others made, under a
policy fitted on play (`play_reading.PolicyReading`; `reading="first"` reads only the others'
first plays, by the rules, as `hard` did before: the benchmark's `hard-first-plays`).
"""

from __future__ import annotations

import random
from typing import Literal

from bot.ai.normal import decide_normal
from bot.ai.playouts import choose_call
from bot.ai.rob_playouts import choose_keep_by_playouts
from bot.ai.search import search_play
from bot.engine import (
    Action,
    BidDecision,
    Decision,
    KeepDecision,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

#: Deals played out to value the hand for a bid or for naming trumps (`playouts`). Four times as
#: many, with four times the pass deals, measured no better (docs/computer-players.md, "Bidding
#: by playing deals out").
CALL_PLAYOUTS = 48
#: Deals played out to value passing when someone holds a bid (`playouts.pass_value`).
PASS_PLAYOUTS = 16
#: Net score per hand that `hard`'s searched defence of an opponent's contract gains over the
#: rule-based defenders of the pass deals: counting it, `hard` overcalls less and makes more
#: of its contracts (docs/computer-players.md, "Bidding by playing deals out").
DEFENCE = 1.0
#: Points a hand that its own contracts lose to defenders who search worlds dealt by the learned
#: odds, against the rule-based defenders of the deals played out: at a table of four `hard`
#: players the same contracts were made less often with the odds than without. A whole point
#: gave too many contracts away (docs/computer-players.md, "Against defenders that read where
#: the cards lie").
OPPOSED = 0.5
#: Deals played out for each candidate keep of the robbing dealer (`rob_playouts`).
KEEP_PLAYOUTS = 12
#: Search nodes per decision: twice the nodes of `BASELINE_BUDGET` gained about a fifth of a
#: point a deal once the reading had made the rest of a decision cheap (docs/computer-players.md,
#: "Twice the nodes for `hard`"); four times gained nothing and took the time past its goal ("More
#: nodes again, or a larger pool").
DEFAULT_BUDGET = 40_000
#: The search nodes per decision of `baseline-hard`, `hard` as it was before it read the table.
BASELINE_BUDGET = 20_000
#: With more cards than this left in the hands, the rules decide straight away: a world costs the
#: solver too many nodes there for enough worlds to fit the time goal.
SEARCH_CARDS = 22


def decide_hard(
    view: SeatView,
    decision: Decision,
    rng: random.Random,
    budget: int | None = None,
    *,
    inference: bool = True,
    reading: Literal["first", "every"] = "every",
) -> Action:
    """`budget` caps the search nodes of a card play (None: `DEFAULT_BUDGET`); without
    `inference` the searched worlds are dealt evenly instead of by the learned odds, and its bids
    do not count the stronger defence the odds give, nor are the others' plays read, and it
    searches `BASELINE_BUDGET` nodes (the benchmark's `baseline-hard`); `reading` says which of
    the others' plays weigh the worlds: "every" by the fitted policy, "first" their first
    tricks by the rules."""
    match decision:
        case BidDecision() | TrumpDecision():
            opposed = OPPOSED if inference else 0.0
            return choose_call(
                view, decision, rng, CALL_PLAYOUTS, PASS_PLAYOUTS, DEFENCE, opposed
            )
        case KeepDecision():
            return choose_keep_by_playouts(view, decision, rng, KEEP_PLAYOUTS, inference=inference)
        case PlayDecision() if len(decision.cards) > 1 and sum(view.hand_sizes) <= SEARCH_CARDS:
            if budget is None:
                budget = DEFAULT_BUDGET if inference else BASELINE_BUDGET
            read = reading if inference else None
            return search_play(view, decision, rng, budget, inference=inference, read_plays=read)
    return decide_normal(view, decision, rng, inference=inference)
