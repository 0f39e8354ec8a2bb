"""A store with a clock the test sets, so games end exactly when a test needs them to."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store
from tests.stats.builders import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def store(database: str | Path, clock: Clock) -> AsyncIterator[Store]:
    """On SQLite and on PostgreSQL."""
    opened = await Store.open(database, clock=clock)
    try:
        yield opened
    finally:
        await opened.close()
