"""What the puzzles give the Discord layer: plain data, a puzzle to show (answered or not) and a
server's board of puzzle ratings."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.engine import Card
from bot.puzzles.positions import PuzzlePosition


@dataclass(frozen=True, slots=True)
class Answer:
    """The person's answer to a puzzle: their first attempt, which alone may move the ratings."""

    card: Card
    solved: bool
    rating_before: float
    rating_after: float
    #: This click was the attempt (False: they had answered before, and see it again).
    now: bool
    #: Given in time, so it moved the ratings (False: too late, the ratings stayed).
    counted: bool


@dataclass(frozen=True, slots=True)
class PuzzleShown:
    puzzle_id: int
    #: The day it is the daily puzzle of (None for another puzzle).
    day: date | None
    position: PuzzlePosition
    #: The puzzle's rating.
    rating: float
    #: The person's puzzle rating (None before their first attempt).
    player_rating: float | None
    #: The minutes an answer has, from when the puzzle was first shown, to move the ratings.
    answer_minutes: int
    answer: Answer | None = None


@dataclass(frozen=True, slots=True)
class RatingLine:
    rank: int
    user_id: int
    #: As this server knows them (None: not known; the board writes a neutral name).
    name: str | None
    rating: float
    attempts: int
    solved: int
    is_viewer: bool = False


@dataclass(frozen=True, slots=True)
class PuzzleBoard:
    """A server's puzzle board: who tried puzzles there, by rating (hidden people left out but
    for the viewer)."""

    guild_id: int
    lines: tuple[RatingLine, ...]
