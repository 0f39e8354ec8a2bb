"""Perfect-information Monte Carlo card play over worlds consistent with what the seat knows.

Worlds (deals of the unseen cards, see `sampler`) are drawn until a budget of worlds and search
nodes is spent; in each, every legal card is valued exactly by the open-hand `solver`, and the
card with the best average final score change (`utility`) is played. Ties go to the card the
rule-based player prefers, so equal choices still look natural, and so does the whole choice
when not even one world fits the budget. The budget is a count, never a time: a world whose
search would overrun the nodes left is dropped, so a decision is a pure function of the view and
the seed and the same seed gives the same card on any machine, busy or not.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from typing import Literal

from bot.ai.cardplay import Weighing, choose_card, sensible, sure_take
from bot.ai.inference import place_odds
from bot.ai.knowledge import Knowledge, read_knowledge
from bot.ai.play_policy import PlayPolicy
from bot.ai.play_reading import PlayReading, PolicyReading
from bot.ai.sampler import sample_hands
from bot.ai.solver import SearchTimeout, Solver
from bot.ai.utility import hand_net
from bot.engine import Action, Play, PlayDecision, SeatView

#: Enough worlds for a stable average; more only spends time.
MAX_WORLDS = 60
#: The cost of sampling a world, in nodes.
WORLD_COST = 40


#: Deals a world: every seat's hand as a bitmask, from what the seat knows and a random source.
WorldSource = Callable[[Knowledge, random.Random], list[int]]


def search_play(
    view: SeatView,
    decision: PlayDecision,
    rng: random.Random,
    budget: int,
    *,
    inference: bool = True,
    read_plays: Literal["first", "every"] | None = None,
    policy: PlayPolicy | None = None,
    worlds_from: WorldSource | None = None,
    max_worlds: int = MAX_WORLDS,
) -> Action:
    """The card with the best mean score change over sampled worlds, dealt by the learned odds
    of where the hidden cards lie (`inference`) or, without them, as evenly as the constraints
    allow; with `read_plays`, the worlds also explain how the others played: "first", their
    first tricks as the rules would have (`play_reading.PlayReading`, each world the first of at
    most `play_reading.DRAWS` drawn that does); "every", every play, weighed by the fitted play
    policy (`play_reading.PolicyReading`): `policy`, or the shipped one.

    `worlds_from` and `max_worlds` let the benchmark's perfect-information ceiling
    (scripts/bench_ai.py, level `oracle`) search the one true deal with the same code."""
    nodes_left = budget
    k = read_knowledge(view)
    layout = k.layout
    weighing = Weighing(k)
    legal = sensible(weighing, [layout.bit[card] for card in decision.cards])
    take = sure_take(weighing, legal)
    if take is not None:
        return Play(layout.card[take])
    if worlds_from is None:
        odds = place_odds(view, k) if inference else None
        if read_plays == "every":
            worlds_from = PolicyReading(view, odds, policy)
        elif read_plays == "first":
            worlds_from = PlayReading(view, odds)
        else:
            worlds_from = partial(sample_hands, odds=odds)
    my_side = k.side_of[k.me]
    trick_points = k.bonus + sum(layout.points[bit] for _, bit in k.trick)
    totals: dict[int, float] = defaultdict(float)
    # The policy's worlds are drawn from a pool, so a world may come again: solved once.
    solved: dict[tuple[int, ...], tuple[dict[int, int], int]] | None = (
        {} if read_plays == "every" else None
    )
    worlds = 0
    while worlds < max_worlds and nodes_left > 0:
        hands = worlds_from(k, rng)
        key = tuple(hands)
        if solved is not None and key in solved:
            values, at_stake = solved[key]
        else:
            solver = Solver(layout, k.side_of, my_side, nodes_left)
            try:
                values = solver.move_values(hands, k.trick, k.leader, k.bonus)
            except SearchTimeout:
                break
            nodes_left -= solver.nodes + WORLD_COST
            at_stake = trick_points + solver.points_left(hands)
            if solved is not None:
                solved[key] = values, at_stake
        for bit, value in values.items():
            totals[bit] += hand_net(view, my_side, value, at_stake - value)
        worlds += 1
    rule_choice = choose_card(weighing, legal)
    if not worlds:
        return Play(layout.card[rule_choice])
    best = max(
        legal,
        key=lambda bit: (round(totals[bit], 6), bit == rule_choice, weighing.value(bit)),
    )
    return Play(layout.card[best])
