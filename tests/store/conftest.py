"""The store's own tests run on SQLite and on PostgreSQL; those about the SQLite file itself
(migrations of a file, WAL, backups) ask for ``database_path`` instead."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import Store


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()
