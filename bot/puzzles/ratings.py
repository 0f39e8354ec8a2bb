"""Puzzle ratings: Elo, each first attempt a game between the person and the puzzle.

Everyone and every puzzle starts at `START`. A person rated R trying a puzzle rated P is
expected to solve it with probability E = 1 / (1 + 10^((P - R) / 400)); solving scores S = 1,
missing S = 0. The person's rating moves by `PERSON_K` (S - E) and the puzzle's by
`PUZZLE_K` (E - S): a puzzle many miss rises, one everyone solves sinks, and a person gains
most from solving puzzles rated above them. Only the first attempt at a puzzle counts.
"""

from __future__ import annotations

START = 1500.0
#: How far one attempt moves a person's rating, and a puzzle's (a puzzle meets many people,
#: so each of them moves it less).
PERSON_K = 32.0
PUZZLE_K = 16.0


def expected(person: float, puzzle: float) -> float:
    """The chance a person rated `person` solves a puzzle rated `puzzle`, as Elo expects."""
    return 1.0 / (1.0 + 10.0 ** ((puzzle - person) / 400.0))


def rated(person: float, puzzle: float, solved: bool) -> tuple[float, float]:
    """The person's and the puzzle's ratings after one first attempt."""
    surprise = (1.0 if solved else 0.0) - expected(person, puzzle)
    return person + PERSON_K * surprise, puzzle - PUZZLE_K * surprise
