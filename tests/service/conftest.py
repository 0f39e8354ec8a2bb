"""The table service's fixtures: on a real database (a SQLite file, then PostgreSQL), with a
clock the test moves by hand, an outbox that records what it shows (``tests/service/tables.py``) and
the session's computer players' workers (``decisions``).
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.ai.pool import DecisionPool
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
    store: Store, outbox: RecordingOutbox, clock: ManualClock, decisions: DecisionPool
) -> AsyncIterator[TableService]:
    tables = TableService(
        store, outbox, decisions=decisions, random_source=random.Random(7), sleep=clock.sleep
    )
    yield tables
    await tables.close()


