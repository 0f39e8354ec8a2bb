"""kill -9 of a bot process in the middle of hands, on PostgreSQL: another process takes over
its shards and every game resumes where the store has it, with nothing lost and nothing applied
twice; a player whose move was on its way to the killed process is told what became of it.
Real processes (``table_process.py``) on one real database."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from bot.engine import Action, Game, HouseRules
from bot.engine.random_player import random_action
from bot.errors import UserFacingError
from bot.service import NoOutbox, TableService
from bot.service.areas.routing import Forwarded, Move, MoveRouter
from bot.sharding import ShardPlan
from bot.store import GameRecord, Store
from tests.service.table_process import PLAYER

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "tests" / "service" / "table_process.py"
TABLES = 3
#: Actions each game must have stored before the kill: well into the first hand.
BEFORE_KILL = 12
WAIT = 120.0
#: Kills of a table's owner while one of its player's moves is relayed to it.
RELAYED_KILLS = 12


def _start(
    url: str, count: int, ids: str, tables: int = 0, *, relay: bool = False
) -> subprocess.Popen[str]:
    process = subprocess.Popen(
        [sys.executable, str(SCRIPT), url, str(count), ids, str(tables), *["relay"] * relay],
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


async def _players_move(store: Store, rng: random.Random) -> tuple[int, Action]:
    """Once it is :data:`PLAYER`'s turn in the store: their table, and a legal move."""
    found: list[tuple[int, Action]] = []

    async def players_turn() -> bool:
        (table,) = await store.tables.list_open()
        record = await store.games.active(table.id)
        if record is None or record.state is None:
            return False
        game = Game.from_dict(record.state)
        for stored in await store.games.actions(record.id, after=record.state_seq):
            game.apply(*Game.action_from_dict({"seat": stored.seat, **stored.action}))
        seats = await store.tables.seats(table.id)
        seat = next(seat.seat for seat in seats if seat.user_id == PLAYER.user_id)
        if game.is_over or game.to_act != seat:
            return False
        found.append((table.id, random_action(game.decision(), rng)))
        return True

    await _until(players_turn)
    return found[-1]


async def _told(forwarding: asyncio.Task[Forwarded]) -> str:
    """What the player who clicked reads: their move played, or the refusal's key."""
    try:
        return (await forwarding).name
    except UserFacingError as refused:
        return refused.key


async def test_a_player_is_told_what_became_of_a_move_whose_owner_is_killed(postgres_url):
    store = await Store.open(postgres_url)
    plan = ShardPlan(2, (0,))  # the shard Discord sends DM clicks to; the table is on shard 1
    tables = TableService(store, NoOutbox(), owns=plan.owns)
    router = MoveRouter(tables, store, plan, answer_within=1.0)
    await router.start()
    owner = _start(postgres_url, 2, "1", tables=1, relay=True)
    rng = random.Random(12)
    told: dict[int, str] = {}
    try:
        for kill in range(RELAYED_KILLS):
            table_id, action = await _players_move(store, rng)
            move = Move(table_id, PLAYER, action, None, None, request_id=10**15 + kill)
            forwarding = asyncio.create_task(router.forward(move))
            await asyncio.sleep(rng.uniform(0.0, 0.05))  # anywhere on the move's way, or after
            _kill(owner)
            told[move.request_id] = await _told(forwarding)
            owner = _start(postgres_url, 2, "1", relay=True)
        for request_id, answer in told.items():
            stored = await store.database.fetch_one(
                "SELECT 1 FROM actions WHERE request_id = ?", (request_id,)
            )
            played = answer in (Forwarded.ANSWERED.name, Forwarded.UNANSWERED.name)
            assert (stored is not None) == played, (answer, told)
        print("what the players were told:", Counter(told.values()))
    finally:
        _kill(owner)
        await router.close()
        await tables.close()
        await store.close()
