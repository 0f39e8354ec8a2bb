"""Pictures drawn in a small pool of threads of their own, the most awaited first.

A picture takes a few milliseconds of CPU, much of it holding the interpreter lock. Run in
``asyncio.to_thread``'s shared pool, a burst of pictures from many tables fills every worker
thread, and the event loop (which answers every interaction and commits every action) then waits
its turn for the lock behind all of them. A single thread keeps drawing off the loop while
leaving the loop's thread a fair share (`DRAWING_THREADS`).

When more pictures are asked for than the threads draw, they wait here, never in the threads'
own queue, and the most awaited go first (:class:`Picture`): the hand a player is waiting for in
reply to their click, then the table messages, then the pictures of results. Within a kind,
tables take turns (the decision workers' :class:`~bot.ai.scheduling.FairScheduler`), so one busy
table never holds up another's picture for more than the ones already being drawn. A table
message waiting here folds every change made meanwhile (its edits are coalesced), so a backlog
of table pictures shrinks itself instead of growing without end.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from enum import IntEnum
from typing import TypeVar

from bot.ai.scheduling import FairScheduler

Scene = TypeVar("Scene")

#: Threads that draw. One: a second thread draws little more (most of a picture holds the
#: interpreter lock) and makes the loop wait for the lock twice as often; at 1,000 busy tables
#: the loop's p99 was 17-39 ms with one thread against 70-158 ms with two (docs/benchmarks.md).
DRAWING_THREADS = 1


class Picture(IntEnum):
    """The kinds of picture, the most awaited first."""

    #: Someone waits for it in reply to what they just did (their hand).
    ANSWER = 0
    #: A table message: everyone at the table watches it.
    TABLE = 1
    #: A result shown below the table (a hand's or a game's summary): it may come a moment later.
    RESULT = 2


class Drawing:
    """``await drawing(render_table, scene, Picture.TABLE, owner=table_id)``: a picture drawn
    in the drawing threads, in its turn (see the module)."""

    def __init__(self, threads: int = DRAWING_THREADS, *, processes: bool = False) -> None:
        """``threads`` draw at once; with ``processes``, each is a process of its own (see
        :meth:`in_processes`)."""
        self._pool: Executor
        if processes:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(threads, mp_context=context)
        else:
            self._pool = ThreadPoolExecutor(threads, thread_name_prefix="drawing")
        self._turns = FairScheduler(threads, Picture)

    @classmethod
    def in_processes(cls, count: int) -> Drawing:
        """Pictures drawn in ``count`` processes of their own: much of a picture's painting
        holds the interpreter lock, and in threads it makes the event loop wait for the lock
        at each of its steps (each query, each answer); in processes the loop keeps its lock
        and the pictures use the other core. Each process holds the card art (some 50 MB)."""
        return cls(count, processes=True)

    async def __call__(
        self,
        render: Callable[[Scene], bytes],
        scene: Scene,
        kind: Picture = Picture.ANSWER,
        *,
        owner: Hashable = None,
    ) -> bytes:
        loop = asyncio.get_running_loop()
        return await self._turns.run(
            kind, owner, lambda: loop.run_in_executor(self._pool, render, scene)
        )

    async def latest(
        self,
        render: Callable[[Scene], bytes],
        scene: Callable[[], Scene],
        kind: Picture,
        *,
        owner: Hashable = None,
    ) -> bytes:
        """A picture of what ``scene()`` says when a thread is free to draw it (not when it
        was asked for): a picture that waited shows what changed while it waited."""
        loop = asyncio.get_running_loop()
        return await self._turns.run(
            kind, owner, lambda: loop.run_in_executor(self._pool, render, scene())
        )

    def close(self) -> None:
        """Pictures not begun are cancelled; those being drawn (a few milliseconds) are
        waited for, so that no drawing process outlives the bot."""
        self._turns.cancel_waiting()
        self._pool.shutdown(wait=True, cancel_futures=True)
