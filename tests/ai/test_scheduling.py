"""The order in which the decision workers take jobs: the most urgent kind first, and within a
kind the table served least recently, so that a flood at one table delays another table by at
most one job (the one a worker is already running)."""

from __future__ import annotations

import asyncio
import os
import sys
import threading
from collections.abc import Hashable
from concurrent.futures import ThreadPoolExecutor

import pytest

from bot.ai.pool import (
    BACKGROUND_NICENESS,
    DecisionPool,
    started_and_done,
    started_in_background,
)
from bot.ai.scheduling import FairScheduler, Urgency
from bot.ai.slices import Unfinished
from bot.engine import Suit


class HandStartedWork:
    """Stands for the executor: records each job as a worker takes it, and finishes jobs only
    when the test says so, so the order does not depend on how long anything takes."""

    def __init__(self) -> None:
        self.started: list[str] = []
        self._running: dict[str, asyncio.Future[str]] = {}

    def start(self, name: str) -> asyncio.Future[str]:
        self.started.append(name)
        future = asyncio.get_running_loop().create_future()
        self._running[name] = future
        return future

    def running(self) -> list[str]:
        return [name for name, future in self._running.items() if not future.done()]

    async def finish(self, name: str) -> None:
        self._running[name].set_result(name)
        await asyncio.sleep(0)

    async def fail(self, name: str, error: Exception) -> None:
        self._running[name].set_exception(error)
        await asyncio.sleep(0)


async def queue(
    scheduler: FairScheduler, work: HandStartedWork, urgency: Urgency, owner: Hashable, name: str
) -> asyncio.Task[str]:
    task = asyncio.create_task(scheduler.run(urgency, owner, lambda: work.start(name)))
    await asyncio.sleep(0)  # the job is queued (or started) before the next one
    return task


async def finish_all(work: HandStartedWork, tasks: list[asyncio.Task[str]]) -> None:
    while not all(task.done() for task in tasks):
        for name in work.running():
            await work.finish(name)
        await asyncio.sleep(0)


async def test_a_move_behind_twelve_hints_at_another_table_waits_for_the_running_one_only():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.HINT, "A", f"A{n}") for n in range(12)]
    tasks.append(await queue(scheduler, work, Urgency.MOVE, "B", "B move"))
    assert work.started == ["A0"]  # one worker: the rest wait in the scheduler
    await finish_all(work, tasks)
    assert work.started[:2] == ["A0", "B move"]
    assert [task.result() for task in tasks] == [*(f"A{n}" for n in range(12)), "B move"]


async def test_a_hint_behind_a_flood_of_hints_at_another_table_is_next():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.HINT, "A", f"A{n}") for n in range(12)]
    tasks.append(await queue(scheduler, work, Urgency.HINT, "B", "B0"))
    tasks.append(await queue(scheduler, work, Urgency.HINT, "B", "B1"))
    await finish_all(work, tasks)
    # Turn about: B's first job right after the running one, then one of A's, then B's next.
    assert work.started[:5] == ["A0", "B0", "A1", "B1", "A2"]


async def test_moves_go_before_hints_and_hints_before_reviews():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.REVIEW, "A", "A review")]
    tasks.append(await queue(scheduler, work, Urgency.REVIEW, "C", "C review"))
    tasks.append(await queue(scheduler, work, Urgency.HINT, "B", "B hint"))
    tasks.append(await queue(scheduler, work, Urgency.MOVE, "C", "C move"))
    tasks.append(await queue(scheduler, work, Urgency.MOVE, "A", "A move"))
    await finish_all(work, tasks)
    assert work.started == ["A review", "C move", "A move", "B hint", "C review"]


async def test_no_more_jobs_run_at_once_than_there_are_workers():
    scheduler, work = FairScheduler(slots=2), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.HINT, "A", f"A{n}") for n in range(5)]
    assert work.running() == ["A0", "A1"]
    await work.finish("A1")
    assert work.running() == ["A0", "A2"]
    await finish_all(work, tasks)
    assert work.started == [f"A{n}" for n in range(5)]


async def test_a_job_given_up_before_it_started_never_runs():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    first = await queue(scheduler, work, Urgency.MOVE, "A", "A0")
    dropped = await queue(scheduler, work, Urgency.MOVE, "B", "B0")
    last = await queue(scheduler, work, Urgency.MOVE, "C", "C0")
    dropped.cancel()
    await finish_all(work, [first, last])
    assert work.started == ["A0", "C0"]
    assert dropped.cancelled()


async def test_a_failed_job_fails_its_caller_and_frees_its_worker():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    failing = await queue(scheduler, work, Urgency.HINT, "A", "A0")
    after = await queue(scheduler, work, Urgency.HINT, "A", "A1")
    await work.fail("A0", ValueError("no such position"))
    await finish_all(work, [after])
    with pytest.raises(ValueError, match="no such position"):
        failing.result()
    assert after.result() == "A1"


