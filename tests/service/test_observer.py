"""What the table service tells its observer: each action applied, how long each waited for the
table message to show it, the tables restored and set aside at start."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest

from bot.service import TableService
from bot.service.showing.show_delays import ShowDelays
from bot.store import Store
from tests.service.tables import (
    ManualClock,
    RecordingObserver,
    RecordingOutbox,
    four_people,
    play_until,
)
from tests.service.test_damaged_rows import DAMAGED_CHANNEL, computers_in, options_not_json


class Stopwatch:
    """A clock the test sets."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_each_action_is_timed_until_a_message_showing_it_is_shown() -> None:
    observer, watch = RecordingObserver(), Stopwatch()
    delays = ShowDelays(observer, watch)
    delays.applied(1, 10, moves=1)
    watch.now = 1.0
    delays.applied(1, 10, moves=2)
    delays.applied(2, 20, moves=7)  # another table
    watch.now = 3.0
    delays.shown(1, 10, moves=1)
    assert observer.shown_after == [3.0]
    watch.now = 4.5
    delays.shown(1, 10, moves=2)
    assert observer.shown_after == [3.0, 3.5]
    delays.shown(1, 10, moves=2)  # shown again: nothing waits any more
    assert observer.shown_after == [3.0, 3.5]
    delays.shown(2, 20, moves=6)  # a message drawn before the move does not show it
    assert observer.shown_after == [3.0, 3.5]


def test_moves_folded_into_one_edit_each_count() -> None:
    observer, watch = RecordingObserver(), Stopwatch()
    delays = ShowDelays(observer, watch)
    for move in range(1, 4):
        watch.now = float(move)
        delays.applied(1, 10, moves=move)
    watch.now = 5.0
    delays.shown(1, 10, moves=3)
    assert observer.shown_after == [4.0, 3.0, 2.0]


def test_the_lobby_or_the_next_game_shows_every_move_of_the_game_before() -> None:
    observer, watch = RecordingObserver(), Stopwatch()
    delays = ShowDelays(observer, watch)
    delays.applied(1, 10, moves=40)
    delays.applied(2, 11, moves=40)
    watch.now = 2.0
    delays.shown(1, None, moves=0)  # table 1 back to its lobby
    delays.shown(2, 12, moves=0)  # table 2 dealt its next game
    assert observer.shown_after == [2.0, 2.0]


def test_a_closed_table_forgets_its_moves() -> None:
    observer = RecordingObserver()
    delays = ShowDelays(observer, Stopwatch())
    delays.applied(1, 10, moves=1)
    delays.forget(1)
    delays.shown(1, None, moves=0)
    assert observer.shown_after == []


@pytest.fixture
def observer() -> RecordingObserver:
    return RecordingObserver()


@pytest.fixture
async def watched(
    store: Store, outbox: RecordingOutbox, clock: ManualClock, observer: RecordingObserver
) -> AsyncIterator[TableService]:
    tables = TableService(
        store, outbox, random_source=random.Random(7), sleep=clock.sleep, observer=observer
    )
    yield tables
    await tables.close()


async def test_every_action_is_counted_and_timed_until_the_table_shows_it(
    watched, clock, store, outbox, observer
):
    table_id = await four_people(watched)
    table = await play_until(watched, clock, table_id, lambda table: table.game.hand_number == 2)
    await clock.advance(watched, 30.0)  # the last edit, however it was paced
    stored = await store.games.actions(table.game_id)
    assert observer.actions == len(stored) == len(table.game.log) > 0
    assert len(observer.shown_after) == observer.actions
    assert min(observer.shown_after) >= 0
    assert outbox.tables[-1].table.moves == len(table.game.log)


async def test_the_tables_restored_and_set_aside_at_start_are_told(
    service, clock, store, outbox, observer
):
    await four_people(service)
    damaged, game_id = await computers_in(service, DAMAGED_CHANNEL)
    await clock.settle(service)
    await service.close()
    await options_not_json(store, damaged, game_id)

    again = TableService(store, outbox, sleep=clock.sleep, observer=observer)
    try:
        assert await again.restore() == 1
        assert observer.restored == [(1, 1)]
    finally:
        await again.close()
