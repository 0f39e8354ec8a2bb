"""The boards' service on a real database (a SQLite file, then PostgreSQL), whose clock the
test sets, so games end and seasons run exactly when a test needs them to."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.boards import Boards
from bot.store import Store
from tests.stats.builders import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database: str | Path, clock: Clock) -> AsyncIterator[Store]:
    opened = await Store.open(database, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
def boards(store: Store) -> Boards:
    return Boards(store)
