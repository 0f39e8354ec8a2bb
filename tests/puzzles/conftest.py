"""The puzzles' fixtures: the dealt store and the workers (``tests/daily/dealt_store.py``), and
the puzzles' service over them."""

from __future__ import annotations

import pytest

from bot.ai.pool import DecisionPool
from bot.puzzles import Puzzles
from bot.store import Store
from tests.daily.dealt_store import clock, store

__all__ = ["clock", "puzzles", "store"]


@pytest.fixture
def puzzles(store: Store, decisions: DecisionPool) -> Puzzles:
    return Puzzles(store, decisions)