async def test_a_table_that_goes_quiet_does_not_jump_the_queue_when_it_comes_back():
    # A asks again as soon as its last job is taken: it must still take turns with B.
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.HINT, "B", "B0")]
    tasks.append(await queue(scheduler, work, Urgency.HINT, "B", "B1"))
    tasks.append(await queue(scheduler, work, Urgency.HINT, "A", "A0"))
    await work.finish("B0")  # A0 starts: A has nothing more waiting
    tasks.append(await queue(scheduler, work, Urgency.HINT, "A", "A1"))
    await finish_all(work, tasks)
    assert work.started == ["B0", "A0", "B1", "A1"]


async def test_jobs_still_waiting_when_the_workers_stop_are_cancelled():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    running = await queue(scheduler, work, Urgency.MOVE, "A", "A0")
    waiting = [await queue(scheduler, work, Urgency.HINT, "B", f"B{n}") for n in range(2)]
    scheduler.cancel_waiting()
    await work.finish("A0")
    await asyncio.gather(*waiting, return_exceptions=True)
    assert running.result() == "A0"
    assert all(task.cancelled() for task in waiting)
    assert work.started == ["A0"]


async def test_a_slice_of_a_puzzle_search_goes_after_every_move_hint_and_review():
    scheduler, work = FairScheduler(slots=1), HandStartedWork()
    tasks = [await queue(scheduler, work, Urgency.MOVE, "A", "A move")]
    tasks.append(await queue(scheduler, work, Urgency.ANALYSIS, "puzzles", "puzzle slice"))
    tasks.append(await queue(scheduler, work, Urgency.REVIEW, "G", "G review"))
    tasks.append(await queue(scheduler, work, Urgency.HINT, "B", "B hint"))
    tasks.append(await queue(scheduler, work, Urgency.MOVE, "C", "C move"))
    await finish_all(work, tasks)
    assert work.started == ["A move", "C move", "B hint", "G review", "puzzle slice"]


class HeldSlices:
    """An analysis of three slices whose first is held until the test lets it go (the pool
    runs it in a thread here), recording the order in which the worker takes jobs."""

    def __init__(self) -> None:
        self.taken: list[str] = []
        self.first_taken = threading.Event()
        self.gate = threading.Event()

    def step(self, state: int) -> Unfinished[int] | str:
        self.taken.append(f"slice {state}")
        if state == 0:
            self.first_taken.set()
            self.gate.wait(timeout=60)
        return Unfinished(state + 1) if state < 2 else "found"


async def test_a_review_asked_during_a_long_analysis_waits_for_the_running_slice_only():
    slices = HeldSlices()
    pool = DecisionPool(1, executor=ThreadPoolExecutor(1))
    try:
        analysis = asyncio.create_task(pool.analyse(slices.step, 0, owner="puzzles"))
        await asyncio.to_thread(slices.first_taken.wait, 60)
        # A finished hand with no card left to judge: its review is one short slice.
        review = asyncio.create_task(pool.review((), Suit.HEARTS, (0, 1, 0, 1), {}, None, game=7))
        await asyncio.sleep(0)
        slices.gate.set()
        done, _ = await asyncio.wait({analysis, review}, return_when=asyncio.FIRST_COMPLETED)
        assert done == {review}  # before the analysis's next slices
        assert review.result().verdicts == ()
        assert await analysis == "found"
    finally:
        pool.close()
    assert slices.taken == ["slice 0", "slice 1", "slice 2"]


def thread_niceness(state: int) -> int:
    """A step that answers at once with the operating system's priority of the thread it runs
    in (its ``nice`` value)."""
    return os.getpriority(os.PRIO_PROCESS, threading.get_native_id())


@pytest.mark.skipif(sys.platform != "linux", reason="Linux sets priorities thread by thread")
async def test_work_nobody_waits_for_runs_behind_moves_when_the_cores_are_busy():
    own = thread_niceness(0)
    pool = DecisionPool(1, executor=ThreadPoolExecutor(1))
    try:
        analysed = await pool.analyse(thread_niceness, 0, owner="puzzles")
    finally:
        pool.close()
    assert analysed == min(own + BACKGROUND_NICENESS, 19)
    # A move or a hint runs at the worker's own priority.
    assert started_and_done(thread_niceness, 0)[1] == own


def test_work_nobody_waits_for_still_runs_where_its_priority_cannot_be_lowered(monkeypatch):
    def refused(*args: object) -> None:
        raise PermissionError("not allowed here")

    monkeypatch.setattr(os, "setpriority", refused)
    answers: list[tuple[float, int]] = []
    # A thread of its own gets a background thread of its own, set up under the refusal.
    caller = threading.Thread(target=lambda: answers.append(started_in_background(len, "four")))
    caller.start()
    caller.join(timeout=60)
    assert [answer for _, answer in answers] == [4]
