"""The table service's background tasks (computer moves, turn timers, deliveries), kept in one
set so that shutting down can cancel every one of them, and so that a task that fails is logged
instead of vanishing with its exception unseen."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import Any

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
