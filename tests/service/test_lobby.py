"""Opening a table, taking and leaving seats, computer players, and starting the game."""

from __future__ import annotations

import pytest

from bot.engine import FirstDealer, HouseRules, draw_for_seats
from bot.errors import UserFacingError
from bot.service import CountedError, TableAlreadyOpen, TableOptions, Teams
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    fill_with_computers,
    open_table,
    public_table,
)


def refused(error: pytest.ExceptionInfo[UserFacingError]) -> str:
    return error.value.key


@pytest.mark.slow
async def test_the_creator_sits_down_and_a_second_table_points_to_the_first(service, store):
    table_id = await open_table(service)
    table = service.registry.table_in_channel(CHANNEL)
    assert table.id == table_id
    assert table.seat_of(ALICE.user_id) == 0
    assert [seat.user_id for seat in await store.tables.seats(table_id)] == [ALICE.user_id]
    with pytest.raises(TableAlreadyOpen) as error:
        await open_table(service, creator=BOB)
    assert error.value.table.id == table_id


@pytest.mark.slow
async def test_joining_takes_the_next_free_seat_and_refuses_twice(service):
    table_id = await open_table(service)
    assert (await service.join(table_id, BOB)).seat == 1
    assert (await service.join(table_id, CAROL)).seat == 2
    with pytest.raises(UserFacingError) as error:
        await service.join(table_id, BOB)
    assert refused(error) == "errors.already_seated"


@pytest.mark.slow
async def test_a_chosen_seat_must_be_free_and_a_lobby_seat_can_be_changed(service):
    table_id = await open_table(service, options=TableOptions(teams=Teams.MANUAL))
    assert (await service.join(table_id, BOB, seat=2)).seat == 2
    with pytest.raises(UserFacingError) as error:
        await service.join(table_id, CAROL, seat=2)
    assert refused(error) == "errors.seat_taken"
    with pytest.raises(UserFacingError) as error:
        await service.join(table_id, CAROL, seat=7)
    assert refused(error) == "errors.no_such_seat"
    assert (await service.join(table_id, BOB, seat=3)).seat == 3
    table = service.registry.table(table_id)
    assert sorted(table.seats) == [0, 3]


@pytest.mark.slow
async def test_a_full_table_refuses_and_a_person_replaces_a_computer(service):
    table_id = await open_table(service)
    await fill_with_computers(service, table_id)
    with pytest.raises(UserFacingError) as error:
        await service.join(table_id, BOB)
    assert refused(error) == "errors.table_full"
    assert (await service.join(table_id, BOB, seat=1)).seat == 1
    assert service.registry.table(table_id).seats[1].user_id == BOB.user_id


@pytest.mark.slow
async def test_leaving_the_lobby_frees_the_seat(service, store):
    table_id = await open_table(service)
    await service.join(table_id, BOB)
    assert not await service.leave(table_id, BOB.user_id)
    assert [seat.seat for seat in await store.tables.seats(table_id)] == [0]
    with pytest.raises(UserFacingError) as error:
        await service.leave(table_id, BOB.user_id)
    assert refused(error) == "errors.not_seated"


@pytest.mark.slow
async def test_only_seated_people_add_computer_players(service):
    table_id = await open_table(service)
    with pytest.raises(UserFacingError) as error:
        await service.add_computer(table_id, BOB.user_id)
    assert refused(error) == "errors.not_seated"
    assert await service.add_computer(table_id, ALICE.user_id, level="hard") == 1
    assert service.registry.table(table_id).seats[1].computer_level == "hard"


async def test_the_game_needs_every_seat_and_its_creator(service):
    table_id = await open_table(service)
    await service.join(table_id, BOB)
    with pytest.raises(CountedError) as error:
        await service.start(table_id, ALICE)
    assert (error.value.key, error.value.count) == ("errors.not_enough_players", 4)
    assert error.value.message("en") == "The table needs 4 players to start."
    await service.join(table_id, CAROL)
    await service.join(table_id, DAVE)
    with pytest.raises(UserFacingError) as error:
        await service.start(table_id, BOB)
    assert error.value.message("en") == "Only alice, who opened the table, can do that."


