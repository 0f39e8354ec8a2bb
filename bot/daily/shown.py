"""What the daily deal gives the Discord layer: plain data, never a live game.

A player sees either a deal in play (their seat's view, the table's, and what the computers did
since their last move), a deal just over (its result, their score and par), or, once the day's
deals are all played, their day: each deal against par and against the server's other players,
their place and their streak. Boards list a server's players of one day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.daily.deals import DealEnd
from bot.daily.streaks import Streak
from bot.engine import Action, SeatView


@dataclass(frozen=True, slots=True)
class DealOver:
    """A deal just played to its end."""

    end: DealEnd
    #: The player's side's score change minus the other side's.
    score: int
    #: What the computers scored in the player's seat.
    par: int
    #: It was the day's last deal.
    last: bool


@dataclass(frozen=True, slots=True)
class DealShown:
    """One of the day's deals as its player sees it now."""

    #: The server the play counts in (where it began).
    guild_id: int
    day: date
    #: Which deal of the day (from 0).
    deal: int
    #: How many actions the deal holds: a button made for another count is out of date.
    moves: int
    player_name: str
    #: The player's seat's view, and the table's (nobody's cards), while the deal is played.
    view: SeatView
    table: SeatView
    #: What the computers did since the player's last move, in order.
    since: tuple[tuple[int, Action], ...]
    #: Set once the deal is over (the views then show nothing of it).
    over: DealOver | None = None


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """One deal of a player's day, against par and against the server's other players."""

    deal: int
    #: None: not played.
    score: int | None
    par: int | None
    #: The share of the others' results this one beats, ties half (None: not played).
    matchpoints: float | None
    #: How many of the server's players played it.
    players: int


@dataclass(frozen=True, slots=True)
class DayShown:
    """A player's day: every deal's outcome, their percentage, place and streak."""

    guild_id: int
    day: date
    player_name: str
    finished: bool
    deals: tuple[DealOutcome, ...]
    #: The average of the deals' matchpoints, a deal not played counting 0 (0 to 1).
    share: float
    rank: int
    #: How many of the server's players played that day.
    players: int
    streak: Streak


@dataclass(frozen=True, slots=True)
class BoardLine:
    """One player on a day's board."""

    rank: int
    user_id: int
    name: str
    share: float
    total: int
    deals_played: int
    is_viewer: bool = False


@dataclass(frozen=True, slots=True)
class DayBoard:
    """A server's players of one day, the best first (those hidden from the boards left out,
    but for the viewer)."""

    guild_id: int
    day: date
    lines: tuple[BoardLine, ...]
    #: How many played (hidden players included).
    players: int
    #: The deal that separated players most (None: none did), with the range of its scores.
    widest: int | None = None
    widest_scores: tuple[int, int] | None = None
    widest_par: int | None = None
