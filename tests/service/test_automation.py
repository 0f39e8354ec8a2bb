"""The turn timer, seats marked away, leaving during a game, and ending a table."""

from __future__ import annotations

import random

import pytest

from bot.engine import HouseRules
from bot.engine.random_player import random_action
from bot.errors import UserFacingError
from bot.service import SeatRequest, TableOptions, TableService
from bot.service.areas.automation import ABANDON_AFTER, LOBBY_LIFETIME
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    ManualClock,
    fill_with_computers,
    open_table,
    play_until,
)

pytestmark = pytest.mark.slow

TIMER = 90


async def alice_and_computers(service: TableService, *, turn_timer: int | None = TIMER) -> int:
    table_id = await open_table(
        service, turn_timer=turn_timer, options=TableOptions(computer_pause=1.0)
    )
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    return table_id


async def until_alice_acts(service: TableService, clock: ManualClock, table_id: int) -> None:
    await play_until(
        service,
        clock,
        table_id,
        lambda table: table.user_at(table.game.to_act) == ALICE.user_id,
        people=(),
    )


async def test_the_timer_reminds_at_half_time_then_moves_for_the_player(
    service, clock, outbox, store
):
    table_id = await alice_and_computers(service)
    await until_alice_acts(service, clock, table_id)
    game = service.registry.table(table_id).game
    moves = len(game.log)
    await clock.advance(service, TIMER / 2 - 1)
    assert outbox.reminders == []
    await clock.advance(service, 1)
    (reminder,) = outbox.reminders
    assert reminder.user_id == ALICE.user_id
    assert f"<@{ALICE.user_id}>" in reminder.text and f" {TIMER // 2} " in reminder.text
    await clock.advance(service, TIMER / 2 - 1)
    assert len(game.log) == moves
    await clock.advance(service, 1)
    assert len(game.log) == moves + 1
    seat = service.registry.table(table_id).seat_of(ALICE.user_id)
    assert game.log[moves][0] == seat
    (record,) = [s for s in await store.tables.seats(table_id) if s.seat == seat]
    assert (record.auto_moves, record.away) == (1, False)


async def test_three_missed_turns_mark_the_seat_away_until_someone_takes_it(service, clock, outbox):
    table_id = await alice_and_computers(service)
    table = service.registry.table(table_id)
    seat = table.seat_of(ALICE.user_id)
    for _ in range(3):
        await until_alice_acts(service, clock, table_id)
        await clock.advance(service, TIMER)
    assert table.seats[seat].away
    assert any("missed three turns in a row" in text for text in outbox.announcements())
    # The seat now plays after the computer pause, without waiting for the timer.
    await play_until(service, clock, table_id, lambda table: table.game.to_act == seat, people=())
    moves = len(table.game.log)
    await clock.advance(service, 1.0)
    assert len(table.game.log) == moves + 1
    # Bob was not playing: the creator (away or not) lets him take the seat.
    asked = await service.join(table_id, BOB)
    assert isinstance(asked, SeatRequest) and asked.seat == seat
    await service.answer_seat_request(
        table_id,
        ALICE,
        newcomer=BOB,
        seat=seat,
        game_id=asked.game_id,
        accept=True,
        can_manage=False,
    )
    assert table.seats[seat].user_id == BOB.user_id and not table.seats[seat].away


async def test_acting_again_clears_the_count_of_missed_turns(service, clock, store):
    table_id = await alice_and_computers(service)
    table = service.registry.table(table_id)
    seat = table.seat_of(ALICE.user_id)
    await until_alice_acts(service, clock, table_id)
    await clock.advance(service, TIMER)
    assert table.seats[seat].auto_moves == 1
    await until_alice_acts(service, clock, table_id)
    decision = table.game.decision()
    await service.act(table_id, ALICE, random_action(decision, random.Random(0)))
    (record,) = [s for s in await store.tables.seats(table_id) if s.seat == seat]
    assert record.auto_moves == table.seats[seat].auto_moves == 0


async def test_without_a_timer_nothing_happens_while_a_person_thinks(service, clock):
    table_id = await alice_and_computers(service, turn_timer=None)
    await until_alice_acts(service, clock, table_id)
    game = service.registry.table(table_id).game
    moves = len(game.log)
    await clock.advance(service, 3600)
    assert len(game.log) == moves


async def test_leaving_during_a_game_lets_the_seat_play_on_its_own(service, clock, outbox):
    table_id = await open_table(service)
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    seat = table.seat_of(BOB.user_id)
    await service.leave(table_id, BOB.user_id)
    await clock.settle(service)
    assert table.seats[seat].away
    assert "bob left the table" in outbox.announcements()[-1]
    await play_until(
        service,
        clock,
        table_id,
        lambda table: table.game.to_act == seat,
        people=(ALICE, CAROL, DAVE),
    )
    moves = len(table.game.log)
    await clock.advance(service, 1.0)
    assert len(table.game.log) == moves + 1
    assert (await service.join(table_id, BOB)).seat == seat
    assert not table.seats[seat].away


