"""The league's clock: asks the league service for the work that came due, when it is due; and
the league's buttons, registered with the bot.

The service says what is due and does it (``bot/league/service.py``): seasons that end, their
ends posted, tournaments moved on round by round. This extension only sleeps until the next
moment the service names, never longer than it allows, and wakes when the service says new
work may be due sooner: a match's table that closed (the bot's ``cinch_table_closed`` event,
told to the service), or an intention that changed a tournament.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from discord.ext import commands

from bot.league.due_work import RETRY_AFTER
from cogs.league.signup import LEAGUE_COMPONENTS
from cogs.shared.client import CinchClient

log = logging.getLogger(__name__)


class LeagueClock(commands.Cog):
    """Asks for the league's due work, sleeping in between."""

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

    @commands.Cog.listener()
    async def on_cinch_table_closed(self, table_id: int) -> None:
        await self.bot.league.table_closed(table_id)

    def wake(self) -> None:
        """New work may be due sooner than the clock thought: look again now."""
        if self._sleeping and self._task is not None:
            self._task.cancel()
            self._task = asyncio.create_task(self._run(), name="league clock")
        else:
            self._again = True

    async def _run(self) -> None:
        await self.bot.wait_until_ready()
        service = self.bot.league
        service.when_changed(self.wake)
        while True:
            self._again = False
            try:
                done = await service.due_work()
                wait = await service.seconds_to_next(failed=not done)
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


async def setup(bot: CinchClient) -> None:
    bot.add_dynamic_items(*LEAGUE_COMPONENTS)
    await bot.add_cog(LeagueClock(bot))


async def teardown(bot: CinchClient) -> None:
    bot.remove_dynamic_items(*LEAGUE_COMPONENTS)
