"""Moves for a table another process owns go to that process through PostgreSQL, are applied
there once, and come back answered: two services, each with its own store and its own relay
connection, on one real PostgreSQL database (as two bot processes would be).

The relay waits on a clock of its own (``waits``): how long a process waits for the owner's
answer, and how long a listener pauses before reconnecting. Nothing times out until a test
advances it, so a test decides exactly what happens before the wait ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import random
import signal
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import asyncpg
import pytest

from bot.engine import Bid, Pass
from bot.engine.actions import action_to_dict
from bot.errors import UserFacingError
from bot.service import HandPlace, TableService
from bot.service.areas.routing import ANSWER_WITHIN, Forwarded, Move, MoveRouter
from bot.sharding import ShardPlan, shard_of
from bot.store import Store
from bot.store.relay import (
    ANSWER_CHANNEL,
    CLOSE_WITHIN,
    POLL_EVERY,
    PROBE_EVERY,
    PROBE_WITHIN,
    listener_name,
    shard_channel,
)
from tests.service.tables import (
    GUILD,
    ManualClock,
    RecordingObserver,
    RecordingOutbox,
    four_people,
    person_at,
)

pytestmark = pytest.mark.slow

SHARDS = 2
OWNER_SHARD = shard_of(GUILD, SHARDS)
#: Longer than any wait of the relay: advancing its clock this much ends every wait.
PAST_EVERY_WAIT = 10 * ANSWER_WITHIN


@dataclass
class Process:
    """What one bot process holds: its store, table service, outbox and router."""

    store: Store
    tables: TableService
    outbox: RecordingOutbox
    router: MoveRouter
    plan: ShardPlan
    observer: RecordingObserver


@pytest.fixture
def waits() -> ManualClock:
    """The relay's clock, apart from the tables' (turn timers never move with it)."""
    return ManualClock()


async def _process(url: str, shard: int, clock: ManualClock, waits: ManualClock) -> Process:
    store = await Store.open(url)
    outbox = RecordingOutbox()
    plan = ShardPlan(SHARDS, (shard,))
    observer = RecordingObserver()
    tables = TableService(
        store,
        outbox,
        random_source=random.Random(shard),
        sleep=clock.sleep,
        owns=plan.owns,
        observer=observer,
    )
    router = MoveRouter(tables, store, plan, sleep=waits.sleep)
    await router.start()
    return Process(store, tables, outbox, router, plan, observer)


@pytest.fixture
async def pair(
    postgres_url: str, clock: ManualClock, waits: ManualClock
) -> AsyncIterator[tuple[Process, Process]]:
    """The process owning the test server's shard, and one running the other shard."""
    owner = await _process(postgres_url, OWNER_SHARD, clock, waits)
    other = await _process(postgres_url, 1 - OWNER_SHARD, clock, waits)
    try:
        yield owner, other
    finally:
        for process in (owner, other):
            await process.router.close()
            await process.tables.close()
            await process.store.close()


@pytest.fixture
async def intruder_url(postgres_url: str) -> AsyncIterator[str]:
    """Another login on the same database, with the rights every login has by default:
    connect, ``LISTEN`` and ``NOTIFY`` (PostgreSQL cannot take those away), nothing more."""
    name = "cinch_intruder"
    admin = await asyncpg.connect(postgres_url)
    try:
        await admin.execute(f"DROP ROLE IF EXISTS {name}")
        await admin.execute(f"CREATE ROLE {name} LOGIN")
        parts = urlsplit(postgres_url)
        yield urlunsplit(parts._replace(netloc=f"{name}@{parts.hostname}:{parts.port}"))
    finally:
        await admin.execute(f"DROP ROLE IF EXISTS {name}")
        await admin.close()


async def _until(condition: Callable[[], Awaitable[bool]]) -> None:
    """Wait until ``condition`` holds: for what another connection or task does meanwhile."""
    for _ in range(20_000):
        if await condition():
            return
        await asyncio.sleep(0.001)
    raise TimeoutError("the condition never held")


async def _started_table(owner: Process, other: Process) -> int:
    table_id = await four_people(owner.tables)
    assert await other.tables.restore() == 0  # the other process holds none of its tables
    assert other.router.is_elsewhere(table_id) and not owner.router.is_elsewhere(table_id)
    return table_id


