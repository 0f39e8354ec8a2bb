"""What the service keeps in memory per table and per person is forgotten when the table closes
or the person leaves it, so a bot that plays for months holds no more than its open tables."""

from __future__ import annotations

import asyncio
import gc
import random
import threading
import types
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Executor
from typing import Any

import pytest

from bot.ai.pool import DecisionPool
from bot.engine import Game
from bot.engine.random_player import random_action
from bot.render.table_picture import render_table
from bot.service import HandPlace, Person, TableOptions, TableService
from bot.service.showing.drawing import Drawing, Picture
from bot.service.tables.table import Table
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    ManualClock,
    RecordingOutbox,
    four_people,
    person_at,
    play_until,
)

pytestmark = pytest.mark.slow

ERIN = Person(200, "erin")


async def show_hands(service: TableService, table_id: int) -> None:
    """Every seated person was answered with their hand in the channel (a private message)."""
    table = service.registry.table(table_id)
    for number, user_id in enumerate(table.people(), start=1):
        place = HandPlace(number, application_id=1, token=f"token-{user_id}")
        await service.hand_shown(table_id, user_id, place, new_message=False)


async def test_a_seat_taken_over_forgets_where_the_last_players_hand_was(service, clock):
    table_id = await four_people(service, options=TableOptions(open_seats=True))
    await clock.settle(service)
    await show_hands(service, table_id)
    await service.leave(table_id, BOB.user_id)
    await service.join(table_id, ERIN)
    # Bob's answer to a click he made just before reaches the service only now.
    late = HandPlace(99, application_id=1, token="late")
    await service.hand_shown(table_id, BOB.user_id, late, new_message=True)
    await clock.settle(service)
    table = service.registry.table(table_id)
    assert set(table.hand_messages) <= set(table.people())
    assert BOB.user_id not in table.hand_messages


async def test_several_games_leave_nothing_behind_once_their_tables_close(
    service: TableService, clock: ManualClock
):
    for game in range(3):
        table_id = await four_people(service)
        await show_hands(service, table_id)
        await play_until(
            service, clock, table_id, lambda table: len(table.game.log) > 12, seed=game
        )
        await service.end(table_id, ALICE, can_manage=False)
        await clock.settle(service)
        assert service.registry.get(table_id) is None
    await clock.advance(service, 10)  # the last edits' pause between two edits runs out
    # What the table messages remember per table: whose turn was last shown, edits waiting.
    assert service.showing.turns._turns == {}
    assert service.showing.edits._pending == {}
    assert len(service.registry) == 0


class HeldDrawing(Drawing):
    """Draws as usual, except that table pictures wait, while ``held``, until released."""

    def __init__(self) -> None:
        super().__init__()
        self.held = False
        self.waiting: list[asyncio.Future[None]] = []

    async def latest(
        self, render: Callable[[Any], bytes], scene: Callable[[], Any], kind: Picture, **turn: Any
    ) -> bytes:
        if self.held and render is render_table:
            gate: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            self.waiting.append(gate)
            await gate
        return await super().latest(render, scene, kind, **turn)

    def release(self) -> None:
        self.held = False
        for gate in self.waiting:
            gate.set_result(None)


@pytest.fixture
async def held() -> HeldDrawing:
    return HeldDrawing()


@pytest.fixture
async def held_service(
    store: Store, outbox: RecordingOutbox, clock: ManualClock, held: HeldDrawing
) -> AsyncIterator[TableService]:
    tables = TableService(
        store, outbox, random_source=random.Random(7), sleep=clock.sleep, drawing=held
    )
    yield tables
    await tables.close()


async def test_a_table_closed_while_its_message_is_drawn_is_neither_shown_nor_remembered(
    held_service: TableService, clock: ManualClock, outbox: RecordingOutbox, held: HeldDrawing
):
    service = held_service
    table_id = await four_people(service)
    await clock.advance(service, 10)  # the first table message is shown: no edit is waiting
    table = service.registry.table(table_id)
    game = table.game
    assert game is not None and game.to_act is not None
    held.held = True
    mover = person_at(service, table_id, game.to_act)
    await service.act(table_id, mover, random_action(game.decision(), random.Random(0)))
    while not held.waiting:  # the table message of that move is being drawn
        await asyncio.sleep(0)
    await service.end(table_id, ALICE, can_manage=False)
    shown_before_closing = len(outbox.tables)
    held.release()
    await clock.advance(service, 10)
    assert outbox.closed == [table_id]
    assert len(outbox.tables) == shown_before_closing
    assert service.showing.turns._turns == {}


#: What the count of objects held by the service leaves out: the store and the workers (their
#: own resources), the event loop, the engine's game (its moves are the game's own, gone with
#: it), and the test's clock and outbox (which remember everything on purpose).
NOT_COUNTED = (
    Store,
    DecisionPool,
    Executor,
    threading.Thread,
    asyncio.AbstractEventLoop,
    Game,
    ManualClock,
    RecordingOutbox,
)
#: Objects that are no state of anyone's: their classes, functions and modules.
NOT_STATE = (type, types.ModuleType, types.FunctionType, types.BuiltinFunctionType, types.CodeType)


def held_objects(root: object) -> int:
    """How many objects ``root`` holds, directly or not (`NOT_COUNTED` counted, not entered)."""
    seen, waiting = {id(root)}, [root]
    while waiting:
        held = waiting.pop()
        if isinstance(held, NOT_COUNTED):
            continue
        for inner in gc.get_referents(held):
            if id(inner) not in seen and not isinstance(inner, NOT_STATE):
                seen.add(id(inner))
                waiting.append(inner)
    return len(seen)


def next_hand_or_game(table: Table) -> Callable[[Table], bool]:
    """Whether the table has gone on from its hand now to the next one, or ended its game."""
    playing = table.game
    assert playing is not None
    number = playing.hand_number
    return lambda table: table.game is not playing or playing.hand_number != number


async def test_a_table_played_hand_after_hand_holds_no_more_than_after_its_first_hands(
    service: TableService, clock: ManualClock
):
    """Counted at the start of each hand, over eighteen hands of short games: whatever the
    service keeps for a table (its records, its messages, its waiting edits, its deliveries)
    is as much after many hands as after a few; a structure growing with every hand or every
    move would hold more each time."""
    table_id = await four_people(service, target=21)
    table = service.registry.table(table_id)
    counts = []
    for hand in range(18):
        await play_until(service, clock, table_id, next_hand_or_game(table), seed=hand)
        if table.game is None:  # the game was won: the same four play another
            await service.start(table_id, ALICE)
        await clock.advance(service, 30)  # every picture and delivery of the move done
        counts.append(held_objects(service))
    assert max(counts[6:]) <= max(counts[:6]) + 3, counts
