"""Sharing the decision workers fairly between tables.

Every server's computer moves, hints and hand reviews go to the same few worker processes. Handed
to the executor as they come, a dozen hints asked at one table would make every other table's
next move wait behind all twelve. So jobs wait here instead, each under its owner (a table, a
game), and the executor is given no more jobs than it has workers. Whenever a worker is free,
the most urgent kind of job with any waiting goes first (a computer move holds up a game, a hint
holds up one person, a review holds up nobody yet, a puzzle's slice comes last), and within a
kind the owner served least recently: owners take turns, so one that floods the workers gets one
job in each round and another's job waits for at most the jobs already running.
"""

from __future__ import annotations

import asyncio
import functools
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

T = TypeVar("T")

#: Owners whose last turn is remembered, the most recently served: one served longer ago than
#: a thousand jobs goes first again, like an owner never served.
REMEMBERED_OWNERS = 1024


class Urgency(IntEnum):
    """The kinds of job, the most urgent first."""

    MOVE = 0
    HINT = 1
    REVIEW = 2
    #: Work nobody is waiting on at a table (dealing or searching puzzles), in slices.
    ANALYSIS = 3


@dataclass(eq=False)
class _Job:
    start: Callable[[], asyncio.Future[Any]]
    result: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


class FairScheduler:
    """Runs jobs on ``slots`` workers: by urgency, then owners in turn (see the module)."""

    def __init__(self, slots: int, kinds: Iterable[IntEnum] = Urgency) -> None:
        """``kinds``: the kinds of job, the lowest the most urgent (the decision workers'
        :class:`Urgency` unless said otherwise)."""
        if slots < 1:
            raise ValueError("a scheduler needs at least one worker")
        self._slots = slots
        self._running = 0
        #: Jobs waiting, by urgency, then by owner in the order the owners began waiting.
        self._waiting: dict[IntEnum, dict[Hashable, deque[_Job]]] = {
            kind: {} for kind in sorted(kinds)
        }
        #: When each owner was last served (a count of jobs started), the least recent first:
        #: the lowest goes first, an owner not in it before any other.
        self._served: OrderedDict[Hashable, int] = OrderedDict()
        self._started = 0

    async def run(
        self, urgency: IntEnum, owner: Hashable, start: Callable[[], asyncio.Future[T]]
    ) -> T:
        """Wait for a worker, then ``start()`` the job on it and return its result. The job of
        a caller that stops waiting before it started is never started."""
        job = _Job(start)
        self._waiting[urgency].setdefault(owner, deque()).append(job)
        self._dispatch()
        result: T = await job.result
        return result

    def cancel_waiting(self) -> None:
        """Cancel every job not started yet (the workers are stopping); running ones finish."""
        for waiting in self._waiting.values():
            for queue in waiting.values():
                for job in queue:
                    job.result.cancel()
            waiting.clear()

    def _dispatch(self) -> None:
        while self._running < self._slots:
            job = self._next()
            if job is None:
                return
            try:
                work = job.start()
            except Exception as error:  # e.g. the executor was shut down
                job.result.set_exception(error)
                continue
            self._running += 1
            work.add_done_callback(functools.partial(self._finished, job))

    def _next(self) -> _Job | None:
        """The next job to start, taken out of its queue."""
        for waiting in self._waiting.values():
            while waiting:
                owner = min(waiting, key=lambda owner: self._served.get(owner, -1))
                queue = waiting[owner]
                job = queue.popleft()
                if not queue:
                    del waiting[owner]
                if job.result.done():
                    continue  # its caller stopped waiting before it started: not a turn
                self._started += 1
                self._served[owner] = self._started
                self._served.move_to_end(owner)
                if len(self._served) > REMEMBERED_OWNERS:
                    self._served.popitem(last=False)
                return job
        return None

    def _finished(self, job: _Job, work: asyncio.Future[Any]) -> None:
        self._running -= 1
        if not job.result.done():
            if work.cancelled():
                job.result.cancel()
            elif (error := work.exception()) is not None:
                job.result.set_exception(error)
            else:
                job.result.set_result(work.result())
        self._dispatch()
