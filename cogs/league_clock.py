"""The league's clock: the work that has come due, read from the store, done when it is due.

Seasons end when their dates say (``bot/league/seasons.py``): their awards are stored, the next
season starts, then their end is posted (``cogs/seasons.py``). Tournaments move on round by round
(``cogs/tournament_rounds.py``). Nothing is kept in memory between two looks, so a restart, or
another process taking the server over, carries on from the store: each process does the work
of the servers it runs only (``TableService.owns``), and the store lets each piece of work be
done once. Each server's due work runs on its own, beside the others', and each piece of it
alone: a failure (Discord refusing a post, a damaged row) is logged, its piece is looked at
again shortly, and no other piece, of that server or another, waits for it.

The clock sleeps until the next moment something is due, as the store says (a season's end, a
round's reminder or deadline), and never longer than :data:`LONGEST_SLEEP`. What makes new work
wakes it: a table that closed (a match may be over), and a command that changed a tournament
(the bot's ``cinch_table_closed`` and ``cinch_league_changed`` events).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import defaultdict
from collections.abc import Awaitable, Callable
from functools import partial

from discord.ext import commands

from bot.league import tournaments
from bot.league.seasons import due_seasons, end_season, post_retries, season_ends, unposted
from bot.league.tournaments import Status
from cogs.seasons import post_season_end
from cogs.shared.client import CinchClient
from cogs.tournament_rounds import carry_on, next_moment

log = logging.getLogger(__name__)

#: The longest the clock sleeps without looking at the store again (seconds).
LONGEST_SLEEP = 60 * 60
#: After a failure, the clock looks again this much later (seconds).
RETRY_AFTER = 60
#: The shortest sleep (seconds): work due that cannot be done yet is looked at again this
#: often, never in a loop that would hold the event loop.
SHORTEST_SLEEP = 5


class LeagueClock(commands.Cog):
    """Does the league's due work, sleeping in between."""

    def __init__(self, bot: CinchClient) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None
        #: Sleeping until the next due moment (only then may a wake-up cut the sleep short).
        self._sleeping = False
        #: Woken while working: look again at once after this round of work.
        self._again = False
        #: Some work failed: look again soon.
        self._failed = False

    async def cog_load(self) -> None:
        self._task = asyncio.create_task(self._run(), name="league clock")

    async def cog_unload(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @commands.Cog.listener()
    async def on_cinch_table_closed(self, table_id: int) -> None:
        self.wake()

    @commands.Cog.listener()
    async def on_cinch_league_changed(self) -> None:
        self.wake()

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
            self._failed = False
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
        """End every season that is over, post every ended season not posted yet, and move
        every running tournament on, for the servers this process runs: each server beside
        the others, and each piece of work alone (see the module's docstring)."""
        client = self.bot
        owns = client.tables.owns
        for season in await due_seasons(client.store):  # the store's work alone: first
            if owns(season.guild_id):
                await self._alone(
                    season.guild_id,
                    f"ending season {season.number}",
                    partial(end_season, client.store, season),
                )
        work: dict[int, list[tuple[str, Callable[[], Awaitable[object]]]]] = defaultdict(list)
        for season in await unposted(client.store):
            if owns(season.guild_id):
                work[season.guild_id].append(
                    (f"posting season {season.number}", partial(post_season_end, client, season))
                )
        for tournament in await tournaments.going_on(client.store):
            if tournament.status is Status.RUNNING and owns(tournament.guild_id):
                work[tournament.guild_id].append(
                    (f"tournament {tournament.id}", partial(carry_on, client, tournament))
                )
        await asyncio.gather(*(self._server_work(guild, steps) for guild, steps in work.items()))

    async def _server_work(
        self, guild_id: int, steps: list[tuple[str, Callable[[], Awaitable[object]]]]
    ) -> None:
        """One server's due work, in order, each step alone."""
        for what, step in steps:
            await self._alone(guild_id, what, step)

    async def _alone(
        self, guild_id: int, what: str, step: Callable[[], Awaitable[object]]
    ) -> None:
        """Do one piece of due work; a failure is logged, and looked at again shortly."""
        try:
            await step()
        except Exception:
            log.exception("Server %s: %s failed; tried again shortly", guild_id, what)
            self._failed = True

    async def _seconds_to_next(self) -> float:
        """How long until the next piece of work is due, at most :data:`LONGEST_SLEEP`."""
        store, owns = self.bot.store, self.bot.tables.owns
        moments = await season_ends(store) + await post_retries(store)
        due = [moment for guild_id, moment in moments if owns(guild_id)]
        round_moment = await next_moment(self.bot)
        if round_moment is not None:
            due.append(round_moment)
        longest = RETRY_AFTER if self._failed else LONGEST_SLEEP
        if not due:
            return longest
        return min(max((min(due) - store.clock()).total_seconds(), SHORTEST_SLEEP), longest)


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(LeagueClock(bot))
