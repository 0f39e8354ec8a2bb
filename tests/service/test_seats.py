"""Who may sit where during a game: a seat someone stepped away from stays theirs, a newcomer
takes a seat only with the agreement of someone playing (unless the table is open to all), and
a vote to end counts the people who were playing."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from bot.service import Person, Seated, SeatRequest, TableOptions, TableService
from tests.service.tables import ALICE, BOB, CAROL, ManualClock, open_table

pytestmark = pytest.mark.slow

ERIN = Person(200, "erin")


async def alice_bob_and_computers(service: TableService, **options: object) -> int:
    table_id = await open_table(service, options=TableOptions(**options))  # type: ignore[arg-type]
    await service.join(table_id, BOB)
    for _ in range(2):
        await service.add_computer(table_id, ALICE.user_id)
    await service.start(table_id, ALICE)
    return table_id


async def test_a_computer_cannot_replace_a_creator_who_stepped_away_so_nobody_ends_alone(
    service: TableService, clock: ManualClock
):
    table_id = await alice_bob_and_computers(service)
    await service.leave(table_id, ALICE.user_id)
    with pytest.raises(UserFacingError) as refused:
        await service.add_computer(table_id, BOB.user_id)
    assert refused.value.key == "errors.seat_kept"
    assert refused.value.params == {"player": "alice"}
    table = service.registry.table(table_id)
    assert table.seats[table.seat_of(ALICE.user_id)].away
    vote = await service.end(table_id, BOB, can_manage=False)
    assert (vote.ended, vote.votes, vote.needed) == (False, 1, 2)
    assert service.holds(table_id)


async def newcomer_asks(
    service: TableService, table_id: int, seat: int | None = None
) -> SeatRequest:
    asked = await service.join(table_id, ERIN, seat)
    assert isinstance(asked, SeatRequest)
    return asked


async def test_a_newcomer_asks_for_a_computer_players_seat_and_someone_playing_agrees(
    service: TableService, clock: ManualClock
):
    table_id = await alice_bob_and_computers(service)
    table = service.registry.table(table_id)
    computer_seat = next(seat for seat, record in table.seats.items() if record.is_computer)
    asked = await newcomer_asks(service, table_id, computer_seat)
    assert (asked.table_id, asked.game_id, asked.seat) == (table_id, table.game_id, computer_seat)
    assert table.seats[computer_seat].is_computer, "nobody agreed yet"
    with pytest.raises(UserFacingError) as refused:
        await service.join(table_id, ERIN, computer_seat)
    assert refused.value.key == "errors.seat_already_asked"
    with pytest.raises(UserFacingError) as refused:
        await answer(service, asked, CAROL, accept=True)
    assert refused.value.key == "errors.not_playing_here"
    seated = await answer(service, asked, BOB, accept=True)
    assert seated is not None and seated.seat == computer_seat
    assert table.seat_of(ERIN.user_id) == computer_seat
    await clock.settle(service)


async def test_a_refused_newcomer_may_ask_again_and_a_request_dies_with_its_game(
    service: TableService,
):
    table_id = await alice_bob_and_computers(service)
    table = service.registry.table(table_id)
    await service.leave(table_id, ALICE.user_id)
    asked = await newcomer_asks(service, table_id)
    assert await answer(service, asked, BOB, accept=False) is None
    assert table.seat_of(ERIN.user_id) is None
    await newcomer_asks(service, table_id)
    stale = SeatRequest(table_id, asked.game_id - 1, asked.seat, asked.players, asked.locale)
    with pytest.raises(UserFacingError) as refused:
        await answer(service, stale, BOB, accept=True)
    assert refused.value.key == "errors.game_over"


async def test_the_creator_and_moderators_answer_too_but_not_for_someone_seated_since(
    service: TableService,
):
    table_id = await alice_bob_and_computers(service)
    await service.leave(table_id, ALICE.user_id)  # the creator stepped away
    asked = await newcomer_asks(service, table_id)
    seated = await answer(service, asked, ALICE, accept=True)
    assert seated is not None
    with pytest.raises(UserFacingError) as refused:
        await answer(service, asked, CAROL, accept=True, can_manage=True)
    assert refused.value.key == "errors.newcomer_seated"


async def test_a_table_open_to_all_seats_a_newcomer_at_once(service: TableService):
    table_id = await alice_bob_and_computers(service, open_seats=True)
    await service.leave(table_id, BOB.user_id)
    seated = await service.join(table_id, ERIN)
    assert isinstance(seated, Seated) and seated.hand is not None
    table = service.registry.table(table_id)
    assert table.seat_of(ERIN.user_id) == seated.seat
    assert table.seat_of(BOB.user_id) is None


async def test_someone_who_stepped_away_takes_their_seat_back_without_asking(service):
    table_id = await alice_bob_and_computers(service)
    await service.leave(table_id, BOB.user_id)
    back = await service.join(table_id, BOB)
    assert isinstance(back, Seated)
    assert service.registry.table(table_id).plays_here(BOB.user_id)


async def answer(
    service: TableService,
    asked: SeatRequest,
    answering: Person,
    *,
    accept: bool,
    can_manage: bool = False,
) -> Seated | None:
    return await service.answer_seat_request(
        asked.table_id,
        answering,
        newcomer=ERIN,
        seat=asked.seat,
        game_id=asked.game_id,
        accept=accept,
        can_manage=can_manage,
    )
