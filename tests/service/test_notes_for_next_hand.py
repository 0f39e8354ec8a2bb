"""A player Discord lets the bot reach by no way (their DMs refused, no interaction of theirs
alive, the table's channel refusing the message that names them) is told with their next
hand, after a restart too: the note is stored, and forgotten only once an answer showed it."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import UTC, datetime

import pytest

from bot.i18n import t
from bot.service import HandDelivery, HandPlace, HandShown, TableService
from bot.store import Store
from tests.service.tables import CAROL, ManualClock, RecordingOutbox, four_people


class UnreachableOutbox(RecordingOutbox):
    """Discord refuses every DM; the channel takes no message naming anyone (``tell``)."""

    async def show_hand(self, delivery: HandDelivery) -> HandShown:
        if delivery.by_dm:
            self.hands.append(delivery)
            return HandShown(None, dm_refused=True)
        return await super().show_hand(delivery)


@pytest.fixture
def outbox() -> UnreachableOutbox:
    return UnreachableOutbox()


@pytest.fixture
async def restarted(
    store: Store, clock: ManualClock
) -> AsyncIterator[Callable[[], Awaitable[TableService]]]:
    """``await restarted()``: a new service over the same store, restored."""
    started: list[TableService] = []

    async def restart() -> TableService:
        again = TableService(
            store, UnreachableOutbox(), random_source=random.Random(3), sleep=clock.sleep
        )
        started.append(again)
        await again.restore()
        return again

    try:
        yield restart
    finally:
        for service in started:
            await service.close()


def shown_privately(message_id: int) -> HandPlace:
    until = datetime(2100, 1, 1, tzinfo=UTC)
    return HandPlace(message_id, application_id=1, token="token", editable_until=until)


async def carol_unreachable(service: TableService, clock: ManualClock) -> int:
    """A table where carol, who asked for her hand by DM, could be told nothing: the deal's
    DM to her is refused."""
    await service.people.change(CAROL.user_id, hand_delivery="dm")
    table_id = await four_people(service)
    await clock.settle(service)
    assert (await service.store.preferences.get(CAROL.user_id)).dm_failed
    return table_id


async def test_the_note_for_a_player_told_nothing_survives_a_restart_and_is_shown_once(
    service, clock, restarted
):
    table_id = await carol_unreachable(service, clock)
    await service.close()

    again = await restarted()
    first = await again.show_hand(table_id, CAROL)
    assert first.notes == (t("errors.dm_closed", first.locale),)
    await again.hand_shown(
        table_id, CAROL.user_id, shown_privately(30), new_message=True, noted=first.noted
    )
    second = await again.show_hand(table_id, CAROL)
    assert second.notes == ()


async def test_a_note_is_kept_until_an_answer_showed_it(service, clock, restarted):
    table_id = await carol_unreachable(service, clock)
    drawn = await service.show_hand(table_id, CAROL)
    await service.close()  # stopped before the answer went out: it never showed the note

    again = await restarted()
    assert drawn.notes and (await again.show_hand(table_id, CAROL)).notes == drawn.notes


async def test_a_note_made_again_after_an_answer_was_drawn_is_told_next_time(
    service, clock, monkeypatch
):
    table_id = await carol_unreachable(service, clock)
    drawn = await service.show_hand(table_id, CAROL)
    later = datetime(2100, 1, 1, tzinfo=UTC)
    monkeypatch.setattr(service.store.database, "clock", lambda: later)  # a newer note
    await service.people.note(table_id, CAROL.user_id, "errors.dm_closed")
    await service.hand_shown(
        table_id, CAROL.user_id, shown_privately(30), new_message=True, noted=drawn.noted
    )
    assert (await service.show_hand(table_id, CAROL)).notes == drawn.notes


async def test_a_note_is_forgotten_with_the_person(service, clock, store):
    table_id = await carol_unreachable(service, clock)
    await store.people.forget(CAROL.user_id, -1, lambda locale: "Former player")
    assert await store.shown.notes(CAROL.user_id) == []
    assert (await service.show_hand(table_id, CAROL)).notes == ()
