"""What the league service's parts share: the store, the tables of the matches, the outbox,
the clock's wake-up, and who may run a tournament (:mod:`bot.league.service` puts the parts
together)."""

from __future__ import annotations

from collections.abc import Callable

from bot.errors import UserFacingError
from bot.league.course import TournamentCourse
from bot.league.outbox import LeagueOutbox
from bot.league.season_end import SeasonEnds
from bot.league.shown import Acting
from bot.league.tournaments import Tournament
from bot.service import TableService
from bot.store import Store


class LeagueState:
    """The state every part of the league service works on, declared once."""

    store: Store
    tables: TableService
    outbox: LeagueOutbox
    #: A tournament's rounds, shown through the outbox.
    course: TournamentCourse
    #: Seasons' ends posted, and their roles moved.
    season_ends: SeasonEnds
    #: Called when an intention makes work for the clock.
    _changed: Callable[[], None]
    #: Each piece of due work failing now (by server and what it is): how many times in a row.
    _failing: dict[tuple[int, str], int]

    def _changed_now(self) -> None:
        self._changed()

    @staticmethod
    def require_organiser(tournament: Tournament, by: Acting) -> None:
        """Only the tournament's organiser, or whoever may organise tournaments, runs it."""
        if by.user_id != tournament.organiser_id and not by.organises:
            raise UserFacingError("errors.tournament_not_organiser")
