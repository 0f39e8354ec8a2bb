"""Moves for a table another process owns go to that process through PostgreSQL, are applied
there once, and come back answered: two services, each with its own store and its own relay
connection, on one real PostgreSQL database (as two bot processes would be)."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from bot.engine import Bid, Pass
from bot.errors import UserFacingError
from bot.service import HandPlace, TableService
from bot.service.routing import Move, MoveRouter
from bot.sharding import ShardPlan, shard_of
from bot.store import Store

from .conftest import GUILD, ManualClock, RecordingOutbox, four_people, person_at

SHARDS = 2
OWNER_SHARD = shard_of(GUILD, SHARDS)


@dataclass
class Process:
    """What one bot process holds: its store, table service, outbox and router."""

    store: Store
    tables: TableService
    outbox: RecordingOutbox
    router: MoveRouter


async def _process(url: str, shard: int, clock: ManualClock) -> Process:
    store = await Store.open(url)
    outbox = RecordingOutbox()
    plan = ShardPlan(SHARDS, (shard,))
    tables = TableService(
        store, outbox, random_source=random.Random(shard), sleep=clock.sleep, owns=plan.owns
    )
    router = MoveRouter(tables, store, plan, answer_within=1.0)
    await router.start(url)
    return Process(store, tables, outbox, router)


@pytest.fixture
async def pair(postgres_url: str, clock: ManualClock) -> AsyncIterator[tuple[Process, Process]]:
    """The process owning the test server's shard, and one running the other shard."""
    owner = await _process(postgres_url, OWNER_SHARD, clock)
    other = await _process(postgres_url, 1 - OWNER_SHARD, clock)
    try:
        yield owner, other
    finally:
        for process in (owner, other):
            await process.router.close()
            await process.tables.close()
            await process.store.close()


async def _started_table(owner: Process, other: Process) -> int:
    table_id = await four_people(owner.tables)
    assert await other.tables.restore() == 0  # the other process holds none of its tables
    assert other.router.is_elsewhere(table_id) and not owner.router.is_elsewhere(table_id)
    return table_id


async def test_a_move_for_a_table_elsewhere_is_applied_by_its_owner_once(pair, clock) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    game = owner.tables.registry.table(table_id).game
    seat = game.to_act
    user = person_at(owner.tables, table_id, seat)
    move = Move(table_id, user, Pass(), None, game.hand_number, request_id=7001)
    await owner.tables.change_settings(user.user_id, hand_delivery="dm")
    await clock.settle(owner.tables)  # the deal's DMs are out
    deal = (owner.tables.registry.table(table_id).game_id, game.hand_number)
    place = HandPlace(10**18, dm_channel_id=5, locale="en", game_id=deal[0], hand_number=deal[1])
    await owner.tables.hand_shown(table_id, user.user_id, place, new_message=False)
    shown_before = len(owner.outbox.hands)

    await other.router.forward(move)
    await other.router.forward(move)  # delivered twice: still one move

    record = await owner.store.games.active(table_id)
    assert [action.seat for action in await owner.store.games.actions(record.id)] == [seat]
    assert game.to_act != seat
    # The owner refreshes the mover's hand message itself: nobody answered the click there;
    # and it knows they are watching the table, as if they had clicked there.
    await clock.settle(owner.tables)
    refreshed = owner.outbox.hands[shown_before:]
    assert [hand.place for hand in refreshed if hand.user_id == user.user_id] == [place]
    assert owner.tables.showing.turns.watching(user.user_id)


async def test_the_owners_refusal_reaches_the_player(pair) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    game = owner.tables.registry.table(table_id).game
    not_to_act = person_at(owner.tables, table_id, (game.to_act + 1) % 4)
    with pytest.raises(UserFacingError) as refused:
        await other.router.forward(Move(table_id, not_to_act, Bid(2), None, None, 7002))
    assert refused.value.key == "errors.not_your_turn"
    record = await owner.store.games.active(table_id)
    assert await owner.store.games.actions(record.id) == []


async def test_with_the_owner_gone_the_player_is_told_and_nothing_is_played(pair) -> None:
    owner, other = pair
    table_id = await _started_table(owner, other)
    game = owner.tables.registry.table(table_id).game
    user = person_at(owner.tables, table_id, game.to_act)
    await owner.router.close()  # the owner stopped listening: it is restarting
    with pytest.raises(UserFacingError) as refused:
        await other.router.forward(Move(table_id, user, Pass(), None, None, 7003))
    assert refused.value.key == "errors.owner_unavailable"
    record = await owner.store.games.active(table_id)
    assert await owner.store.games.actions(record.id) == []
