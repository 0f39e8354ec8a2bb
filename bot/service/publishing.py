"""Handing what a change should show to the outbox: pictures drawn, delivered in order.

A change is decided under the table's lock, but its pictures are drawn and its messages sent
afterwards, in a background task, so the next click is not kept waiting. The table's
``publishing`` lock keeps those deliveries in the order the changes happened.

Background tasks (computer moves, turn timers, deliveries) are kept in one set so that shutting
down can cancel every one of them, and so that a task that fails is logged instead of vanishing
with its exception unseen.

Pictures are drawn in a small pool of threads of their own: a picture takes a few milliseconds of
CPU, much of it holding the interpreter lock. Run in ``asyncio.to_thread``'s shared pool, a
burst of pictures from many tables fills every worker thread, and the event loop (which answers
every interaction and commits every action) then waits its turn for the lock behind all of
them. A pool of one or two threads keeps drawing off the loop while leaving the loop's thread a
fair share.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

from bot.service.table import Table
from bot.service.updates import Announcement, Outbox, Update

log = logging.getLogger(__name__)


class BackgroundTasks:
    """Tasks started on the running loop, remembered until they finish."""

    def __init__(self) -> None:
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    @property
    def pending(self) -> frozenset[asyncio.Task[Any]]:
        """The tasks not finished yet."""
        return frozenset(task for task in self._tasks if not task.done())

    async def cancel_all(self) -> None:
        """Cancel every task and wait until each one has stopped."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("A table task failed", exc_info=task.exception())


Scene = TypeVar("Scene")

#: Threads that draw. Two use both cores of a small server without crowding the loop out.
DRAWING_THREADS = 2


class Drawing:
    """``await drawing(render_table, scene)``: a picture drawn in the drawing threads."""

    def __init__(self, threads: int = DRAWING_THREADS) -> None:
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="drawing")

    async def __call__(self, render: Callable[[Scene], bytes], scene: Scene) -> bytes:
        return await asyncio.get_running_loop().run_in_executor(self._pool, render, scene)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True, slots=True)
class PendingAnnouncement:
    """An announcement whose picture (if any) is still to be drawn from ``scene``."""

    text: str
    scene: Any = None
    render: Callable[[Any], bytes] | None = None
    filename: str | None = None
    hand: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """An update and its announcements, before their pictures are drawn."""

    update: Update
    announcements: tuple[PendingAnnouncement, ...] = ()


class Publisher:
    """Draws a pending update's pictures and delivers it to the outbox, in the background."""

    def __init__(self, outbox: Outbox, draw: Drawing, tasks: BackgroundTasks) -> None:
        self._outbox = outbox
        self._draw = draw
        self._tasks = tasks

    def publish(self, table: Table, pending: Pending) -> None:
        self._tasks.spawn(self._deliver(table, pending))

    async def _deliver(self, table: Table, pending: Pending) -> None:
        async with table.publishing:
            announcements = []
            for item in pending.announcements:
                picture = None
                if item.render is not None:
                    picture = await self._draw(item.render, item.scene)
                announcements.append(Announcement(item.text, picture, item.filename, item.hand))
            await self._outbox.deliver(replace(pending.update, announcements=tuple(announcements)))
