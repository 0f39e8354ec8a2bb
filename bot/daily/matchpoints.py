"""Comparing players who played the same deals: matchpoints, as bridge clubs score duplicate.

On each deal a player's result is compared with every other player of the server who played
that deal that day: each result it beats scores 1, each it ties 1/2, and the deal's matchpoints
are that sum over the number of others, a share from 0 (worst) to 1 (best). A player alone on
a deal gets 1/2, as in duplicate. A day's percentage is the average over the day's deals, a
deal not played counting 0: so finishing the day matters, and one lucky deal cannot lead
the board. Ties on the percentage are broken by the total score over the day's deals.

Matchpoints and percentages are exact fractions: two players' equal percentages, summed from
different deals, are equal here, where floating point could differ in the last bit and
decide a place before the total score was ever looked at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

Player = TypeVar("Player")

#: The matchpoints of a result nobody else's can be compared with.
ALONE = Fraction(1, 2)


def matchpoints(score: int, others: Sequence[int]) -> Fraction:
    """The share of `others` that `score` beats, ties counting half (`ALONE` without others)."""
    if not others:
        return ALONE
    halves = sum(2 if score > other else 1 if score == other else 0 for other in others)
    return Fraction(halves, 2 * len(others))


@dataclass(frozen=True, slots=True)
class Standing(Generic[Player]):
    """One player's day: their place, matchpoints per deal (None: not played), percentage."""

    rank: int
    player: Player
    matchpoints: tuple[Fraction | None, ...]
    #: The average of the deals' matchpoints, a deal not played counting 0 (from 0 to 1).
    share: Fraction
    #: The sum of their scores over the deals played.
    total: int


def standings(scores: Mapping[Player, Mapping[int, int]], deals: int) -> list[Standing[Player]]:
    """Every player's standing from their score on each deal they played (`scores[player][deal]`),
    the best first; equal shares and totals share a rank."""
    by_deal: dict[int, list[int]] = {}
    for played in scores.values():
        for deal, score in played.items():
            by_deal.setdefault(deal, []).append(score)
    rows = []
    for player, played in scores.items():
        points = tuple(
            _against_others(played[deal], by_deal[deal]) if deal in played else None
            for deal in range(deals)
        )
        share = sum((point for point in points if point is not None), Fraction(0)) / deals
        rows.append((share, sum(played.values()), player, points))
    rows.sort(key=lambda row: (-row[0], -row[1]))
    result: list[Standing[Player]] = []
    for index, (share, total, player, points) in enumerate(rows):
        tied = result and (result[-1].share, result[-1].total) == (share, total)
        rank = result[-1].rank if tied else index + 1
        result.append(Standing(rank, player, points, share, total))
    return result


def _against_others(score: int, everyone: list[int]) -> Fraction:
    """Matchpoints of `score` among `everyone`'s scores on the deal, itself included once."""
    others = list(everyone)
    others.remove(score)
    return matchpoints(score, others)


def widest_deal(scores: Mapping[Player, Mapping[int, int]], deals: int) -> int | None:
    """The deal that separated players most: the widest range of scores among those who
    played it (then the most different scores, then the earliest deal); None when no deal
    separated anyone (none was played by two players, or all of them scored alike)."""
    best: tuple[int, int, int] | None = None
    for deal in range(deals):
        results = [played[deal] for played in scores.values() if deal in played]
        if len(results) < 2:
            continue
        key = (max(results) - min(results), len(set(results)), -deal)
        if best is None or key > best:
            best = key
    return None if best is None or best[0] == 0 else -best[2]
