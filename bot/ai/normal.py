"""The `normal` level: bidding by expected score with the hand valued by a few deals played out,
weighed card play by rules, and a small search from the first trick's third card on.

The level itself (`reads_the_table`) reads where the hidden cards lie as `hard` does, on a
smaller budget: its cards from the first trick's third card on are searched over worlds dealt by
the learned odds, each weighed by how likely it makes every play the others made (`search`,
`play_reading`), its keep as robbing dealer is played out over a few deals
(`rob_playouts`), and its bids count the defenders it meets, who read the same odds, as
`hard.OPPOSED` does (docs/computer-players.md, "A stronger `normal`"). Without it, `decide_normal`
is the player `easy` and `hard` fall back on for the choices they leave to it, and, with the
odds off, the benchmark's `baseline-normal`: rules and the bid table's playouts, the last tricks
searched.

`baseline=True` gives the earlier rule-based player, kept so that benchmarks can measure the
`normal` level against it: it values hands by the bid table alone, reads only voids and trump
counts from the play, and lacks the sure take and the Pedro safety of `cardplay.choose_card`.
"""

from __future__ import annotations

import random

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.cardplay import play_by_rules
from bot.ai.draw_choices import choose_discard, choose_keep
from bot.ai.play_policy import PlayPolicy
from bot.ai.playouts import choose_call
from bot.ai.rob_playouts import choose_keep_by_playouts
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
#: Cards left in the hands at which the fallback player starts searching, and its nodes per
#: card: the last tricks, where a small open-hand search is cheap and beats the rules.
ENDGAME_CARDS = 16
ENDGAME_BUDGET = 6_000
#: Cards left in the hands at which the level itself starts searching (the first trick's third
#: card, as `hard`), and its nodes per card until the last tricks: a world there costs the solver
#: 3,000 to 4,000 nodes, so a few worlds fit well within the level's time goal (p95 80 ms of
#: processor time a decision). 20,000 gained about a tenth of a point a deal but took the p95 to
#: 81 ms (docs/computer-players.md, "The middle tricks' nodes again, and one more fact"), and
#: 16,000 some +0.07 for a p95 of 76 to 80 ms (the same doc, "A budget between the two, and the
#: rules' card kept on a narrow lead").
SEARCH_CARDS = 22
SEARCH_BUDGET = 12_000
#: Points a hand its own contracts lose to defenders who search worlds dealt by the learned odds,
#: against the rule-based defenders of the deals played out (as `hard.OPPOSED`): without it, four
#: `normal` players searching from the first trick made 74.4% of their contracts.
OPPOSED = 0.25
#: Deals played out for each candidate keep of the robbing dealer (`rob_playouts`).
KEEP_PLAYOUTS = 8


def decide_normal(
    view: SeatView,
    decision: Decision,
    rng: random.Random,
    *,
    baseline: bool = False,
    inference: bool = True,
    reads_the_table: bool = False,
    policy: PlayPolicy | None = None,
) -> Action:
    """The rule-based choice; bids and trumps from deals played out and the last tricks by a
    small search, both seeded by `rng`, its worlds dealt by the learned odds of where the hidden
    cards lie unless `inference` is off (the benchmark's `baseline-normal`).

    `reads_the_table` is the level itself: searched from the first trick's third card, the rob
    played out, its bids counting the defence it meets (see the module's docstring); the
    others' plays read by `policy`, or the shipped one (`scripts/fit_play_policy.py` records
    plays read by a policy of its own, so that the file it writes does not depend on the one it
    replaces)."""
    cards = sum(view.hand_sizes)
    match decision:
        case BidDecision() if baseline:
            return choose_bid(view, decision)
        case TrumpDecision() if baseline:
            return choose_trump(view, decision)
        case BidDecision() | TrumpDecision():
            opposed = OPPOSED if reads_the_table else 0.0
            return choose_call(view, decision, rng, CALL_PLAYOUTS, opposed=opposed)
        case DiscardDecision():
            assert view.trump is not None
            return choose_discard(decision, view.trump)
        case KeepDecision() if reads_the_table:
            return choose_keep_by_playouts(view, decision, rng, KEEP_PLAYOUTS, inference=inference)
        case KeepDecision():
            assert view.trump is not None
            return choose_keep(decision, view.trump)
        case PlayDecision() if (
            not baseline and len(decision.cards) > 1 and cards <= searches_from(reads_the_table)
        ):
            return search_play(
                view,
                decision,
                rng,
                ENDGAME_BUDGET if cards <= ENDGAME_CARDS else SEARCH_BUDGET,
                inference=inference,
                read_plays="every" if reads_the_table else None,
                policy=policy,
            )
        case PlayDecision():
            return play_by_rules(view, decision, baseline=baseline)
    raise TypeError(f"not a decision: {decision!r}")


def searches_from(reads_the_table: bool) -> int:
    """Cards left in the hands at which the player starts searching its card play."""
    return SEARCH_CARDS if reads_the_table else ENDGAME_CARDS