async def test_the_creator_ends_the_game_and_it_is_stored_as_abandoned(
    service, clock, store, outbox
):
    table_id = await alice_and_computers(service)
    game_id = (await store.games.active(table_id)).id
    vote = await service.end(table_id, ALICE, can_manage=False)
    await clock.settle(service)
    assert vote.ended
    assert (await store.games.result(game_id)).status == "abandoned"
    assert (await store.tables.get(table_id)).status == "ended"
    with pytest.raises(UserFacingError) as error:
        service.registry.table(table_id)
    assert error.value.key == "errors.table_closed"
    assert outbox.closed == [table_id]


async def test_a_majority_of_seated_people_ends_the_game(service, store):
    table_id = await open_table(service)
    for person in (BOB, CAROL, DAVE):
        await service.join(table_id, person)
    await service.start(table_id, ALICE)
    first = await service.end(table_id, BOB, can_manage=False)
    assert (first.ended, first.votes, first.needed) == (False, 1, 3)
    assert not (await service.end(table_id, CAROL, can_manage=False)).ended
    assert (await service.end(table_id, DAVE, can_manage=False)).ended
    with pytest.raises(UserFacingError):
        await service.end(table_id, DAVE, can_manage=False)


async def test_someone_allowed_to_manage_messages_ends_it_alone(service):
    table_id = await alice_and_computers(service)
    outsider = BOB
    with pytest.raises(UserFacingError) as error:
        await service.end(table_id, outsider, can_manage=False)
    assert error.value.key == "errors.not_seated"
    assert (await service.end(table_id, outsider, can_manage=True)).ended


async def test_each_turn_the_timer_plays_for_someone_is_announced(service, clock, outbox):
    table_id = await alice_and_computers(service)
    await until_alice_acts(service, clock, table_id)
    await clock.advance(service, TIMER)
    assert "⏱ The timer played for alice." in outbox.announcements()


async def test_a_game_nobody_plays_any_more_ends_as_abandoned(service, clock, outbox, store):
    """Alice went away: once the timer and the stand-in have played a dozen of her turns in a
    row, the table closes and the game is stored as abandoned, which the boards leave out."""
    table_id = await alice_and_computers(service)
    game_id = service.registry.table(table_id).game_id
    assert game_id is not None
    for _ in range(200):
        if service.registry.find_in_channel(CHANNEL) is None:
            break
        await clock.advance(service, TIMER)
    assert service.registry.find_in_channel(CHANNEL) is None
    assert any(text.startswith("⏹ Nobody at this table") for text in outbox.announcements())
    game = await store.games.get(game_id)
    assert game is not None and game.status == "abandoned"


async def test_a_person_moving_again_keeps_the_game_going(service, clock):
    table_id = await alice_and_computers(service)
    table = service.registry.table(table_id)
    for _ in range(ABANDON_AFTER - 1):
        table.played_for_a_person()
    await until_alice_acts(service, clock, table_id)
    game = table.game
    await service.act(table_id, ALICE, random_action(game.decision(), random.Random(3)))
    assert table.turns_without_people == 0


async def test_a_lobby_nobody_touches_closes_after_a_while(service, clock, outbox):
    table_id = await open_table(service)
    await clock.advance(service, LOBBY_LIFETIME - 60)
    await service.join(table_id, BOB)  # a change: the lobby waits again from here
    await clock.advance(service, LOBBY_LIFETIME - 60)
    assert service.registry.find_in_channel(CHANNEL) is not None
    await clock.advance(service, 60)
    assert service.registry.find_in_channel(CHANNEL) is None
    assert outbox.announcements()[-1].startswith("⏹ This table closed after 30 minutes")
    await clock.advance(service, 2 * LOBBY_LIFETIME)  # nothing is scheduled for it any more
    closed = [text for text in outbox.announcements() if text.startswith("⏹ This table closed")]
    assert len(closed) == 1


async def test_a_seat_played_for_an_absent_person_earns_them_nothing(service, clock, store):
    """Alice steps away at the start and Bob plays on: the stand-in computer player, not
    Alice, gets the game in the results (and so the win and the rating)."""
    options = TableOptions(rules=HouseRules(target_score=11), computer_pause=1.0)
    table_id = await open_table(service, turn_timer=TIMER, options=options)
    await service.join(table_id, BOB)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    game_id = table.game_id
    alice_seat = table.seat_of(ALICE.user_id)
    await service.leave(table_id, ALICE.user_id)
    await play_until(service, clock, table_id, lambda table: table.game is None, people=(BOB,))
    result = await store.games.result(game_id)
    assert result is not None and result.status == "finished"
    seats = {player.seat: player for player in result.players}
    assert seats[alice_seat].user_id is None and seats[alice_seat].computer_level == "normal"
    assert seats[alice_seat].display_name == ALICE.name
    assert BOB.user_id in {player.user_id for player in result.players}