async def _to_act(owner: Process, table_id: int) -> Move:
    """A pass by the player to act, as a click on their DM would ask for it."""
    game = owner.tables.registry.table(table_id).game
    user = person_at(owner.tables, table_id, game.to_act)
    return Move(table_id, user, Pass(), None, game.hand_number, request_id=7001)


async def _stored_seats(process: Process, table_id: int) -> list[int | None]:
    record = await process.store.games.active(table_id)
    assert record is not None
    return [action.seat for action in await process.store.games.actions(record.id)]


async def _relayed(process: Process, request_id: int) -> bool:
    """A relayed move's row is in the store: its sender now waits for the answer."""
    row = await process.store.database.fetch_one(
        "SELECT 1 FROM relayed_moves WHERE request_id = ?", (request_id,)
    )
    return row is not None


async def test_a_move_for_a_table_elsewhere_is_applied_by_its_owner_once(pair, clock) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    game = owner.tables.registry.table(table_id).game
    seat = game.to_act
    move = await _to_act(owner, table_id)
    user = move.person
    await owner.tables.people.change(user.user_id, hand_delivery="dm")
    await clock.settle(owner.tables)  # the deal's DMs are out
    deal = (owner.tables.registry.table(table_id).game_id, game.hand_number)
    place = HandPlace(10**18, dm_channel_id=5, locale="en", game_id=deal[0], hand_number=deal[1])
    await owner.tables.hand_shown(table_id, user.user_id, place, new_message=False)
    shown_before = len(owner.outbox.hands)

    assert await other.router.forward(move) is Forwarded.ANSWERED
    assert await other.router.forward(move) is Forwarded.ANSWERED  # twice: still one move

    assert await _stored_seats(owner, table_id) == [seat]
    assert game.to_act != seat
    # The owner refreshes the mover's hand message itself: nobody answered the click there;
    # and it knows they are watching the table, as if they had clicked there.
    await clock.settle(owner.tables)
    refreshed = owner.outbox.hands[shown_before:]
    assert [hand.place for hand in refreshed if hand.user_id == user.user_id] == [place]
    assert owner.tables.showing.turns.watching(user.user_id)


async def test_each_round_trip_is_timed_by_the_process_that_sent_the_move(pair) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    assert await other.router.forward(await _to_act(owner, table_id)) is Forwarded.ANSWERED
    assert len(other.observer.round_trips) == 1 and other.observer.round_trips[0] >= 0
    assert owner.observer.round_trips == []
    assert (owner.observer.actions, other.observer.actions) == (1, 0)


async def test_the_owners_refusal_reaches_the_player(pair) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    game = owner.tables.registry.table(table_id).game
    not_to_act = person_at(owner.tables, table_id, (game.to_act + 1) % 4)
    with pytest.raises(UserFacingError) as refused:
        await other.router.forward(Move(table_id, not_to_act, Bid(2), None, None, 7002))
    assert refused.value.key == "errors.not_your_turn"
    assert await _stored_seats(owner, table_id) == []


# ---------------------------------------------------------------- only the bot makes moves


async def test_a_login_that_may_only_notify_cannot_have_a_move_played(pair, intruder_url) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    forged = {
        "kind": "move",
        "table": table_id,
        "user": move.person.user_id,
        "name": move.person.name,
        "locale": None,
        "action": action_to_dict(Pass()),
        "game": None,
        "hand": None,
        "request": 666,
        "reply_to": "cinch_reply_forged",
    }
    intruder = await asyncpg.connect(intruder_url)
    try:
        with pytest.raises(asyncpg.InsufficientPrivilegeError):
            await intruder.execute(
                "INSERT INTO relayed_moves (request_id, shard, table_id, move, created_at)"
                " VALUES (666, $1, $2, $3, '2026-01-01T00:00:00.000000+00:00')",
                OWNER_SHARD,
                table_id,
                json.dumps(forged),
            )
        for payload in (json.dumps(forged), "666", ""):
            await intruder.execute("SELECT pg_notify($1, $2)", shard_channel(OWNER_SHARD), payload)
    finally:
        await intruder.close()

    # The player's own click, relayed by the bot after the forgeries: it is the one played.
    assert await other.router.forward(move) is Forwarded.ANSWERED
    assert await _stored_seats(owner, table_id) == [seat]


