"""Migrations of a SQLite file (PostgreSQL's are in test_postgres_store.py): an empty file is
brought up to date, re-opening changes nothing, and a failed migration rolls back."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path

import aiosqlite
import pytest

from bot.store import Store
from bot.store.migrate import Migration, apply_migrations, bundled_migrations
from bot.store.store_errors import ConstraintError


@pytest.fixture
async def store(database_path: Path) -> AsyncIterator[Store]:
    """These tests look inside the SQLite file itself."""
    opened = await Store.open(database_path)
    try:
        yield opened
    finally:
        await opened.close()


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _ledger(path: Path) -> list[tuple[int, str]]:
    with sqlite3.connect(path) as conn:
        return conn.execute(
            "SELECT version, name FROM schema_migrations ORDER BY version"
        ).fetchall()


def test_bundled_migrations_are_numbered_from_one_without_gaps():
    versions = [migration.version for migration in bundled_migrations()]
    assert versions == list(range(1, len(versions) + 1))


async def test_empty_file_is_migrated_to_the_latest_version(database_path: Path):
    assert not database_path.parent.exists()
    store = await Store.open(database_path)
    try:
        latest = bundled_migrations()[-1].version
        assert await store.schema_version() == latest
    finally:
        await store.close()
    assert {
        "game_tables",
        "seats",
        "games",
        "actions",
        "hands",
        "hand_sides",
        "results",
        "result_players",
        "user_preferences",
        "schema_migrations",
    } <= _tables(database_path)
    assert [version for version, _ in _ledger(database_path)] == [
        migration.version for migration in bundled_migrations()
    ]


async def test_reopening_applies_nothing_and_keeps_data(database_path: Path):
    async with await Store.open(database_path) as store:
        await store.preferences.update(7, hand_delivery="dm")
    ledger = _ledger(database_path)

    async with await Store.open(database_path) as store:
        assert (await store.preferences.get(7)).hand_delivery == "dm"
    async with aiosqlite.connect(database_path, isolation_level=None) as conn:
        assert await apply_migrations(conn) == []
    assert _ledger(database_path) == ledger


async def test_connection_uses_wal_and_foreign_keys(store: Store):
    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    # Foreign keys are per connection: prove the store's own connection enforces them.
    with pytest.raises(ConstraintError, match="FOREIGN KEY") as raised:
        await store.games.record_hand(
            999,
            number=1,
            dealer=0,
            bids=[],
            contract=None,
            maker=None,
            trump=None,
            points=[0, 0],
            score_change=[0, 0],
        )
    assert raised.value.kind == "foreign_key"


async def test_a_failing_migration_leaves_no_trace(tmp_path: Path):
    path = tmp_path / "partial.sqlite3"
    good = Migration(1, "create_a", "CREATE TABLE a (x INTEGER);")
    bad = Migration(2, "broken", "CREATE TABLE b (x INTEGER); INSERT INTO missing VALUES (1);")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        with pytest.raises(sqlite3.OperationalError, match="missing"):
            await apply_migrations(conn, [good, bad])
        assert not conn.in_transaction
    assert _ledger(path) == [(1, "create_a")]
    assert "b" not in _tables(path)

    fixed = Migration(2, "fixed", "CREATE TABLE b (x INTEGER);")
    async with aiosqlite.connect(path, isolation_level=None) as conn:
        assert await apply_migrations(conn, [good, fixed]) == [2]
    assert _ledger(path) == [(1, "create_a"), (2, "fixed")]


def test_migration_names_must_be_plain():
    with pytest.raises(ValueError):
        Migration(3, "x'); DROP TABLE a; --", "")


@pytest.mark.parametrize(
    ("sql", "index"),
    [
        (
            "SELECT user_id, SUM(won) FROM result_players"
            " WHERE guild_id = ? AND ended_at >= ? GROUP BY user_id",
            "result_players_guild_ended",
        ),
        ("SELECT * FROM results WHERE guild_id = ? AND ended_at >= ?", "results_guild_ended"),
        (
            "SELECT won FROM result_players WHERE guild_id = ? AND user_id = ? AND ended_at >= ?",
            "result_players_guild_user",
        ),
    ],
)
async def test_leaderboard_queries_use_the_guild_and_time_indexes(store: Store, sql, index):
    with sqlite3.connect(store.path) as conn:
        plan = conn.execute(f"EXPLAIN QUERY PLAN {sql}", (1, 2, "2026-01-01")[: sql.count("?")])
        details = " ".join(row[-1] for row in plan)
    assert f"USING INDEX {index}" in details
