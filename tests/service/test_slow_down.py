"""Asking again and again for one's hand or for a hint is answered "slow down": once each time
the table moved on is always fine, a few repeats in a row too, then one more each little while,
each person on their own allowance."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.engine.random_player import random_action
from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES, t
from bot.service import TableOptions, TableService
from bot.service.pacing import HAND_REQUESTS, HINT_REQUESTS
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    ManualClock,
    person_at,
    play_until,
)


class StoreClock:
    """The store's clock (and so the service's), moved by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, by: timedelta) -> None:
        self.now += by


@pytest.fixture
def store_clock() -> StoreClock:
    return StoreClock()


@pytest.fixture
async def store(database: str | Path, store_clock: StoreClock) -> AsyncIterator[Store]:
    opened = await Store.open(database, clock=store_clock)
    try:
        yield opened
    finally:
        await opened.close()


async def started_with_hints(service: TableService, channel_id: int = CHANNEL) -> int:
    table = await service.open_table(
        guild_id=GUILD,
        channel_id=channel_id,
        creator=ALICE,
        options=TableOptions(hints=True),
        language="en",
        turn_timer=None,
    )
    for person in (BOB, CAROL, DAVE):
        await service.join(table.table_id, person)
    await service.start(table.table_id, ALICE)
    return table.table_id


async def refused(request) -> str:
    with pytest.raises(UserFacingError) as error:
        await request
    return error.value.key


async def test_showing_ones_hand_again_and_again_is_answered_slow_down(
    service: TableService, store_clock: StoreClock
):
    table_id = await started_with_hints(service)
    await service.show_hand(table_id, ALICE)
    for _ in range(HAND_REQUESTS.burst):
        await service.show_hand(table_id, ALICE)  # the same again
    assert await refused(service.show_hand(table_id, ALICE)) == "errors.slow_down"
    # Someone else is not held back by it.
    await service.show_hand(table_id, BOB)
    # Refused requests cost nothing: after one interval, exactly one more.
    store_clock.advance(HAND_REQUESTS.every)
    await service.show_hand(table_id, ALICE)
    assert await refused(service.show_hand(table_id, ALICE)) == "errors.slow_down"
    # Left alone long enough, the whole allowance is back, and no more.
    store_clock.advance(HAND_REQUESTS.every * (HAND_REQUESTS.burst + 5))
    for _ in range(HAND_REQUESTS.burst):
        await service.show_hand(table_id, ALICE)
    assert await refused(service.show_hand(table_id, ALICE)) == "errors.slow_down"


async def test_a_hand_asked_for_once_after_every_move_is_always_shown(service: TableService):
    table_id = await started_with_hints(service)
    table = service.registry.table(table_id)
    rng = random.Random(2)
    for _ in range(4 * HAND_REQUESTS.burst):
        await service.show_hand(table_id, ALICE)
        acting = person_at(service, table_id, table.game.to_act)
        await service.act(table_id, acting, random_action(table.game.decision(), rng))


async def test_turning_between_two_tables_does_not_get_round_the_allowance(
    service: TableService,
):
    tables = [await started_with_hints(service, channel) for channel in (CHANNEL, CHANNEL + 1)]
    for _ in range(HAND_REQUESTS.burst + 1):
        for table_id in tables:
            await service.show_hand(table_id, ALICE)
    for table_id in tables:
        assert await refused(service.show_hand(table_id, ALICE)) == "errors.slow_down"


async def test_asking_for_hints_again_and_again_is_answered_slow_down(
    service: TableService, store_clock: StoreClock
):
    table_id = await started_with_hints(service)
    game = service.registry.table(table_id).game
    acting = person_at(service, table_id, game.to_act)
    for _ in range(1 + HINT_REQUESTS.burst):
        assert (await service.hint(table_id, acting)).startswith("💡")
    assert await refused(service.hint(table_id, acting)) == "errors.slow_down"
    # Hints have an allowance of their own: the hand still shows.
    await service.show_hand(table_id, acting)
    store_clock.advance(HINT_REQUESTS.every)
    assert (await service.hint(table_id, acting)).startswith("💡")
    assert await refused(service.hint(table_id, acting)) == "errors.slow_down"


async def test_a_hint_refused_for_another_reason_costs_nothing(
    service: TableService, clock: ManualClock
):
    table_id = await started_with_hints(service)
    seat = (service.registry.table(table_id).game.to_act + 1) % 4
    waiting = person_at(service, table_id, seat)
    for _ in range(HINT_REQUESTS.burst + 2):
        assert await refused(service.hint(table_id, waiting)) == "errors.not_your_turn"
    await play_until(service, clock, table_id, lambda table: table.game.to_act == seat)
    for _ in range(1 + HINT_REQUESTS.burst):
        assert (await service.hint(table_id, waiting)).startswith("💡")


def test_slow_down_is_said_kindly_in_every_language():
    texts = {locale: t("errors.slow_down", locale) for locale in SUPPORTED_LOCALES}
    assert len(set(texts.values())) == len(SUPPORTED_LOCALES)
    assert all(text != "errors.slow_down" for text in texts.values())
