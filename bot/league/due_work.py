"""The league's due work, as its clock asks for it: seasons that end, their ends posted,
tournaments moved on; and when to look again.

Each process does the work of the servers it runs only (:meth:`TableService.owns`), and the
store lets each piece of work be done once. Each server's due work runs beside the others',
and each piece of it alone: a failure (a damaged row, Discord down) is logged, its piece is
looked at again shortly, and no other piece waits for it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from datetime import datetime
from functools import partial

from bot.league import tournaments as league
from bot.league.league_state import LeagueState
from bot.league.seasons import due_seasons, end_season, post_retries, season_ends, unposted
from bot.league.tournaments import Status

log = logging.getLogger(__name__)

#: The longest the clock sleeps without looking at the store again (seconds).
LONGEST_SLEEP = 60 * 60
#: After a failure, the clock looks again this much later (seconds).
RETRY_AFTER = 60
#: A piece of work that keeps failing is logged as an error (with its traceback) the first time
#: and once every this many failures in a row (an hour of retries); a warning line otherwise.
ERROR_EVERY = 60
#: The shortest sleep (seconds): work due that cannot be done yet is looked at again this
#: often, never in a loop that would hold the event loop.
SHORTEST_SLEEP = 5

Step = tuple[str, Callable[[], Awaitable[object]]]


class DueWork(LeagueState):
    """The work that came due, and the next moment some will."""

    async def due_work(self) -> bool:
        """End every season that is over, post every ended season not posted yet, and move
        every running tournament on, for the servers this process runs: each server beside
        the others, and each piece of work alone. False when a piece failed (it is looked at
        again shortly)."""
        owns = self.tables.owns
        failures: list[bool] = []
        for season in await due_seasons(self.store):  # the store's work alone: first
            if owns(season.guild_id):
                failures.append(
                    not await self._alone(
                        season.guild_id,
                        f"ending season {season.number}",
                        partial(end_season, self.store, season),
                    )
                )
        work: dict[int, list[Step]] = defaultdict(list)
        for season in await unposted(self.store):
            if owns(season.guild_id):
                work[season.guild_id].append(
                    (f"posting season {season.number}", partial(self.season_ends.post, season))
                )
        for tournament in await league.going_on(self.store):
            if tournament.status is Status.RUNNING and owns(tournament.guild_id):
                work[tournament.guild_id].append(
                    (f"tournament {tournament.id}", partial(self.course.carry_on, tournament))
                )
        done = await asyncio.gather(
            *(self._server_work(guild, steps) for guild, steps in work.items())
        )
        return not any(failures) and all(done)

    async def _server_work(self, guild_id: int, steps: list[Step]) -> bool:
        """One server's due work, in order, each step alone; False when one failed."""
        done = True
        for what, step in steps:
            done = await self._alone(guild_id, what, step) and done
        return done

    async def _alone(self, guild_id: int, what: str, step: Callable[[], Awaitable[object]]) -> bool:
        """Do one piece of due work; a failure is logged (False), and looked at again
        shortly. A piece that keeps failing is an error in the log once an hour, not at every
        retry, so that the log still shows what else goes wrong."""
        key = (guild_id, what)
        try:
            await step()
        except Exception:
            failures = self._failing.get(key, 0) + 1
            self._failing[key] = failures
            if failures % ERROR_EVERY == 1:
                log.exception(
                    "Server %s: %s failed (%d times in a row); tried again shortly",
                    guild_id,
                    what,
                    failures,
                )
            else:
                log.warning(
                    "Server %s: %s failed again (%d times in a row)", guild_id, what, failures
                )
            return False
        self._failing.pop(key, None)
        return True

    async def next_moment(self) -> datetime | None:
        """The next moment work of the servers this process runs is due: a season's end, a
        refused season's end tried again, a round's reminder or deadline."""
        owns = self.tables.owns
        moments = await season_ends(self.store) + await post_retries(self.store)
        due = [moment for guild_id, moment in moments if owns(guild_id)]
        round_moment = await self.course.next_moment()
        if round_moment is not None:
            due.append(round_moment)
        return min(due, default=None)

    async def seconds_to_next(self, *, failed: bool) -> float:
        """How long the clock may sleep: until the next piece of work is due, at most
        :data:`LONGEST_SLEEP` (:data:`RETRY_AFTER` after a failure)."""
        longest = RETRY_AFTER if failed else LONGEST_SLEEP
        due = await self.next_moment()
        if due is None:
            return longest
        return min(max((due - self.store.clock()).total_seconds(), SHORTEST_SLEEP), longest)
