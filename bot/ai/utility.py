"""What the end of a hand is worth to one side: its score change minus the others'.

Searching for the best score rather than the most points matters: making the contract by one
point is worth far more than a point, and once it is made or lost the rest is plain difference.
When the hand decides the game, winning it (or stopping the others winning it) outweighs any
score difference.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import HandResult, HouseRules, SeatView
from bot.engine.scoring import game_winner, score_sides

#: What deciding the game is worth, in points of score difference.
GAME_VALUE = 30.0


def hand_net(view: SeatView, my_side: int, mine: float, others: float) -> float:
    """Net score change for `my_side` if it ends the hand with `mine` more points and everybody
    else with `others` more, shared evenly, on top of what each side has taken already."""
    assert view.maker is not None and view.contract is not None
    sides = len(view.sides)
    points = [
        taken + (mine if side == my_side else others / (sides - 1))
        for side, taken in enumerate(view.points_taken)
    ]
    maker_side = view.side_of(view.maker)
    changes = score_sides(view.contract, maker_side, points, view.rules)
    totals = [score + change for score, change in zip(view.scores, changes, strict=True)]
    return outcome_net(changes, totals, maker_side, my_side, view.rules)


def outcome_net(
    changes: Sequence[float],
    totals: Sequence[float],
    maker_side: int,
    my_side: int,
    rules: HouseRules,
) -> float:
    """`my_side`'s score change minus the others' (shared evenly), and `GAME_VALUE` either way
    when the new `totals` decide the game."""
    sides = len(changes)
    theirs = sum(change for side, change in enumerate(changes) if side != my_side)
    net = changes[my_side] - theirs / (sides - 1)
    winner = game_winner(totals, maker_side, rules)
    if winner is not None:
        net += GAME_VALUE if winner == my_side else -GAME_VALUE
    return net


def result_net(result: HandResult, my_side: int, rules: HouseRules) -> float:
    """`outcome_net` of a hand played to its end (the playouts' deals)."""
    return outcome_net(result.changes, result.totals, result.maker_side, my_side, rules)
