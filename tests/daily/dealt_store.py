"""Fixtures of what deals from the bot's secret (the daily deals and the puzzles): a store with a
clock the test sets and a known secret (on SQLite and PostgreSQL), and the computer players'
worker processes, started once for the session. Each area's ``conftest.py`` takes them in."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from bot.ai.pool import DecisionPool
from bot.daily.records import SECRET_MARK
from bot.store import Store
from tests.daily.play import DAY_START, SECRET
from tests.stats.builders import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock(DAY_START)


@pytest.fixture
async def store(database: str | Path, clock: Clock) -> AsyncIterator[Store]:
    opened = await Store.open(database, clock=clock)
    await opened.marks.put(SECRET_MARK, SECRET)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(scope="session")
def decisions() -> Iterator[DecisionPool]:
    pool = DecisionPool(workers=1)
    try:
        yield pool
    finally:
        pool.close()
