"""The league's clock: the work that has come due, read from the store, done when it is due.

Seasons end when their dates say (``bot/league/seasons.py``): their awards are stored, the next
season starts, then their end is posted (``cogs/seasons.py``). Nothing is kept in memory between
two looks, so a restart, or another process taking the server over, carries on from the store:
each process does the work of the servers it runs only (``TableService.owns``), and the store
lets each piece of work be done once.

The clock sleeps until the next moment something is due, as the store says, and never longer
than :data:`LONGEST_SLEEP`; whatever makes new work sooner (a command) wakes it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from discord.ext import commands

from bot.league.seasons import due_seasons, end_season, season_ends, unposted
from cogs.client import CinchClient
from cogs.seasons import post_season_end

log = logging.getLogger(__name__)

#: The longest the clock sleeps without looking at the store again (seconds).
LONGEST_SLEEP = 60 * 60
#: After a failure, the clock looks again this much later (seconds).
RETRY_AFTER = 60


class LeagueClock(commands.Cog):
    """Does the league's due work, sleeping in between."""

    def __init__(self, bot: CinchClient) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        #: Sleeping until the next due moment (only then may a wake-up cut the sleep short).
        self._sleeping = False
        #: Woken while working: look again at once after this round of work.
        self._again = False

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="league clock")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def wake(self) -> None:
        """New work may be due sooner than the clock thought: look again now."""
        if self._sleeping and self._task is not None:
            self._task.cancel()
            self._task = asyncio.create_task(self._run(), name="league clock")
        else:
            self._again = True

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        while True:
            self._again = False
            try:
                await self.due_work()
                wait = await self._seconds_to_next()
            except Exception:
                log.exception("The league's due work failed; it is tried again shortly")
                wait = RETRY_AFTER
            if self._again:
                continue
            self._sleeping = True
            try:
                await asyncio.sleep(wait)
            finally:
                self._sleeping = False

    async def due_work(self) -> None:
        """End every season that is over, then post every ended season not posted yet, for
        the servers this process runs."""
        client = self.bot
        owns = client.tables.owns
        for season in await due_seasons(client.store):
            if owns(season.guild_id):
                await end_season(client.store, season)
        for season in await unposted(client.store):
            if owns(season.guild_id):
                await post_season_end(client, season)

    async def _seconds_to_next(self) -> float:
        """How long until the next piece of work is due, at most :data:`LONGEST_SLEEP`."""
        store, owns = self.bot.store, self.bot.tables.owns
        due = [moment for guild_id, moment in await season_ends(store) if owns(guild_id)]
        if not due:
            return LONGEST_SLEEP
        return min(max((min(due) - store.clock()).total_seconds(), 0.0), LONGEST_SLEEP)


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(LeagueClock(bot))
