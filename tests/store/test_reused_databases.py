"""The tests' migrated PostgreSQL databases, handed from test to test
(``tests/postgres_databases.py``): the next test finds one as the migrations leave it, and one
whose schema a test changed is never handed on."""

from __future__ import annotations

import asyncpg
import pytest

from bot.store import Store
from tests.postgres_databases import fresh_postgres_database
from tests.postgres_server import PostgresServer

pytestmark = pytest.mark.slow


async def _open_a_table(url: str, channel_id: int) -> int:
    store = await Store.open(url)
    try:
        table = await store.tables.create(
            guild_id=1, channel_id=channel_id, creator_id=3, house_rules={}
        )
        return table.id
    finally:
        await store.close()


async def test_a_database_comes_back_emptied_unless_its_schema_changed(
    postgres: PostgresServer,
):
    async with fresh_postgres_database(postgres, migrated=True) as first:
        await _open_a_table(first, 10)
        assert await _open_a_table(first, 11) == 2
    async with fresh_postgres_database(postgres, migrated=True) as again:
        assert again == first
        store = await Store.open(again)
        try:
            assert await store.tables.list_open() == []
        finally:
            await store.close()
        assert await _open_a_table(again, 11) == 1  # the ids start again
        connection = await asyncpg.connect(again)
        try:
            await connection.execute("ALTER TABLE game_tables ADD COLUMN left_behind integer")
        finally:
            await connection.close()
    async with fresh_postgres_database(postgres, migrated=True) as other:
        assert other != first
        connection = await asyncpg.connect(postgres.url("postgres"))
        try:
            names = await connection.fetch("SELECT datname FROM pg_database")
        finally:
            await connection.close()
        assert first.rsplit("/", 1)[-1] not in {row["datname"] for row in names}
