"""What is particular to PostgreSQL: its migrations and ledger, opening from a URL, and the
errors for a URL that cannot be used."""

from __future__ import annotations

import asyncio
import socket

import asyncpg
import pytest

from bot.store import Store, StoreError
from bot.store.migrate import bundled_migrations
from bot.store.postgres_backend import translate

SECRET = "s3cret-password"


async def _ledger(url: str) -> list[tuple[int, str]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT version, name FROM schema_migrations ORDER BY version")
    finally:
        await conn.close()
    return [(row["version"], row["name"]) for row in rows]


async def test_an_empty_database_is_migrated_once_even_by_two_stores_at_once(postgres_url: str):
    first, second = await asyncio.gather(Store.open(postgres_url), Store.open(postgres_url))
    try:
        expected = [(m.version, m.name) for m in bundled_migrations("postgres")]
        assert await _ledger(postgres_url) == expected
        assert await first.schema_version() == await second.schema_version() == expected[-1][0]
        await first.preferences.update(7, hand_delivery="dm")
    finally:
        await first.close()
        await second.close()
    async with await Store.open(postgres_url) as again:
        assert (await again.preferences.get(7)).hand_delivery == "dm"
    assert await _ledger(postgres_url) == expected


async def test_discord_ids_and_seeds_keep_all_64_bits(postgres_url: str):
    big = 2**62 + 12345
    async with await Store.open(postgres_url) as store:
        table = await store.tables.create(
            guild_id=big, channel_id=big + 1, creator_id=big + 2, house_rules={}
        )
        await store.tables.sit(table.id, 0, display_name="Alice", user_id=big + 3)
        game = await store.games.start(table.id, seed=2**64 - 1, rules={}, player_count=4)
        assert (table.guild_id, table.channel_id) == (big, big + 1)
        assert (await store.tables.seats(table.id))[0].user_id == big + 3
        assert (await store.games.get(game.id)).seed == 2**64 - 1


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


async def test_an_unreachable_server_is_one_clear_error_without_the_password():
    port = _closed_port()
    with pytest.raises(StoreError) as raised:
        await Store.open(f"postgresql://cinch:{SECRET}@127.0.0.1:{port}/cinch")
    message = str(raised.value)
    assert message.startswith(
        f"Cannot connect to the PostgreSQL database postgresql://cinch:***@127.0.0.1:{port}/cinch"
    )
    assert SECRET not in message and "\n" not in message


async def test_a_database_that_does_not_exist_is_one_clear_error(postgres_url: str):
    missing = postgres_url.rsplit("/", 1)[0] + "/no_such_database"
    with pytest.raises(StoreError, match="no_such_database"):
        await Store.open(missing)


@pytest.mark.parametrize(
    "url", ["postgresql://localhost", "postgresql:///cinch", "postgresql://host:port/cinch"]
)
async def test_a_url_naming_no_host_or_database_is_refused(url: str):
    with pytest.raises(StoreError, match="PostgreSQL URL"):
        await Store.open(url)


@pytest.mark.parametrize(
    ("sql", "expected", "names"),
    [
        ("SELECT * FROM t WHERE a = ? AND b = ?", "SELECT * FROM t WHERE a = $1 AND b = $2", None),
        (
            "SELECT :a, :b WHERE x = :a",
            "SELECT $1, $2 WHERE x = $1",
            ("a", "b"),
        ),
        (
            "SELECT '?', ':not', 'it''s ?', CAST(x AS TEXT), y::text FROM t WHERE z = ?",
            "SELECT '?', ':not', 'it''s ?', CAST(x AS TEXT), y::text FROM t WHERE z = $1",
            None,
        ),
    ],
)
def test_placeholders_become_numbered_outside_string_literals(sql, expected, names):
    assert translate(sql) == (expected, names)


def test_one_statement_uses_one_placeholder_style():
    with pytest.raises(ValueError):
        translate("SELECT ? WHERE a = :a")
