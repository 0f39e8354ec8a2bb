"""What the boards' service answers with: plain data, the board page with its picture's scene
and what its reader is told about themselves."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.render.board import BoardScene
from bot.stats import BoardPage, Period

#: What a board covers: a period of the counted games, or a season by its number.
Covered = Period | int


class Absence(enum.Enum):
    """Why the reader of a board is not on it."""

    #: They chose to be hidden from the boards (``/cinch settings``).
    HIDDEN = "hidden"
    #: They have played too few counted games for this board (``BoardShown.games_missing``).
    TOO_FEW_GAMES = "too_few_games"
    #: They have played enough, and are still not ranked (a computer-free board, a reset...).
    NOT_RANKED = "not_ranked"


@dataclass(frozen=True, slots=True)
class BoardShown:
    """One page of a board as its reader sees it."""

    page: BoardPage
    scene: BoardScene
    #: The period or season the board covers, in the reader's language.
    covered_name: str
    #: Why the reader is not on the board; ``None`` when they are.
    absence: Absence | None
    #: How many more counted games the reader needs to be ranked (0 unless too few).
    games_missing: int
