"""Folding many table changes into few table-message edits.

Discord lets a bot edit messages in a channel about five times in five seconds. A table changes
far more often when computer players follow each other, so edits are coalesced per table:

- a change marked *settled* (a person is to act, or the table waits) is shown at once, or as
  soon as the last edit is ``min_interval`` old;
- an unsettled change (a computer player is about to move) waits to be folded into the next
  edit, but never longer than ``max_delay``, so a long run of computer moves still shows;
- at most one edit per table is in flight, and changes made during it are shown by the next.

A person playing a card with computer players after them therefore costs one edit, made when
the computer players are done (or the next one, for a run longer than ``max_delay``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

log = logging.getLogger(__name__)

Flush = Callable[[int, bool], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class _Pending:
    dirty: bool = False
    repost: bool = False
    settled: asyncio.Event = field(default_factory=asyncio.Event)
    worker: asyncio.Task[None] | None = None


class EditCoalescer:
    """Calls ``flush(key, repost)`` for marked keys, no more often than the rules above."""

    def __init__(
        self,
        flush: Flush,
        *,
        sleep: Sleep = asyncio.sleep,
        min_interval: float = 1.0,
        max_delay: float = 5.0,
    ) -> None:
        self._flush = flush
        self._sleep = sleep
        self.min_interval = min_interval
        self.max_delay = max_delay
        self._pending: dict[int, _Pending] = {}

    def mark(self, key: int, *, settled: bool, repost: bool = False) -> None:
        """Note that ``key`` changed; ``repost`` asks for a new message instead of an edit."""
        pending = self._pending.setdefault(key, _Pending())
        pending.dirty = True
        pending.repost = pending.repost or repost
        if settled:
            pending.settled.set()
        if pending.worker is None or pending.worker.done():
            pending.worker = asyncio.get_running_loop().create_task(self._work(key, pending))

    async def _work(self, key: int, pending: _Pending) -> None:
        while pending.dirty:
            await self._until_settled(pending)
            repost, pending.repost, pending.dirty = pending.repost, False, False
            pending.settled.clear()
            try:
                await self._flush(key, repost)
            except Exception:
                log.exception("Could not show table %s", key)
            await self._sleep(self.min_interval)
        if self._pending.get(key) is pending and not pending.dirty:
            del self._pending[key]

    async def _until_settled(self, pending: _Pending) -> None:
        if pending.settled.is_set():
            return
        waiting = asyncio.ensure_future(pending.settled.wait())
        timeout = asyncio.ensure_future(self._sleep(self.max_delay))
        try:
            await asyncio.wait((waiting, timeout), return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiting.cancel()
            timeout.cancel()

    async def close(self) -> None:
        workers = [p.worker for p in self._pending.values() if p.worker is not None]
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._pending.clear()
