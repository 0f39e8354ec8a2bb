"""The end of each day: every server that chose a channel (``/cinch-server boards settings
daily_channel:``) and had players that day gets its board posted once the day is over.

Nothing is remembered in memory: what is due comes from the store (a server with a channel,
someone who played the day, and no post claimed yet), so a bot that was stopped at midnight
posts the day when it starts again. Each post is claimed in the store before it is sent, so it
goes out once even with several processes; and with shards split over processes, only the
process that owns the server's shard posts it. Only the day that has just ended is posted: a
bot stopped for longer leaves the older days unposted rather than filling the channel.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import date

from bot.daily.days import ONE_DAY, day_end
from bot.daily.service import DailyDeals
from bot.daily.shown import DayBoard

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]

#: Seconds after midnight the posts wait, so that a clock a little behind does not find the
#: day still running.
AFTER_MIDNIGHT = 5.0


@dataclass(frozen=True, slots=True)
class DayEnd:
    """A server's day to post: its board, as anyone may now see it."""

    guild_id: int
    channel_id: int
    board: DayBoard


#: Shows a server's end of day in its channel (the Discord layer's part).
Post = Callable[[DayEnd], Awaitable[None]]


class DayEndPosts:
    """Posts each server's day once it is over, from the store (see the module)."""

    def __init__(
        self,
        daily: DailyDeals,
        post: Post,
        *,
        owns: Callable[[int], bool] | None = None,
        sleep: Sleep = asyncio.sleep,
    ) -> None:
        self._daily = daily
        self._post = post
        self._owns = owns
        self._sleep = sleep
        self._task: asyncio.Task[None] | None = None

    async def post_due(self) -> list[int]:
        """Post the day that has just ended in every server where it is due and that this
        process owns; the servers posted."""
        ended = self._daily.today() - ONE_DAY
        posted = []
        records = self._daily.records
        for guild_id, channel_id in await records.posts_due(ended):
            if self._owns is not None and not self._owns(guild_id):
                continue
            if not await records.claim_post(guild_id, ended, channel_id):
                continue  # another process took it
            try:
                board = await self._daily.ended_day_board(guild_id, ended)
                await self._post(DayEnd(guild_id, channel_id, board))
            except Exception:
                log.exception("Could not post the end of %s in server %s", ended, guild_id)
                continue
            posted.append(guild_id)
        return posted

    async def run(self) -> None:
        """Post what is due now, then at every midnight (UTC), until stopped."""
        while True:
            try:
                await self.post_due()
            except Exception:
                log.exception("Could not post the end of the day")
            await self._sleep(self._until_tomorrow(self._daily.today()))

    def _until_tomorrow(self, today: date) -> float:
        now = self._daily.now()
        return max((day_end(today) - now).total_seconds(), 0.0) + AFTER_MIDNIGHT

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self.run())

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
            self._task = None