async def test_a_forged_answer_is_not_believed(pair, waits, intruder_url) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    await owner.router.close()  # nobody applies moves: only a forged answer could come
    intruder = await asyncpg.connect(intruder_url)
    heard: asyncio.Queue[str] = asyncio.Queue()
    await intruder.add_listener(
        shard_channel(OWNER_SHARD), lambda _c, _p, _channel, payload: heard.put_nowait(payload)
    )
    try:
        forwarding = asyncio.create_task(other.router.forward(move))
        await heard.get()  # the wake-up meant for the owner, which anyone may listen to
        applied = {"kind": "answer", "request": move.request_id, "refusal": None}
        for payload in (str(move.request_id), json.dumps(applied)):
            await intruder.execute("SELECT pg_notify($1, $2)", ANSWER_CHANNEL, payload)
        await _until(lambda: _relayed(other, move.request_id))
        await waits.advance(other.router, PAST_EVERY_WAIT)
        with pytest.raises(UserFacingError) as refused:
            await forwarding
    finally:
        await intruder.close()
    assert refused.value.key == "errors.owner_unavailable"
    assert await _stored_seats(owner, table_id) == []


# ---------------------------------------------------------------- a cut connection


async def test_a_cut_listener_reconnects_and_plays_what_arrived_meanwhile(
    pair, waits, postgres_url, caplog
) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    caplog.set_level(logging.WARNING, logger="bot.store.relay")
    admin = await asyncpg.connect(postgres_url)
    try:
        cut = await admin.fetchval(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE application_name = $1",
            listener_name(owner.plan.ids),
        )
    finally:
        await admin.close()
    assert cut == 1

    async def cut_off() -> bool:
        return not owner.router.listening

    await _until(cut_off)
    await waits.settle(owner.router)  # it pauses before reconnecting
    forwarding = asyncio.create_task(other.router.forward(move))
    await _until(lambda: _relayed(other, move.request_id))  # sent while nobody listened
    assert not forwarding.done()

    await waits.advance(owner.router, 1.0)  # the pause is over: it reconnects, catches up

    assert await forwarding is Forwarded.ANSWERED
    assert owner.router.listening
    assert await _stored_seats(owner, table_id) == [seat]
    lines = [record for record in caplog.records if record.name == "bot.store.relay"]
    assert len(lines) == 1, lines


# ---------------------------------------------------------------- "not played" is certain


async def test_with_the_owner_gone_the_move_is_not_played_even_when_it_comes_back(
    pair, waits, clock, postgres_url
) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    await owner.router.close()  # the owner stopped listening: it is restarting
    forwarding = asyncio.create_task(other.router.forward(move))
    await _until(lambda: _relayed(other, move.request_id))
    await waits.advance(other.router, PAST_EVERY_WAIT)
    with pytest.raises(UserFacingError) as refused:
        await forwarding
    assert refused.value.key == "errors.owner_unavailable"

    # Back, it finds the move it was sent: given up by its sender, it is not played.
    owner.router = MoveRouter(owner.tables, owner.store, owner.plan, sleep=waits.sleep)
    await owner.router.start()
    await waits.settle(owner.router)
    await clock.settle(owner.tables)
    assert await _stored_seats(owner, table_id) == []


async def test_a_move_stored_by_an_owner_that_then_never_answers_is_reported_played(
    pair, waits, monkeypatch
) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    act = owner.tables.act

    async def stores_then_stalls(*args, **kwargs):
        await act(*args, **kwargs)
        await asyncio.Event().wait()  # stalled, or dead, before answering

    monkeypatch.setattr(owner.tables, "act", stores_then_stalls)
    forwarding = asyncio.create_task(other.router.forward(move))

    async def stored() -> bool:
        return await _stored_seats(owner, table_id) == [seat]

    await _until(stored)
    await waits.advance(other.router, PAST_EVERY_WAIT)
    assert await forwarding is Forwarded.UNANSWERED  # played: said so, not "try again"


