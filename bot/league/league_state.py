"""What the league service's parts share: the store, the tables of the matches, the outbox,
and the clock's wake-up (:mod:`bot.league.service` puts the parts together)."""

from __future__ import annotations

from collections.abc import Callable

from bot.league.course import TournamentCourse
from bot.league.outbox import LeagueOutbox
from bot.league.season_end import SeasonEnds
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

    def _changed_now(self) -> None:
        self._changed()
