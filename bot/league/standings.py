"""A tournament's standings: match points, then the tie-breaks, from the matches played.

- **Match points**: a win 2, a draw 1 (a match the deadline left level), a loss 0; a bye counts
  as a win.
- **Tie-breaks**, in order: the **Buchholz** score (the match points of every opponent met,
  added up: the stronger the opponents, the higher), then the **point difference** (the score a
  side made in its games less its opponents', added up; byes count nothing), then the **seed**
  (the order set at the start, from the players' ratings).

An entrant is a pair (fixed partners) or a player (rotating partners): at a table a player's
opponents are the two across it. Computer players filling a table take no place in the
standings, and count for nothing in their opponents' Buchholz.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

E = TypeVar("E", bound=Hashable)

WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True, slots=True)
class Played(Generic[E]):
    """One match as the standings read it: who sat on each side (None: a computer player; no
    side b: a bye), its score by side and its winner (0, 1, or None for a draw)."""

    side_a: tuple[E | None, ...]
    side_b: tuple[E | None, ...] | None
    scores: tuple[int, int] | None = None
    winner: int | None = None


@dataclass(slots=True)
class Standing(Generic[E]):
    entrant: E
    seed: int
    points: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    buchholz: int = 0
    difference: int = 0
    opponents: list[E] = field(default_factory=list)

    def order(self) -> tuple[int, int, int, int]:
        """Best first: points, Buchholz, point difference, then the better seed."""
        return (-self.points, -self.buchholz, -self.difference, self.seed)


def standings(seeds: Sequence[E], matches: Sequence[Played[E]]) -> list[Standing[E]]:
    """Every entrant (``seeds``: the order set at the start, best first) with their figures,
    best first."""
    table = {entrant: Standing(entrant, seed) for seed, entrant in enumerate(seeds, 1)}
    for match in matches:
        for side, own in enumerate((match.side_a, match.side_b)):
            if own is None:
                continue
            other = match.side_b if side == 0 else match.side_a
            for entrant in own:
                if entrant is None or entrant not in table:
                    continue
                _count(table[entrant], match, side, other)
    for standing in table.values():
        standing.buchholz = sum(table[opponent].points for opponent in standing.opponents)
    return sorted(table.values(), key=Standing.order)


def _count(
    standing: Standing[E], match: Played[E], side: int, other: tuple[E | None, ...] | None
) -> None:
    if other is None:
        standing.byes += 1
        standing.points += WIN
        return
    standing.played += 1
    standing.opponents.extend(opponent for opponent in other if opponent is not None)
    if match.scores is not None:
        standing.difference += match.scores[side] - match.scores[1 - side]
    if match.winner is None:
        standing.draws += 1
        standing.points += DRAW
    elif match.winner == side:
        standing.wins += 1
        standing.points += WIN
    else:
        standing.losses += 1


def decide(scores: tuple[int, int], better_seed: int | None = None) -> int | None:
    """The winner of a match stopped before its end (the round's deadline, a table closed):
    the side ahead on the score; level, a draw (None), unless no draw may stand (single
    elimination), where ``better_seed``, the side with the better seed, goes through."""
    if scores[0] != scores[1]:
        return 0 if scores[0] > scores[1] else 1
    return better_seed
