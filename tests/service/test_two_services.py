"""Two services on one database, as two bot processes would be: a click applied exactly once,
and a process that is out of date never stores a move decided on an old state.

Each service has its own store connection; on PostgreSQL these are two pools on one server, as
in two processes (the kill -9 test in ``test_processes.py`` runs real processes).
"""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import BidDecision, Pass
from bot.errors import UserFacingError
from bot.service import TableOptions, TableService
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    ManualClock,
    RecordingOutbox,
    fill_with_computers,
    four_people,
    open_table,
    person_at,
)


@pytest.fixture
async def other(database: str | Path, clock: ManualClock) -> AsyncIterator[TableService]:
    """A second service over the same database, with a store of its own."""
    store = await Store.open(database)
    outbox = RecordingOutbox()
    tables = TableService(store, outbox, random_source=random.Random(8), sleep=clock.sleep)
    try:
        yield tables
    finally:
        await tables.close()
        await store.close()


async def test_a_click_delivered_twice_is_applied_once(service, store):
    table_id = await four_people(service)
    game = service.registry.table(table_id).game
    first = game.to_act
    await service.act(table_id, person_at(service, table_id, first), Pass(), request_id=901)
    moved = len(game.log)
    await service.act(table_id, person_at(service, table_id, first), Pass(), request_id=901)
    assert len(game.log) == moved
    record = await store.games.active(table_id)
    assert len(await store.games.actions(record.id)) == 1


async def test_the_same_click_reaching_a_second_process_is_applied_once(service, other, store):
    table_id = await four_people(service)
    await other.restore()
    seat = service.registry.table(table_id).game.to_act
    user = person_at(service, table_id, seat)
    await service.act(table_id, user, Pass(), request_id=902)
    with pytest.raises(UserFacingError) as refused:
        await other.act(table_id, user, Pass(), request_id=902)
    assert refused.value.key == "errors.table_changed"
    record = await store.games.active(table_id)
    assert [action.seat for action in await store.games.actions(record.id)] == [seat]
    # Refused, the second process reloaded the table: it now knows the move.
    mine, theirs = service.registry.table(table_id), other.registry.table(table_id)
    assert theirs.game.to_dict() == mine.game.to_dict()


async def test_a_process_out_of_date_cannot_store_a_move_on_an_old_state(service, other, store):
    """Both processes believe they hold the table; one moves. The other's move, decided on
    the state before it, is refused instead of being stored after it."""
    table_id = await four_people(service)
    await other.restore()
    stale = other.registry.table(table_id).game
    seat = stale.to_act
    await service.act(table_id, person_at(service, table_id, seat), Pass())
    assert isinstance(stale.decision(), BidDecision) and stale.to_act == seat
    with pytest.raises(UserFacingError) as refused:
        await other.act(table_id, person_at(service, table_id, seat), Pass())
    assert refused.value.key == "errors.table_changed"
    record = await store.games.active(table_id)
    assert len(await store.games.actions(record.id)) == 1
    mine, theirs = service.registry.table(table_id), other.registry.table(table_id)
    assert theirs.game.to_act == mine.game.to_act != seat


async def test_a_table_another_process_closed_is_closed_here_too(service, other, store):
    """During a rolling upgrade both copies hold the table; one closes it. The other's player
    is told plainly that the table closed, and no game can start behind the close."""
    table_id = await four_people(service)
    await other.restore()
    seat = other.registry.table(table_id).game.to_act
    player = person_at(other, table_id, seat)
    await service.end(table_id, ALICE, can_manage=True)
    with pytest.raises(UserFacingError) as refused:
        await other.act(table_id, player, Pass())
    assert refused.value.key == "errors.table_closed"
    assert not other.holds(table_id)
    with pytest.raises(UserFacingError):
        await other.start(table_id, ALICE)
    assert await store.games.active(table_id) is None
    assert (await store.tables.get(table_id)).status == "ended"


async def test_no_game_starts_behind_a_close_another_process_made(service, other, store):
    table_id = await open_table(service)
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await other.restore()
    await service.end(table_id, ALICE, can_manage=True)
    with pytest.raises(UserFacingError) as refused:
        await other.start(table_id, ALICE)
    assert refused.value.key == "errors.table_closed"
    assert not other.holds(table_id)
    assert await store.games.active(table_id) is None


async def test_a_game_another_process_started_is_loaded_not_started_again(service, other, store):
    table_id = await open_table(service)
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await other.restore()
    await service.start(table_id, ALICE)
    seats = await store.tables.seats(table_id)
    with pytest.raises(UserFacingError) as refused:
        await other.start(table_id, ALICE)
    assert refused.value.key == "errors.table_changed"
    assert await store.tables.seats(table_id) == seats  # nobody moved by the refused start
    mine, theirs = service.registry.table(table_id), other.registry.table(table_id)
    assert theirs.game.to_dict() == mine.game.to_dict() and theirs.seats == mine.seats


@pytest.mark.slow
async def test_computer_players_stop_at_a_table_another_process_closed(
    service, other, clock, store, caplog
):
    table_id = await open_table(service, options=TableOptions(computer_pause=1.0))
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    await other.restore()
    await service.end(table_id, ALICE, can_manage=True)
    with caplog.at_level(logging.WARNING):
        await clock.advance(other, 5.0)
    assert not other.holds(table_id)
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert await store.games.active(table_id) is None
