"""`bench_service.py --spread`: the tables advanced before the measured seconds are in the state
play would leave them, and the same on every run (so two codes compared start alike)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from bot.ai.pool import DecisionPool
from bot.service import NoOutbox, TableService
from bot.store import Store

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_service  # a script, not a package

TABLES = 5
#: Past the first hand's end at most tables, and at some through a whole game.
SPREAD = 200


def test_each_table_is_advanced_by_a_number_of_its_own_below_the_spread() -> None:
    counts = [bench_service.advance_count(SPREAD, number) for number in range(200)]
    assert counts == [bench_service.advance_count(SPREAD, number) for number in range(200)]
    assert all(0 <= count < SPREAD for count in counts)
    assert len(set(counts)) > 50  # spread, not all alike
    assert bench_service.advance_count(0, 7) == 0


async def _advanced(database: Path, decisions: DecisionPool) -> dict[int, object]:
    """Seat and advance the tables on a fresh store; then each table's games as the store
    holds them, read back by a second service as after a restart, checked against the first's
    games in memory: each table's game being played, as plain data."""
    store = await Store.open(database)
    service = TableService(store, NoOutbox(), random_source=random.Random(1), decisions=decisions)
    restarted = TableService(store, NoOutbox(), decisions=decisions)
    try:
        seated = [
            await bench_service.seat_table(service, number, number + 1) for number in range(TABLES)
        ]
        made = await bench_service.advance(service, seated, SPREAD)
        assert made == sum(bench_service.advance_count(SPREAD, n) for n in range(TABLES))
        await restarted.restore()
        games: dict[int, object] = {}
        finished_games = 0
        for number, (table_id, _) in enumerate(seated):
            table, restored = service.registry.table(table_id), restarted.registry.table(table_id)
            assert table.game is not None and restored.game is not None
            assert restored.game.to_dict() == table.game.to_dict()
            rows = await store.database.fetch_all(
                "SELECT games.id, games.status, count(actions.seq) AS actions FROM games"
                " LEFT JOIN actions ON actions.game_id = games.id WHERE games.table_id = ?"
                " GROUP BY games.id, games.status ORDER BY games.id",
                (table_id,),
            )
            # Every action made is stored, in its game; the games before the one being played
            # ended with their result stored, and a new one began.
            assert sum(row["actions"] for row in rows) == bench_service.advance_count(
                SPREAD, number
            )
            *ended, playing = rows
            assert playing["status"] == "playing" and playing["actions"] == len(table.game.log)
            for row in ended:
                assert row["status"] == "finished"
                assert await store.games.result(row["id"]) is not None
            finished_games += len(ended)
            games[table_id] = restored.game.to_dict()
        assert finished_games > 0  # the spread reaches games' ends too
        return games
    finally:
        await restarted.close()
        await service.close()
        await store.close()


@pytest.mark.slow
async def test_advanced_tables_are_stored_as_played_and_the_same_each_time(
    tmp_path: Path, decisions: DecisionPool
) -> None:
    first = await _advanced(tmp_path / "first.sqlite3", decisions)
    assert await _advanced(tmp_path / "second.sqlite3", decisions) == first
