"""A table opened in a thread of its own lives for one game: it closes when the game ends, its
thread archived, and the game counts like any other."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.engine import HouseRules
from bot.service import TableOptions, TableService
from bot.service.service import GAME_OVER
from bot.store import Store
from tests.service.tables import (
    ALICE,
    CHANNEL,
    ManualClock,
    RecordingOutbox,
    fill_with_computers,
    open_table,
    play_until,
)

IN_A_THREAD = TableOptions(thread=True, computer_pause=0.0, rules=HouseRules(target_score=7))


async def test_the_option_is_kept_with_the_table(service: TableService, store: Store):
    table_id = await open_table(service, options=IN_A_THREAD)
    record = await store.tables.get(table_id)
    assert record is not None
    assert TableOptions.from_json(record.house_rules).thread
    assert not TableOptions.from_json({}).thread


@pytest.mark.slow
async def test_the_table_closes_with_its_game_and_its_thread_is_archived(
    service: TableService, store: Store, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await open_table(service, options=IN_A_THREAD)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    game_id = table.game_id
    await play_until(service, clock, table_id, lambda table: table.closed, people=(ALICE,))
    await clock.settle(service)

    assert not service.holds(table_id)
    record = await store.tables.get(table_id)
    assert record is not None and record.status == "ended"
    assert record.closed_reason == GAME_OVER
    assert game_id is not None
    result = await store.games.result(game_id)
    assert result is not None and result.status == "finished"
    assert outbox.closed == [table_id]
    assert outbox.archived == [CHANNEL]


async def test_a_table_in_a_thread_that_is_ended_archives_it(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await open_table(service, options=IN_A_THREAD)
    await service.end(table_id, ALICE, can_manage=False)
    await clock.settle(service)
    assert outbox.archived == [CHANNEL]


async def test_a_table_in_the_channel_itself_archives_nothing(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await open_table(service, options=replace(IN_A_THREAD, thread=False))
    await service.end(table_id, ALICE, can_manage=False)
    await clock.settle(service)
    assert outbox.closed == [table_id]
    assert outbox.archived == []
