"""A player's private hand message shown anew while the service brings the old one up to
date: the new one is the one refreshed from then on, and the old one says where the hand went,
whichever of the two finishes last (else the old one would keep a turn and live buttons)."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.engine import Pass
from bot.service import HandDelivery, HandPlace, HandShown
from tests.service.tables import four_people, person_at

LIVE_UNTIL = datetime(2100, 1, 1, tzinfo=UTC)


def private(message_id: int) -> HandPlace:
    token = f"token-{message_id}"
    return HandPlace(message_id, application_id=1, token=token, editable_until=LIVE_UNTIL)


async def test_a_hand_shown_anew_during_a_refresh_of_the_old_message_takes_over(
    service, clock, outbox, monkeypatch
):
    table_id = await four_people(service)
    await clock.settle(service)
    table = service.registry.table(table_id)
    mover = person_at(service, table_id, table.game.to_act)
    following = person_at(service, table_id, (table.game.to_act + 1) % 4)
    old, new = private(10), private(20)
    await service.hand_shown(table_id, following.user_id, old, new_message=True)
    show_hand = outbox.show_hand
    retired: list[tuple[int, str]] = []

    async def shown_anew_meanwhile(delivery: HandDelivery) -> HandShown:
        if delivery.place == old:  # the player asks for their hand while it is refreshed
            await service.hand_shown(table_id, following.user_id, new, new_message=True)
        return await show_hand(delivery)

    async def retire_hand(place: HandPlace, text: str) -> None:
        retired.append((place.message_id, text))

    monkeypatch.setattr(outbox, "show_hand", shown_anew_meanwhile)
    monkeypatch.setattr(outbox, "retire_hand", retire_hand)
    await service.act(table_id, mover, Pass())
    await clock.settle(service)

    assert table.hand_messages[following.user_id].private == new
    stored = await service.store.shown.hand_messages(table_id)
    assert [r.message_id for r in stored if r.user_id == following.user_id] == [20]
    assert retired and retired[-1] == (10, "Your hand is in a newer message below.")
