"""Run computer decisions without stalling the event loop.

A card play that may run the open-hand search (`hard` from the first trick's third card, `easy` and
`normal` in the last tricks) takes up to a couple of hundred milliseconds of CPU, so it runs in
a small pool of worker processes (spawned, so nothing of the bot's state leaks into them); rule
decisions take well under 5 ms and run inline. The review of a finished hand (a few hundred
milliseconds of exact search) runs there too, and so does the search for puzzles, in slices no
longer than a decision (`bot.ai.slices`). Views and
actions pickle, cards unpickle to the interned instances.

The workers are shared by every table of every server, so each job names its owner (the table
of a move or a hint, the game of a review) and waits in a :class:`FairScheduler`: moves first,
then hints, reviews, and last the slices of other analyses; owners in turn, never more jobs in
the executor than it has workers. Reviews and analyses hold up nobody's move, and a review costs
more than everything else a hand does (some 140 ms of search a hand of random play): a worker
runs them in a thread of its own that the operating system puts behind the event loop and the
pictures when the cores are busy (`started_in_background`), where a move or a hint keeps the
worker's own priority. A move that comes while such a slice runs still waits for that slice,
longer when the cores are busy. There is one worker per core but the one the event loop needs
(``DECISION_WORKERS`` sets another number).

Whoever watches the bot run (its metrics) may pass an observer: it hears how many searches wait
for a worker, and how long each waited before one took it.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any, Protocol, TypeVar

from bot.ai.decide import decide, hint, may_search
from bot.ai.hints import Hint
from bot.ai.review import HandReview, PlayPosition, Reviewing, review_slice
from bot.ai.scheduling import FairScheduler, Urgency
from bot.ai.slices import State, Step, Unfinished
from bot.engine import Action, Card, Game, SeatView, Suit

Result = TypeVar("Result")

log = logging.getLogger(__name__)

#: The most workers chosen from the number of cores: each is a process of its own, holding the
#: computer players' tables in memory. ``DECISION_WORKERS`` may ask for more.
MOST_WORKERS_BY_DEFAULT = 8


def default_workers() -> int:
    """One worker per core this process may use, but one left to the event loop: at least
    one, at most `MOST_WORKERS_BY_DEFAULT`."""
    if hasattr(os, "sched_getaffinity"):
        cores = len(os.sched_getaffinity(0))
    else:
        cores = os.cpu_count() or 1
    return max(1, min(cores - 1, MOST_WORKERS_BY_DEFAULT))


class PoolObserver(Protocol):
    """What the pool tells whoever watches it."""

    def decisions_waiting(self, count: int) -> None:
        """This many searches wait for a worker now."""

    def decision_waited(self, seconds: float) -> None:
        """A search waited this long before a worker began it."""


def decision_seed(game: Game) -> int:
    """A computer player's seed for the next decision of `game`: the same game, after the
    same actions, makes the same moves."""
    return (game.seed * 1_000_003 + len(game.log)) % (2**63)


def decide_seeded(view: SeatView, level: str, seed: int, budget: int | None) -> Action:
    """`decide` with a generator made from `seed`, so a decision replays exactly."""
    return decide(view, level, random.Random(seed), budget=budget)


def hint_seeded(view: SeatView, seed: int, budget: int | None) -> tuple[Action, Hint]:
    """`hint` with a generator made from `seed`."""
    return hint(view, random.Random(seed), budget=budget)


def ignore_interrupts() -> None:
    """Set up a worker: Ctrl-C in a terminal reaches every process of the group, and the bot
    stops its workers itself (:meth:`DecisionPool.close`), so a worker leaves it to the bot
    instead of failing the decision it is making and printing a traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def worker_processes(workers: int) -> ProcessPoolExecutor:
    """The processes the decisions run in: spawned, so nothing of the bot's state leaks into
    them, and deaf to Ctrl-C (`ignore_interrupts`)."""
    context = multiprocessing.get_context("spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=ignore_interrupts)


def started_and_done(work: Callable[..., Result], *args: Any) -> tuple[float, Result]:
    """Run ``work`` in a worker, and say when it began (wall-clock time, which every process
    of the machine shares), so the bot knows how long it waited."""
    started = time.time()
    return started, work(*args)


#: How much lower than a worker's the operating system's priority of its work that nobody waits
#: for is (a ``nice`` value added, at most 19): hands' reviews and puzzles' analyses.
BACKGROUND_NICENESS = 10

#: Each worker's thread for the work nobody waits for (see `started_in_background`): one per
#: thread the worker runs jobs in (its process's only one, or each of a test's threads).
_background = threading.local()


def started_in_background(work: Callable[..., Result], *args: Any) -> tuple[float, Result]:
    """`started_and_done` for work nobody waits for: run by a thread of the worker's own whose
    priority the operating system holds lower (`BACKGROUND_NICENESS`), so that on a busy
    machine it takes the cores the event loop and the pictures leave; a move or a hint, in the
    worker's own thread, keeps the worker's priority."""
    started = time.time()
    thread: ThreadPoolExecutor | None = getattr(_background, "thread", None)
    if thread is None:
        thread = _background.thread = ThreadPoolExecutor(1, "background", _lower_priority)
    return started, thread.submit(work, *args).result()


def _lower_priority() -> None:
    """This thread's priority lowered by `BACKGROUND_NICENESS` (Linux sets it thread by
    thread; elsewhere, or where the system refuses, it stays: the work is the same, only
    less polite)."""
    if sys.platform == "linux":
        thread = threading.get_native_id()
        try:
            niceness = os.getpriority(os.PRIO_PROCESS, thread) + BACKGROUND_NICENESS
            os.setpriority(os.PRIO_PROCESS, thread, min(niceness, 19))
        except OSError:
            log.warning("The decision workers' background work keeps their priority")


class DecisionPool:
    """Computer decisions for many tables, searching levels in worker processes shared fairly
    between their owners (see the module)."""

    def __init__(
        self,
        workers: int | None = None,
        *,
        observer: PoolObserver | None = None,
        executor: Executor | None = None,
    ) -> None:
        """``executor``: where the jobs run, instead of worker processes of its own (tests
        run them in threads, to hold and release them)."""
        workers = default_workers() if workers is None else workers
        if workers < 1:
            raise ValueError("a pool needs at least one worker")
        self._workers = workers
        self._executor: Executor | None = executor
        self._scheduler = FairScheduler(workers)
        self._observer = observer
        #: Searches asked for and not finished: beyond one a worker, they wait.
        self._in_flight = 0

    @property
    def workers(self) -> int:
        """How many worker processes make the decisions."""
        return self._workers

    def _pool(self) -> Executor:
        if self._executor is None:
            self._executor = worker_processes(self._workers)
        return self._executor

    async def _run(
        self, urgency: Urgency, owner: Hashable, work: Callable[..., Result], *args: Any
    ) -> Result:
        """``work(*args)`` in a worker, when the scheduler gives ``owner`` its turn; its wait
        told to the observer."""
        loop = asyncio.get_running_loop()
        submitted = time.time()
        run = started_and_done if urgency <= Urgency.HINT else started_in_background
        self._in_flight += 1
        self._tell_waiting()
        try:
            started, result = await self._scheduler.run(
                urgency,
                owner,
                lambda: loop.run_in_executor(self._pool(), run, work, *args),
            )
        finally:
            self._in_flight -= 1
            self._tell_waiting()
        if self._observer is not None:
            self._observer.decision_waited(max(0.0, started - submitted))
        return result

    def _tell_waiting(self) -> None:
        if self._observer is not None:
            self._observer.decisions_waiting(max(0, self._in_flight - self._workers))

    async def decide(
        self,
        view: SeatView,
        level: str,
        seed: int,
        budget: int | None = None,
        *,
        table: int | None = None,
    ) -> Action:
        """The action the computer player at `level` takes at `table`, reproducible from
        `seed`."""
        if not may_search(view, level):
            return decide_seeded(view, level, seed, budget)
        owner = ("table", table)
        return await self._run(Urgency.MOVE, owner, decide_seeded, view, level, seed, budget)

    async def hint(
        self, view: SeatView, seed: int, budget: int | None = None, *, table: int | None = None
    ) -> tuple[Action, Hint]:
        """What `hard` would do for this seat at `table` and why (a `hint.*` key and its
        parameters)."""
        return await self._run(Urgency.HINT, ("table", table), hint_seeded, view, seed, budget)

    async def review(
        self,
        plays: tuple[PlayPosition, ...],
        trump: Suit,
        side_of: tuple[int, ...],
        points: Mapping[Card, int],
        maker_view: SeatView | None,
        *,
        game: int | None = None,
    ) -> HandReview:
        """The double-dummy review of a finished hand of `game` (`review.review_hand`), in
        slices (`bot.ai.slices`)."""
        reviewing = Reviewing(tuple(plays), trump, side_of, points, maker_view)
        return await self._sliced(Urgency.REVIEW, ("game", game), review_slice, reviewing)

    async def analyse(self, step: Step[State, Result], state: State, *, owner: Hashable) -> Result:
        """Any other open-hand analysis of `owner`'s (a puzzle dealt or searched for), in
        slices (`bot.ai.slices`), each behind every move, hint and review."""
        return await self._sliced(Urgency.ANALYSIS, owner, step, state)

    async def _sliced(
        self, urgency: Urgency, owner: Hashable, step: Step[State, Result], state: State
    ) -> Result:
        """``step`` run slice after slice from ``state``, each slice waiting for its own turn,
        so that the analysis holds up a more urgent job for at most one slice."""
        value: Unfinished[State] | Result = Unfinished(state)
        while isinstance(value, Unfinished):
            value = await self._run(urgency, owner, step, value.state)
        return value

    def close(self) -> None:
        """Stop the workers (waits for decisions already running; those waiting for a worker
        are cancelled, so that none starts the workers again)."""
        self._scheduler.cancel_waiting()
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
