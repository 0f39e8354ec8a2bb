"""The computer players' workers the service tests share: one pool for the session, whose worker
processes work each job out once.

Every job the pool sends its workers is a pure function of what it is sent: a decision of a seat
from its view, level and seed, a slice of a review or of a puzzle's search from where the last
slice stopped (``bot.ai.pool``). Many tests ask for the same ones (the day's deals and their par,
the day's puzzle, the same seeded games), each on a fresh store, so the workers would play the same
hands again test after test. :class:`RememberingExecutor` runs a job the first time it is sent
and hands back what it returned when the very same job (the same function and arguments, pickled
alike) comes again. The scheduling, slicing and waiting of the pool run as ever; the pool's own
tests (``tests/ai/test_pool*.py``) use pools of their own, whose workers work everything out.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from bot.ai.pool import worker_processes


class RememberingExecutor(Executor):
    """Runs each distinct job once in worker processes; the same job again gets its result
    back at once. Only a finished job is remembered (not one that failed or was cancelled)."""

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._inner: Executor | None = None
        self._results: dict[bytes, Any] = {}
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
        running.add_done_callback(lambda finished: self._remember(key, finished))
        return running

    def _remember(self, key: bytes, finished: Future[Any]) -> None:
        if not finished.cancelled() and finished.exception() is None:
            with self._lock:
                self._results[key] = finished.result()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Stop the worker processes; what they worked out stays remembered, and a job not
        seen yet starts them again."""
        with self._lock:
            inner, self._inner = self._inner, None
        if inner is not None:
            inner.shutdown(wait=wait, cancel_futures=cancel_futures)

