"""Driving the table service in tests: people, a virtual clock the test moves by hand, an
outbox that records what the service shows, and tables opened, filled and played.

``clock.sleep`` is what the service waits with (computer pauses, turn timers, the edit
coalescer); nothing wakes until the test calls ``await clock.advance(service, seconds)``, which
wakes every sleeper that is due and lets the service finish what it started before returning.
"""


from __future__ import annotations

import asyncio
import heapq
import itertools
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from bot.engine import HouseRules
from bot.engine.random_player import random_action
from bot.service import (
    Announcement,
    HandDelivery,
    HandPlace,
    HandShown,
    NoOutbox,
    Person,
    PublicTable,
    Reminder,
    TableOptions,
    TableService,
    TableShown,
)
from bot.service.showing import display
from bot.service.showing.drawing import Drawing
from bot.service.tables.table import Table

ALICE, BOB, CAROL, DAVE = (
    Person(100 + n, name) for n, name in enumerate(("alice", "bob", "carol", "dave"))
)
PEOPLE = (ALICE, BOB, CAROL, DAVE)
GUILD, CHANNEL = 1, 2


class Busy(Protocol):
    """Anything that can say which of its tasks are still running."""

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[Any]]: ...


class ManualClock:
    """Virtual time for the service: sleeps wait until the test advances the clock."""

    def __init__(self) -> None:
        self.now = 0.0
        self._sleepers: list[tuple[float, int, asyncio.Future[None], asyncio.Task[object]]] = []
        self._order = itertools.count()
        self.sleeping: set[asyncio.Task[object]] = set()

    async def sleep(self, seconds: float) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        task = asyncio.current_task()
        assert task is not None
        heapq.heappush(self._sleepers, (self.now + seconds, next(self._order), future, task))
        self.sleeping.add(task)
        try:
            await future
        finally:
            self.sleeping.discard(task)

    async def settle(self, service: Busy) -> None:
        """Wait until every task of ``service`` is finished or asleep on this clock."""
        for _ in range(20_000):
            if service.pending_tasks <= self.sleeping:
                return
            await asyncio.sleep(0.001)
        raise TimeoutError(f"still busy: {service.pending_tasks}")

    async def advance(self, service: Busy, seconds: float) -> None:
        target = self.now + seconds
        await self.settle(service)
        while self._sleepers and self._sleepers[0][0] <= target:
            due, _, future, task = heapq.heappop(self._sleepers)
            self.now = max(self.now, due)
            if not future.done():
                self.sleeping.discard(task)
                future.set_result(None)
            await self.settle(service)
        self.now = target


class RecordingOutbox(NoOutbox):
    """Keeps everything the service asked to show."""

    def __init__(self) -> None:
        self.shown: list[Announcement] = []
        self.tables: list[TableShown] = []
        self.hands: list[HandDelivery] = []
        self.reminders: list[Reminder] = []
        self.closed: list[int] = []
        #: The channels of the threads archived, in order.
        self.archived: list[int] = []

    mention_format = "<@{}>"

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        self.shown.append(announcement)

    async def show_table(self, shown: TableShown) -> int | None:
        self.tables.append(shown)
        return shown.table.message_id

    async def close_table(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        self.closed.append(table_id)

    async def archive_thread(self, channel_id: int) -> None:
        self.archived.append(channel_id)

    async def show_hand(self, delivery: HandDelivery) -> HandShown:
        self.hands.append(delivery)
        if delivery.by_dm and delivery.place is None:
            return HandShown(HandPlace(len(self.hands), dm_channel_id=delivery.user_id))
        return HandShown(delivery.place)

    async def remind(self, reminder: Reminder) -> None:
        self.reminders.append(reminder)

    def announcements(self) -> list[str]:
        return [item.text for item in self.shown]


async def open_table(
    service: TableService,
    *,
    options: TableOptions | None = None,
    turn_timer: int | None = None,
    creator: Person = ALICE,
) -> int:
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL,
        creator=creator,
        options=options or TableOptions(),
        language="en",
        turn_timer=turn_timer,
    )
    return table.table_id


async def fill_with_computers(service: TableService, table_id: int) -> None:
    """Seat computer players in every free seat (the creator asks)."""
    table = service.registry.table(table_id)
    for _ in table.free_seats():
        await service.add_computer(table_id, table.record.creator_id)


async def play_until(
    service: TableService,
    clock: ManualClock,
    table_id: int,
    done: Callable[[Table], bool],
    *,
    people: tuple[Person, ...] = PEOPLE,
    seed: int = 1,
    limit: int = 2_000,
) -> Table:
    """Let everyone play (people by random legal actions, computers on their own) until
    ``done(table)`` holds."""
    rng = random.Random(seed)
    table = service.registry.table(table_id)
    for _ in range(limit):
        if done(table):
            return table
        game = table.game
        acting = table.user_at(game.to_act) if game is not None else None
        person = next((p for p in people if p.user_id == acting), None)
        if person is not None and not table.seats[game.to_act].away:
            await service.act(table_id, person, random_action(game.decision(), rng))
            await clock.settle(service)
        else:
            await clock.advance(service, 1.0)
    raise AssertionError("the table never got there")


async def four_people(
    service: TableService, *, target: int = 51, options: TableOptions | None = None
) -> int:
    """A table of alice, bob, carol and dave, started: the first hand is dealt."""
    options = replace(options or TableOptions(), rules=HouseRules(target_score=target))
    table_id = await open_table(service, options=options)
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await service.start(table_id, ALICE)
    return table_id


def person_at(service: TableService, table_id: int, seat: int) -> Person:
    """The person sitting at ``seat``."""
    user = service.registry.table(table_id).user_at(seat)
    assert user is not None
    return next(person for person in PEOPLE if person.user_id == user)


async def public_table(service: TableService, table_id: int) -> PublicTable:
    """The table message as it would show now, its turn written as a mention."""
    drawing = Drawing()
    try:
        table = service.registry.table(table_id)
        return await display.public_table(table, drawing, lambda user: f"<@{user}>")
    finally:
        drawing.close()


class RecordingObserver:
    """Keeps what the service told its observer."""

    def __init__(self) -> None:
        self.actions = 0
        self.shown_after: list[float] = []
        self.restored: list[tuple[int, int]] = []
        self.round_trips: list[float] = []

    def action_applied(self) -> None:
        self.actions += 1

    def table_shown_after(self, seconds: float) -> None:
        self.shown_after.append(seconds)

    def tables_restored(self, restored: int, set_aside: int) -> None:
        self.restored.append((restored, set_aside))

    def relay_round_trip(self, seconds: float) -> None:
        self.round_trips.append(seconds)
