"""Long analyses cut into slices no longer than one computer decision.

The decision workers are shared by every server, and a worker cannot be interrupted: a computer
move that arrives while a worker runs a search of several seconds (dealing and searching a
puzzle hand after hand, reviewing a long hand) waits for all of it, however urgent the move.
So a long analysis is written as a *step*: a function of a picklable state that works until
:func:`slice_over` says its slice is spent, then hands back what is left to do
(:class:`Unfinished`) or its result. The decision pool gives each slice a turn of its own
(:meth:`bot.ai.pool.DecisionPool.analyse`), so a move waits at most for the slice that is
running.

A slice's length depends on the machine, never its result: every analysis here is exact (the
same values whatever the order of the work), or a pure function of its state.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

State = TypeVar("State")
Result = TypeVar("Result")
Kept = TypeVar("Kept")

#: The longest a slice works before it hands back its state: about one `hard` decision (p95
#: 190 ms on the benchmark machine; most take far less).
SLICE_SECONDS = 0.1


@dataclass(frozen=True, slots=True)
class Unfinished(Generic[State]):
    """What a step hands back when its slice is spent: the state to go on from."""

    state: State


#: A step: the work of one slice, from a state to what is left or the result.
Step = Callable[[State], "Unfinished[State] | Result"]


def slice_deadline() -> float:
    """When a slice starting now is spent (a `time.perf_counter` reading)."""
    return time.perf_counter() + SLICE_SECONDS


def slice_over(deadline: float) -> bool:
    """Whether the slice ending at `deadline` is spent."""
    return time.perf_counter() >= deadline


def run_to_end(step: Callable[[Any], Any], state: Any) -> Any:
    """Every slice of an analysis one after the other, here (scripts, tests, examples)."""
    value = step(state)
    while isinstance(value, Unfinished):
        value = step(value.state)
    return value


class WarmCache(Generic[Kept]):
    """What a worker keeps from one slice to the next of the same analysis (a solver's
    transposition table): only the latest analysis's, so memory stays that of one search.

    The next slice may run in another worker, which builds its own again: slower, same result.
    """

    def __init__(self) -> None:
        self._key: Hashable = None
        self._kept: Kept | None = None

    def get(self, key: Hashable, build: Callable[[], Kept]) -> Kept:
        if self._kept is None or self._key != key:
            self._key, self._kept = key, build()
        return self._kept
