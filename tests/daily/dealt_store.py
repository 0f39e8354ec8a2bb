"""Fixtures of what deals from the bot's secret (the daily deals and the puzzles): a store with a
clock the test sets and a known secret (on SQLite and PostgreSQL), (the computer players'
workers are the session's ``decisions``). Each area's ``conftest.py`` takes them in."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

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
