"""The table service's fixtures: on a real database (a SQLite file, then PostgreSQL), with a
clock the test moves by hand and an outbox that records what it shows (``tests/service/tables.py``).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.service import TableService
from bot.store import Store
from tests.service.tables import ManualClock, RecordingOutbox


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def outbox() -> RecordingOutbox:
    return RecordingOutbox()


@pytest.fixture
async def service(
    store: Store, outbox: RecordingOutbox, clock: ManualClock
) -> AsyncIterator[TableService]:
    tables = TableService(store, outbox, random_source=random.Random(7), sleep=clock.sleep)
    yield tables
    await tables.close()


