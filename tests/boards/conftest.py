"""The boards' service on a real database (a SQLite file, then PostgreSQL), whose clock the
test sets, so games end and seasons run exactly when a test needs them to: the statistics'
store and clock (``tests/stats/conftest.py``)."""

from __future__ import annotations

import pytest

from bot.boards import Boards
from bot.store import Store
from tests.stats.conftest import clock, store

__all__ = ["boards", "clock", "store"]


@pytest.fixture
def boards(store: Store) -> Boards:
    return Boards(store)
