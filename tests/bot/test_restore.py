"""Restoring a backup as docs/deploying.md says: the bot stopped, the SQLite backup copied back
over the database file (its companion files removed), or a PostgreSQL dump restored with
pg_restore into an empty database; the bot then opens it with the games it held."""

from __future__ import annotations

import asyncio
import shutil
import subprocess
from pathlib import Path

import asyncpg
import pytest

import bot.cli as cli
from bot.store import ResultPlayer, Store

ALICE, BOB = 1001, 1002


async def finish_a_game(target: str | Path, channel: int, scores: list[int]) -> int:
    """A table in ``channel`` whose game ended with ``scores``; the game's id."""
    async with await Store.open(target) as store:
        table = await store.tables.create(
            guild_id=7, channel_id=channel, creator_id=ALICE, house_rules={}, language="en"
        )
        for seat, (user, name) in enumerate(((ALICE, "alice"), (BOB, "bob"))):
            await store.tables.sit(table.id, seat, display_name=name, user_id=user)
        game = await store.games.start(table.id, seed=channel, rules={}, player_count=2)
        await store.games.finish(
            game.id,
            status="finished",
            winners=[0],
            final_scores=scores,
            players=[
                ResultPlayer(0, 0, "alice", True, user_id=ALICE),
                ResultPlayer(1, 1, "bob", False, user_id=BOB),
            ],
        )
        await store.tables.end(table.id)
        return game.id


async def final_scores(target: str | Path, *game_ids: int) -> list[list[int] | None]:
    """Each game's final scores as the restored store reads them; None: no such game."""
    async with await Store.open(target) as store:
        results = [await store.games.result(game_id) for game_id in game_ids]
    return [None if result is None else list(result.final_scores) for result in results]


def restore_sqlite(backup: Path, database: Path) -> None:
    """docs/deploying.md, "Restoring a backup", for SQLite (the bot stopped)."""
    for companion in (Path(f"{database}-wal"), Path(f"{database}-shm")):
        companion.unlink(missing_ok=True)
    shutil.copyfile(backup, database)


def test_a_sqlite_backup_copied_back_opens_with_the_games_it_held(no_settings, capsys):
    database = no_settings / "games.sqlite3"
    (no_settings / ".env").write_text("DATABASE_URL=sqlite:///games.sqlite3\n")
    before = asyncio.run(finish_a_game(database, channel=1, scores=[51, 30]))
    assert cli.main(["backup", "saved/before.sqlite3"]) == 0
    after = asyncio.run(finish_a_game(database, channel=2, scores=[20, 52]))

    restore_sqlite(no_settings / "saved" / "before.sqlite3", database)

    assert asyncio.run(final_scores(database, before, after)) == [[51, 30], None]
    # The bot carries on from the restored games: the next one is stored after them.
    again = asyncio.run(finish_a_game(database, channel=3, scores=[51, 0]))
    assert asyncio.run(final_scores(database, before, again)) == [[51, 30], [51, 0]]


async def empty(url: str) -> None:
    """Drop everything in the database, as a new one would be."""
    connection = await asyncpg.connect(url)
    try:
        await connection.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await connection.close()


async def run(*command: str) -> subprocess.CompletedProcess[str]:
    return await asyncio.to_thread(subprocess.run, command, capture_output=True, text=True)


@pytest.mark.slow
async def test_a_postgres_dump_restored_into_an_empty_database_opens_with_its_games(
    postgres_url, tmp_path
):
    dump = tmp_path / "cinch.dump"
    kept = await finish_a_game(postgres_url, channel=1, scores=[51, 30])
    dumped = await run("pg_dump", "--format=custom", f"--file={dump}", postgres_url)
    assert dumped.returncode == 0, dumped.stderr
    await empty(postgres_url)
    assert await final_scores(postgres_url, kept) == [None]  # a new, migrated database

    await empty(postgres_url)
    restored = await run("pg_restore", "--no-owner", f"--dbname={postgres_url}", str(dump))

    assert restored.returncode == 0, restored.stderr
    assert await final_scores(postgres_url, kept) == [[51, 30]]
