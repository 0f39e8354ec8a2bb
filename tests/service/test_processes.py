"""kill -9 of a bot process in the middle of hands, on PostgreSQL: another process takes over
its shards and every game resumes where the store has it, with nothing lost and nothing applied
twice. Real processes (``table_process.py``) on one real database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

from bot.engine import Game, HouseRules
from bot.store import GameRecord, Store

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tests" / "service" / "table_process.py"
TABLES = 3
#: Actions each game must have stored before the kill: well into the first hand.
BEFORE_KILL = 12
WAIT = 120.0


def _start(url: str, count: int, ids: str, tables: int = 0) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), url, str(count), ids, str(tables)],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, with the computer players' workers
    )
    assert process.stdout is not None
    assert process.stdout.readline().strip() == "ready"
    return process


def _kill(process: subprocess.Popen[str]) -> None:
    """kill -9 of the process and everything it started, as when its container dies."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


async def _games(store: Store) -> list[GameRecord]:
    found = [await store.games.active(table.id) for table in await store.tables.list_open()]
    return [game for game in found if game is not None]


async def _until(condition, seconds: float = WAIT) -> None:
    for _ in range(int(seconds / 0.1)):
        if await condition():
            return
        await asyncio.sleep(0.1)
    raise TimeoutError("the processes did not get there in time")


async def _replays_to_its_stored_end(store: Store, game_id: int) -> int:
    """Replay the game's stored actions from its seed: every one legal and in order, ending in
    the very state stored at its end (a lost or doubled move could do neither)."""
    record = await store.games.get(game_id)
    assert record is not None and record.status == "finished"
    first_dealer = (await store.games.hands(game_id))[0].dealer
    game = Game.new(
        HouseRules.from_dict(record.rules), record.player_count, record.seed, first_dealer
    )
    actions = await store.games.actions(game_id)
    assert [action.seq for action in actions] == list(range(1, len(actions) + 1))
    for stored in actions:
        game.apply(*Game.action_from_dict({"seat": stored.seat, **stored.action}))
    assert game.to_dict() == record.state
    return len(actions)


async def test_a_killed_process_shards_are_taken_over_with_every_move_kept(postgres_url):
    store = await Store.open(postgres_url)
    first = _start(postgres_url, 2, "0", tables=TABLES)
    second = _start(postgres_url, 2, "1")  # the other shard's process: it holds none of them
    try:

        async def well_into_a_hand() -> bool:
            games = await _games(store)
            counts = [len(await store.games.actions(game.id)) for game in games]
            return len(games) == TABLES and min(counts) >= BEFORE_KILL

        await _until(well_into_a_hand)
        _kill(first)
        games = await _games(store)
        before = {game.id: await store.games.actions(game.id) for game in games}

        _kill(second)  # it stops too; one process now takes both shards
        taking_over = _start(postgres_url, 2, "0,1")  # both shards now: it restores the tables
        second = taking_over

        async def all_finished() -> bool:
            records = [await store.games.get(game_id) for game_id in before]
            return all(record is not None and record.status == "finished" for record in records)

        await _until(all_finished)
        for game_id, kept in before.items():
            after = await store.games.actions(game_id)
            assert after[: len(kept)] == kept  # nothing stored before the kill was lost
            assert await _replays_to_its_stored_end(store, game_id) > len(kept)
    finally:
        for process in (first, second):
            _kill(process)
        await store.close()
