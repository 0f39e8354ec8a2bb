"""Folding many table changes into few table-message edits.

Discord lets a bot post and edit messages in a channel about five times each in five seconds. A
table changes far more often when computer players follow each other, so showings are folded
per table:

- a change marked *settled* (a person is to act, or the table waits) is shown at once, or as
  soon as the last showing is ``min_interval`` old (none by default: what is left of the
  channel's budget decides, in the Discord layer, and a showing that must wait for it folds
  every change made meanwhile; waiting here too would wait twice);
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
from dataclasses import dataclass

log = logging.getLogger(__name__)

Flush = Callable[[int, bool], Awaitable[None]]
Sleep = Callable[[float], Awaitable[None]]


@dataclass
class _Pending:
    dirty: bool = False
    repost: bool = False
    settled: bool = False
    #: Sleeping until an unsettled change must be shown: a settled change may cut this short.
    waiting: bool = False
    worker: asyncio.Task[None] | None = None


#: Seconds between two showings of one table message: none. The channel's own budget paces them
#: (``scripts/bench_channel_pace.py``: p95 from click to table 0.90-0.95 s with none, 1.30-1.33 s
#: with a second, four quick players on Discord's per-channel limits).
MIN_INTERVAL = 0.0
#: The longest a change waits for the computer players after it before it shows.
MAX_DELAY = 5.0


class EditCoalescer:
    """Calls ``flush(key, repost)`` for marked keys, no more often than the rules above.

    Each key has one worker task. It only ever waits by sleeping (no events), so tests on
    virtual time can tell it is idle; a settled change interrupts the wait for an unsettled
    one by cancelling the sleeping worker, never a worker that is showing the table.
    """

    def __init__(
        self,
        flush: Flush,
        *,
        sleep: Sleep = asyncio.sleep,
        min_interval: float = MIN_INTERVAL,
        max_delay: float = MAX_DELAY,
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
        pending.settled = pending.settled or settled
        worker = pending.worker
        if worker is not None and not worker.done():
            if not (settled and pending.waiting):
                return
            pending.waiting = False
            worker.cancel()
        pending.worker = asyncio.get_running_loop().create_task(self._work(key, pending))

    async def _work(self, key: int, pending: _Pending) -> None:
        while pending.dirty:
            if not pending.settled:
                pending.waiting = True
                await self._sleep(self.max_delay)
            pending.waiting = False
            repost = pending.repost
            pending.repost = pending.dirty = pending.settled = False
            try:
                await self._flush(key, repost)
            except Exception:
                log.exception("Could not show table %s", key)
            await self._sleep(self.min_interval)
        if self._pending.get(key) is pending:
            del self._pending[key]

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[None]]:
        """The workers still running (for shutdown, and tests that wait for them)."""
        return frozenset(
            p.worker for p in self._pending.values() if p.worker is not None and not p.worker.done()
        )

    async def close(self) -> None:
        workers = list(self.pending_tasks)
        for worker in workers:
            worker.cancel()
        await asyncio.gather(*workers, return_exceptions=True)
        self._pending.clear()
