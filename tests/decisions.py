"""The computer players' worker processes the tests share: started once for the session, and
used by every pool of the session through a window of its own.

Starting worker processes (and importing the bot in them) costs about a second of CPU, and
most tests that need computer players would otherwise pay it again. :class:`SessionProcesses`
starts them at the session's first job and stops them at its end. :class:`SharedWorkers` is one
pool's window on them: shutting it down, as a pool does when it closes, waits for that pool's
own jobs, or cancels those not begun, and leaves the processes running for the next test. The
bots of the SimCord tests use such a window (SimCord follows their jobs through the processes'
executor), and the pools of the service tests use :class:`RememberingExecutor`.

Every job the pool sends its workers is a pure function of what it is sent: a decision of a seat
from its view, level and seed, a slice of a review or of a puzzle's search from where the last
slice stopped (``bot.ai.pool``). Many service tests ask for the same ones (the day's deals and
their par, the day's puzzle, the same seeded games), each on a fresh store, so the workers would
play the same hands again test after test. :class:`RememberingExecutor` runs a job the first
time it is sent and hands back what it returned when the very same job (the same function and
arguments, pickled alike) comes again. The scheduling, slicing and waiting of the pool run as
ever; the pool's own tests (``tests/ai/test_pool*.py``) use pools of their own, whose workers
work everything out.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from typing import Any

from bot.ai.pool import worker_processes


class SessionProcesses:
    """The session's worker processes, started at the first job sent to them."""

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    def executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._executor is None:
                self._executor = worker_processes(self._workers)
            return self._executor

    def close(self) -> None:
        """Stop the processes (at the end of the session)."""
        with self._lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


class SharedWorkers(Executor):
    """One pool's window on the session's processes: its jobs run there, and shutting it down
    ends only its own jobs."""

    def __init__(self, processes: SessionProcesses) -> None:
        self._processes = processes
        self._running: set[Future[Any]] = set()
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        running = self._processes.executor().submit(fn, *args, **kwargs)
        with self._lock:
            self._running.add(running)
        running.add_done_callback(self._finished)
        return running

    def _finished(self, job: Future[Any]) -> None:
        with self._lock:
            self._running.discard(job)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The end of this pool's jobs: those not begun are cancelled when asked, the others
        waited for when asked; the processes stay for the session."""
        with self._lock:
            running = list(self._running)
        if cancel_futures:
            for job in running:
                job.cancel()
        if wait:
            futures.wait(running)


class RememberingExecutor(SharedWorkers):
    """Runs each distinct job once in the session's processes; the same job again gets its
    result back at once. Only a finished job is remembered (not one that failed or was
    cancelled)."""

    def __init__(self, processes: SessionProcesses) -> None:
        super().__init__(processes)
        self._results: dict[bytes, Any] = {}

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        key = pickle.dumps((fn, args, kwargs))
        with self._lock:
            if key in self._results:
                done: Future[Any] = Future()
                done.set_result(self._results[key])
                return done
        running = super().submit(fn, *args, **kwargs)
        running.add_done_callback(lambda finished: self._remember(key, finished))
        return running

    def _remember(self, key: bytes, finished: Future[Any]) -> None:
        if not finished.cancelled() and finished.exception() is None:
            with self._lock:
                self._results[key] = finished.result()
