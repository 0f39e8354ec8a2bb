"""Scoring a hand and deciding the game (docs/rules.md A8, A9, B-12 to B-14, C)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.engine.rules import HouseRules, Scoring, SetFormula
from bot.engine.trumps import TOTAL_POINTS

#: Points taken: whole numbers in a game, expected (fractional) ones when the computer players
#: weigh a hand before it is played.
Points = TypeVar("Points", int, float)


def score_hand(
    contract: int, bidder_points: Points, other_points: Points, rules: HouseRules
) -> tuple[Points, Points]:
    """The change to the bidding side's score and to the other side's, in the two-sided game.

    `contract` is 0 when everybody passed and the dealer named trumps: such a hand is always
    "made", so only the difference counts.
    """
    made = bidder_points >= contract
    if rules.scoring is Scoring.EACH_SIDE_OWN:
        return (bidder_points if made else -contract), other_points
    if not made:
        if rules.set_formula is SetFormula.OPP_POINTS_PLUS_BID:
            return 0, other_points + contract
        return 0, TOTAL_POINTS + contract - bidder_points
    difference = bidder_points - other_points
    return (difference, 0) if difference > 0 else (0, -difference)


def score_individual(
    contract: int, maker_side: int, points: Sequence[Points]
) -> list[Points]:
    """Score changes when there are more than two sides (3-player game, experimental).

    Every side scores the points it took; a maker who is set loses the contract instead.
    No Cinch source covers this; it follows the Pedro and Auction Pitch family (docs/rules.md C).
    """
    changes = list(points)
    if points[maker_side] < contract:
        changes[maker_side] = -contract
    return changes


def score_sides(
    contract: int, maker_side: int, points: Sequence[Points], rules: HouseRules
) -> list[Points]:
    """Score changes for every side, whatever the number of sides."""
    if len(points) != 2:
        return score_individual(contract, maker_side, points)
    other_side = 1 - maker_side
    maker_change, other_change = score_hand(contract, points[maker_side], points[other_side], rules)
    changes: list[Points] = [0, 0]
    changes[maker_side], changes[other_side] = maker_change, other_change
    return changes


def game_winner(totals: Sequence[float], maker_side: int, rules: HouseRules) -> int | None:
    """The winning side at the end of a hand, or None if play goes on.

    A side wins by reaching the target. If several reach it on the same hand the maker's side
    wins when it is among them (unless `bidder_goes_out` is off); otherwise the highest total
    wins, and an exact tie at the top means another hand is played.
    """
    reached = [side for side, total in enumerate(totals) if total >= rules.target_score]
    if not reached:
        return None
    if rules.bidder_goes_out and maker_side in reached:
        return maker_side
    best = max(totals[side] for side in reached)
    leaders = [side for side in reached if totals[side] == best]
    return leaders[0] if len(leaders) == 1 else None
