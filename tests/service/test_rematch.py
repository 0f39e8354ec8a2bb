"""A rematch: the players of a finished game confirm, one click each, and it starts again at
the same seats with the same computer players; at the table still in its lobby, or at one
opened again in the game's channel (a table in a thread closes with its game)."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from bot.service import Person, TableOptions, TableService
from bot.store import ResultPlayer, Store
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    ManualClock,
    RecordingOutbox,
    four_people,
    open_table,
    play_until,
    public_table,
)

ERIN = Person(200, "erin")


async def lobby_of_alice_bob_and_computers(service: TableService, *, thread: bool = False) -> int:
    """Alice's table: alice in seat 0, bob in seat 1, computer players in seats 2 and 3."""
    table_id = await open_table(service, options=TableOptions(thread=thread))
    await service.join(table_id, BOB, 1)
    await service.add_computer(table_id, ALICE.user_id, 2, "easy")
    await service.add_computer(table_id, ALICE.user_id, 3, "hard")
    return table_id


async def finished_game(store: Store, table_id: int, status: str = "finished") -> int:
    """A game of the table's seats stored as its players would have ended it."""
    seats = await store.tables.seats(table_id)
    game = await store.games.start(table_id, seed=3, rules={}, player_count=4)
    players = [
        ResultPlayer(
            seat.seat,
            seat.seat % 2,
            seat.display_name,
            seat.seat % 2 == 0,
            user_id=seat.user_id,
            computer_level=seat.computer_level,
        )
        for seat in seats
    ]
    await store.games.finish(
        game.id,
        status="finished" if status == "finished" else "abandoned",
        winners=[0] if status == "finished" else [],
        final_scores=[51, 30],
        players=players,
    )
    return game.id


def seating(service: TableService, table_id: int) -> dict[int, object]:
    table = service.registry.table(table_id)
    return {
        seat: record.user_id if record.user_id is not None else record.computer_level
        for seat, record in table.seats.items()
    }


async def test_everyone_confirms_and_the_game_starts_at_the_same_seats(
    service: TableService, store: Store, clock: ManualClock
):
    table_id = await lobby_of_alice_bob_and_computers(service)
    before = seating(service, table_id)
    game_id = await finished_game(store, table_id)

    first = await service.rematch(game_id, BOB)
    assert not first.started and not first.reopened
    assert first.waiting == ("alice",)
    text = (await public_table(service, table_id)).text
    assert "Rematch: waiting for alice." in text

    last = await service.rematch(game_id, ALICE)
    assert last.started and last.hand is not None and last.hand.hand is not None
    table = service.registry.table(table_id)
    assert table.playing and table.rematch is None
    # The seats (so the partners) are the game's, whatever the table's drawn teams.
    assert seating(service, table_id) == before


async def test_a_closed_table_opens_again_with_the_games_seats(
    service: TableService, store: Store, clock: ManualClock
):
    table_id = await lobby_of_alice_bob_and_computers(service, thread=True)
    before = seating(service, table_id)
    game_id = await finished_game(store, table_id)
    await service.end(table_id, ALICE, can_manage=False)
    assert not service.holds(table_id)

    reply = await service.rematch(game_id, ALICE)
    assert reply.reopened and not reply.started and reply.waiting == ("bob",)
    reopened = service.facts_in_channel(CHANNEL)
    assert reopened.table_id != table_id
    assert seating(service, reopened.table_id) == before
    record = await store.tables.get(reopened.table_id)
    assert record is not None and TableOptions.from_json(record.house_rules).thread
    # Bob's confirmation starts it.
    assert (await service.rematch(game_id, BOB)).started


async def test_a_table_opened_again_counts_among_the_tables_of_who_opened_it(
    service: TableService, store: Store
):
    table_id = await lobby_of_alice_bob_and_computers(service, thread=True)
    game_id = await finished_game(store, table_id)
    await service.end(table_id, ALICE, can_manage=False)
    await store.limits.update(GUILD, tables_per_member=1)
    await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        creator=ALICE,
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )
    # Alice is at her limit: bob's click opens the rematch, as his table, not hers.
    reply = await service.rematch(game_id, BOB)
    assert reply.reopened
    reopened = service.facts_in_channel(CHANNEL)
    record = await store.tables.get(reopened.table_id)
    assert record is not None and record.creator_id == BOB.user_id
    assert (await service.rematch(game_id, ALICE)).started


async def test_someone_who_left_the_lobby_takes_their_seat_back(
    service: TableService, store: Store
):
    table_id = await lobby_of_alice_bob_and_computers(service)
    game_id = await finished_game(store, table_id)
    await service.leave(table_id, BOB.user_id)
    reply = await service.rematch(game_id, ALICE)
    assert reply.waiting == () and not reply.started  # bob's seat is empty
    assert (await service.rematch(game_id, BOB)).started
    assert service.registry.table(table_id).user_at(1) == BOB.user_id


async def test_only_its_players_confirm_a_finished_game(service: TableService, store: Store):
    table_id = await lobby_of_alice_bob_and_computers(service)
    game_id = await finished_game(store, table_id)
    with pytest.raises(UserFacingError) as refused:
        await service.rematch(game_id, CAROL)
    assert refused.value.key == "errors.rematch_not_played"
    abandoned = await finished_game(store, table_id, status="abandoned")
    with pytest.raises(UserFacingError) as refused:
        await service.rematch(abandoned, ALICE)
    assert refused.value.key == "errors.rematch_unavailable"


async def test_a_lobby_whose_seats_changed_is_no_rematch(service: TableService, store: Store):
    table_id = await lobby_of_alice_bob_and_computers(service)
    game_id = await finished_game(store, table_id)
    await service.leave(table_id, BOB.user_id)
    await service.join(table_id, ERIN, 1)
    with pytest.raises(UserFacingError) as refused:
        await service.rematch(game_id, ALICE)
    assert refused.value.key == "errors.rematch_seats_changed"


async def test_no_rematch_while_the_channels_table_plays(service: TableService, store: Store):
    table_id = await lobby_of_alice_bob_and_computers(service)
    game_id = await finished_game(store, table_id)
    await service.start(table_id, ALICE)
    with pytest.raises(UserFacingError) as refused:
        await service.rematch(game_id, BOB)
    assert refused.value.key == "errors.rematch_busy"


@pytest.mark.slow
async def test_a_game_played_to_its_end_offers_its_rematch(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await four_people(service, target=5)
    table = service.registry.table(table_id)
    game_id = table.game_id
    await play_until(service, clock, table_id, lambda table: not table.playing)
    await clock.settle(service)
    offered = [item.rematch for item in outbox.shown if item.rematch is not None]
    assert offered == [game_id]
    before = seating(service, table_id)
    for person in (ALICE, BOB, CAROL):
        assert not (await service.rematch(game_id, person)).started
    assert (await service.rematch(game_id, DAVE)).started
    assert seating(service, table_id) == before
