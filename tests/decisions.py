"""The computer players' worker processes the tests share: started once for the session, they
work each job out once.

Every job the pool sends its workers is a pure function of what it is sent: a decision of a seat
from its view, level and seed, a slice of a review or of a puzzle's search from where the last
slice stopped (``bot.ai.pool``). Many tests ask for the same ones (the day's deals and their par,
the day's puzzle, the same seeded games), each on a fresh store, so the workers would play the same
hands again test after test, and each service would start processes of its own.
:class:`RememberingExecutor` runs a job the first time it is sent and hands back what it returned
when the very same job (the same function and arguments, pickled alike) comes again. The
scheduling, slicing and waiting of the pool run as ever; the pool's own tests
(``tests/ai/test_pool*.py``) use pools of their own, whose workers work everything out, and so
do the bots of the SimCord tests (SimCord follows a bot's jobs in process and thread pools only).
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from concurrent import futures
from concurrent.futures import Executor, Future
from typing import Any

from bot.ai.pool import worker_processes


class RememberingExecutor(Executor):
    """Runs each distinct job once in worker processes; the same job again gets its result
    back at once. Only a finished job is remembered (not one that failed or was cancelled).

    The processes serve the whole session and stop with it (:meth:`close`): a pool
    shutting the executor down at the end of a test (``DecisionPool.close``) waits for its jobs,
    or cancels those not begun, as with processes of its own, and leaves the processes running
    for the next test, which would otherwise start (and import the bot in) processes again.
    """

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._inner: Executor | None = None
        self._results: dict[bytes, Any] = {}
        self._running: set[Future[Any]] = set()
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        key = pickle.dumps((fn, args, kwargs))
        with self._lock:
            if key in self._results:
                done: Future[Any] = Future()
                done.set_result(self._results[key])
                return done
            if self._inner is None:
                self._inner = worker_processes(self._workers)
            running = self._inner.submit(fn, *args, **kwargs)
            self._running.add(running)
        running.add_done_callback(lambda finished: self._remember(key, finished))
        return running

    def _remember(self, key: bytes, finished: Future[Any]) -> None:
        with self._lock:
            self._running.discard(finished)
            if not finished.cancelled() and finished.exception() is None:
                self._results[key] = finished.result()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """The end of one user's jobs: those not begun are cancelled when asked, the others
        waited for when asked; the processes stay for the session."""
        with self._lock:
            running = list(self._running)
        if cancel_futures:
            for job in running:
                job.cancel()
        if wait:
            futures.wait(running)

    def close(self) -> None:
        """Stop the worker processes (at the end of the session)."""
        with self._lock:
            inner, self._inner = self._inner, None
        if inner is not None:
            inner.shutdown(wait=True, cancel_futures=True)