async def test_a_move_not_stored_when_the_wait_ends_is_never_played_afterwards(
    pair, waits, monkeypatch
) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    act = owner.tables.act
    in_hand, go_on = asyncio.Event(), asyncio.Event()

    async def slow_to_act(*args, **kwargs):
        in_hand.set()
        await go_on.wait()  # the owner is slow: busy, or paused by its machine
        return await act(*args, **kwargs)

    monkeypatch.setattr(owner.tables, "act", slow_to_act)
    forwarding = asyncio.create_task(other.router.forward(move))
    await in_hand.wait()
    await waits.advance(other.router, PAST_EVERY_WAIT)
    with pytest.raises(UserFacingError) as refused:
        await forwarding
    assert refused.value.key == "errors.owner_unavailable"

    # The owner gets on with the move only now: the player was told it was not played, and
    # it is not, ever.
    go_on.set()
    await waits.settle(owner.router)
    assert await _stored_seats(owner, table_id) == []
    assert owner.tables.registry.table(table_id).game.to_act == seat


# ---------------------------------------------------------------- a connection that hangs


@contextlib.contextmanager
def hanging(pid: int) -> Iterator[None]:
    """The server's end of a connection stops (SIGSTOP) without closing it: a half-open
    connection, as a dropped network leaves one. Let go at the end, so the server can clean up."""
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


async def _listener_pids(postgres_url: str, plan: ShardPlan) -> list[int]:
    admin = await asyncpg.connect(postgres_url)
    try:
        rows = await admin.fetch(
            "SELECT pid FROM pg_stat_activity WHERE application_name = $1 ORDER BY pid",
            listener_name(plan.ids),
        )
    finally:
        await admin.close()
    return [row["pid"] for row in rows]


@pytest.mark.skipif(os.geteuid() != 0, reason="stopping the server's processes needs root")
async def test_a_listener_that_hangs_unknowing_is_replaced_and_moves_still_arrive(
    pair, waits, postgres_url
) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    [stuck] = await _listener_pids(postgres_url, owner.plan)
    with hanging(stuck):
        forwarding = asyncio.create_task(other.router.forward(move))
        await _until(lambda: _relayed(other, move.request_id))
        # No notification reaches the owner: it reads the waiting rows anyway, in time.
        await waits.advance(owner.router, POLL_EVERY)
        assert await forwarding is Forwarded.ANSWERED
        assert await _stored_seats(owner, table_id) == [seat]
        # Its probe goes unanswered: the connection is dropped (health says so) and replaced.
        assert owner.router.listening
        await waits.advance(owner.router, PROBE_EVERY + PROBE_WITHIN - POLL_EVERY)
        assert not owner.router.listening
        await waits.advance(owner.router, 1.0)
        assert owner.router.listening
        assert [pid for pid in await _listener_pids(postgres_url, owner.plan) if pid != stuck]
        # Closing does not wait for a connection that never says goodbye.
        [fresh] = [pid for pid in await _listener_pids(postgres_url, owner.plan) if pid != stuck]
        with hanging(fresh):
            closing = asyncio.create_task(owner.router.close())

            async def closed() -> bool:
                await waits.advance(owner.router, CLOSE_WITHIN)
                return closing.done()

            await _until(closed)
            await closing


async def test_one_damaged_relayed_move_is_set_aside_alone(pair, waits, caplog) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    move = await _to_act(owner, table_id)
    seat = owner.tables.registry.table(table_id).game.to_act
    caplog.set_level(logging.ERROR, logger="bot.store.relay")
    async with owner.store.database.write() as tx:  # a row damaged by hand: not JSON
        await tx.execute(
            "INSERT INTO relayed_moves (request_id, shard, table_id, move, created_at)"
            " VALUES (?, ?, ?, ?, ?)",
            (6999, OWNER_SHARD, table_id, "{not json", owner.store.database.now()),
        )
    forwarding = asyncio.create_task(other.router.forward(move))

    async def stored() -> bool:
        return await _stored_seats(owner, table_id) == [seat]

    await _until(stored)  # the good row is applied, the bad one left alone
    assert await forwarding is Forwarded.ANSWERED
    await waits.advance(owner.router, 3 * POLL_EVERY)  # read again: said once
    lines = [record for record in caplog.records if record.name == "bot.store.relay"]
    assert len(lines) == 1 and "6999" in lines[0].getMessage()