@pytest.mark.slow
async def test_starting_draws_seats_and_the_first_dealer(service, store: Store, outbox):
    rules = HouseRules(first_dealer=FirstDealer.LOWEST)
    table_id = await open_table(service, options=TableOptions(rules=rules))
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    game = await store.games.active(table_id)
    assert game is not None and game.state is not None
    draw = draw_for_seats(4, game.seed, FirstDealer.LOWEST)
    lobby = (ALICE, BOB, CAROL, DAVE)
    seated = {seat: record.user_id for seat, record in table.seats.items()}
    assert seated == {seat: lobby[index].user_id for seat, index in enumerate(draw.seating)}
    assert table.game.dealer == draw.first_dealer_seat
    stored = {seat.seat: seat.user_id for seat in await store.tables.seats(table_id)}
    assert stored == seated
    dealer_name = lobby[draw.seating[draw.first_dealer_seat]].name
    cards, partners = outbox.announcements()[-1].splitlines()
    assert cards.endswith(f"{dealer_name} deals first.")
    # The two highest cards (seats 0 and 2 after the draw) against the two lowest.
    name = {seat: lobby[index].name for seat, index in enumerate(draw.seating)}
    assert partners == f"{name[0]} & {name[2]} against {name[1]} & {name[3]}"


@pytest.mark.slow
async def test_chosen_seats_are_kept_and_the_draw_names_the_dealer(service):
    table_id = await open_table(service, options=TableOptions(teams=Teams.MANUAL))
    for seat, person in ((2, BOB), (1, CAROL), (3, DAVE)):
        await service.join(table_id, person, seat=seat)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    assert [table.seats[seat].user_id for seat in range(4)] == [
        ALICE.user_id,
        CAROL.user_id,
        BOB.user_id,
        DAVE.user_id,
    ]
    draw = draw_for_seats(4, table.game.seed, FirstDealer.HIGHEST)
    assert table.game.dealer == draw.seating[draw.first_dealer_seat]


@pytest.mark.slow
async def test_a_running_game_cannot_be_started_again_or_joined(service):
    table_id = await open_table(service)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    with pytest.raises(UserFacingError) as error:
        await service.start(table_id, ALICE)
    assert refused(error) == "errors.game_running"
    with pytest.raises(UserFacingError) as error:
        await service.join(table_id, BOB)
    assert refused(error) == "errors.table_full"


@pytest.mark.slow
async def test_the_lobby_text_lists_the_seats(service):
    table_id = await open_table(service, turn_timer=60)
    await service.add_computer(table_id, ALICE.user_id)
    public = await public_table(service, table_id)
    assert public.picture is None and not public.playing
    assert public.text.splitlines()[2:6] == [
        "North: alice",
        "East: Computer 2",
        "South: Empty seat",
        "West: Empty seat",
    ]
    assert "Turn timer: 60 s" in public.text
    assert [seat.takeable for seat in public.seats] == [False, True, True, True]


@pytest.mark.slow
async def test_computer_players_keep_one_name_through_the_draw(service, store):
    table_id = await open_table(service)
    for _ in range(3):
        await service.add_computer(table_id, ALICE.user_id)
    table = service.registry.table(table_id)
    before = {seat: name for seat, name in enumerate(table.names("en")) if seat}
    assert sorted(before.values()) == ["Computer 2", "Computer 3", "Computer 4"]
    await service.start(table_id, ALICE)
    after = set(table.names("en")) - {ALICE.name}
    assert after == set(before.values())
    stored = {seat.display_name for seat in await store.tables.seats(table_id)}
    assert stored == after | {ALICE.name}


@pytest.mark.slow
async def test_a_new_computer_player_takes_a_name_no_other_one_has(service):
    """After a draw moved "Computer 3" to another seat, a computer sitting down in seat 3 is
    not a second "Computer 3"."""
    table_id = await open_table(service)
    for _ in range(3):
        await service.add_computer(table_id, ALICE.user_id)
    table = service.registry.table(table_id)
    await service.start(table_id, ALICE)
    seat_of_three = table.names("en").index("Computer 3")
    other_seat = next(seat for seat in (2, 1, 3) if seat != seat_of_three)
    name = table.new_computer_name(other_seat)
    assert name not in table.names("en")
    assert name.startswith("Computer ")
