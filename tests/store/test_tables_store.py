"""Tables and seats in the store."""

from __future__ import annotations

import pytest

from bot.store import (
    DEFAULT_TURN_TIMER,
    NotFoundError,
    SeatConflictError,
    Store,
    TableExistsError,
    UnreadableTableRecord,
    UnreadableValue,
)

GUILD, CHANNEL, OTHER_CHANNEL, ALICE, BOB = 10, 20, 21, 1001, 1002


async def _open_table(store: Store, channel: int = CHANNEL, **options):
    return await store.tables.create(
        guild_id=GUILD, channel_id=channel, creator_id=ALICE, house_rules={"target": 51}, **options
    )


async def test_a_new_table_is_open_with_its_settings(store: Store):
    table = await _open_table(store, language="fr")
    assert (table.guild_id, table.channel_id, table.creator_id) == (GUILD, CHANNEL, ALICE)
    assert table.house_rules == {"target": 51}
    assert table.language == "fr"
    assert table.turn_timer == DEFAULT_TURN_TIMER
    assert table.status == "open"
    assert table.message_id is None and table.ended_at is None
    assert table.created_at.tzinfo is not None
    assert await store.tables.get(table.id) == table
    assert await store.tables.open_in_channel(CHANNEL) == table


async def test_one_open_table_per_channel(store: Store):
    first = await _open_table(store)
    with pytest.raises(TableExistsError) as raised:
        await _open_table(store)
    assert raised.value.table == first
    other = await _open_table(store, channel=OTHER_CHANNEL)
    assert [table.id for table in await store.tables.list_open()] == [first.id, other.id]


async def test_ending_a_table_frees_the_channel(store: Store):
    first = await _open_table(store)
    ended = await store.tables.end(first.id)
    assert ended.status == "ended" and ended.ended_at is not None
    assert await store.tables.open_in_channel(CHANNEL) is None
    assert await store.tables.list_open() == []
    second = await _open_table(store)
    assert second.id != first.id
    assert (await store.tables.get(first.id)).status == "ended"


async def test_a_table_closed_for_a_reason_keeps_it(store: Store):
    table = await _open_table(store)
    ended = await store.tables.end(table.id, reason="channel gone")
    assert ended.closed_reason == "channel gone"
    assert (await store.tables.end(table.id, reason="later")).closed_reason == "channel gone"
    by_players = await store.tables.end((await _open_table(store)).id)
    assert by_players.closed_reason is None


async def damage(store: Store, table_id: int, house_rules: str) -> None:
    """Write the table's house rules as given, as a hand edit would."""
    async with store.database.write() as tx:
        await tx.execute(
            "UPDATE game_tables SET house_rules = ? WHERE id = ?", (house_rules, table_id)
        )


async def test_an_unreadable_open_table_never_hides_the_others(store: Store):
    first = await _open_table(store)
    damaged = await _open_table(store, channel=OTHER_CHANNEL, language="nl")
    await damage(store, damaged.id, "{not json")
    listed = await store.tables.list_open()
    assert listed[0] == first
    unreadable = listed[1]
    assert isinstance(unreadable, UnreadableTableRecord)
    assert (unreadable.id, unreadable.channel_id, unreadable.language) == (
        damaged.id,
        OTHER_CHANNEL,
        "nl",
    )
    assert "not JSON" in unreadable.problem
    with pytest.raises(UnreadableValue):
        await store.tables.get(damaged.id)


async def test_setting_a_table_aside_closes_it_and_abandons_its_game(store: Store):
    table = await _open_table(store)
    game = await store.games.start(table.id, seed=1, rules={}, player_count=4)
    await store.tables.set_aside(table.id, "unreadable: not JSON")
    closed = await store.tables.get(table.id)
    assert closed.status == "ended" and closed.closed_reason == "unreadable: not JSON"
    assert await store.games.active(table.id) is None
    ended = await store.games.get(game.id)
    assert ended.status == "abandoned" and ended.ended_at is not None
    assert await store.games.result(game.id) is None
    assert await store.tables.open_in_channel(CHANNEL) is None


async def test_guilds_are_every_server_that_had_a_table_open_or_ended(store: Store):
    assert await store.tables.guilds() == set()
    ended = await _open_table(store)
    await store.tables.end(ended.id)
    await _open_table(store)
    big = 2**63 - 1  # Discord ids are 64-bit
    await store.tables.create(guild_id=big, channel_id=1, creator_id=ALICE, house_rules={})
    assert await store.tables.guilds() == {GUILD, big}


async def test_update_changes_only_the_given_fields(store: Store):
    table = await _open_table(store)
    updated = await store.tables.update(table.id, message_id=555, turn_timer=None)
    assert updated.message_id == 555
    assert updated.turn_timer is None  # None switches the timer off
    assert updated.house_rules == table.house_rules and updated.language == table.language
    updated = await store.tables.update(table.id, house_rules={"target": 21}, language=None)
    assert updated.house_rules == {"target": 21}
    assert updated.message_id == 555 and updated.turn_timer is None


async def test_update_of_a_missing_table_raises(store: Store):
    with pytest.raises(NotFoundError):
        await store.tables.update(404, message_id=1)


async def test_seating_people_and_computers(store: Store):
    table = await _open_table(store)
    alice = await store.tables.sit(table.id, 0, user_id=ALICE, display_name="Alice")
    computer = await store.tables.sit(table.id, 1, computer_level="easy", display_name="Computer")
    assert not alice.is_computer and alice.user_id == ALICE
    assert computer.is_computer and computer.user_id is None
    assert await store.tables.seats(table.id) == [alice, computer]


async def test_a_person_takes_one_seat_only(store: Store):
    table = await _open_table(store)
    await store.tables.sit(table.id, 0, user_id=ALICE, display_name="Alice")
    with pytest.raises(SeatConflictError):
        await store.tables.sit(table.id, 2, user_id=ALICE, display_name="Alice")
    assert [seat.seat for seat in await store.tables.seats(table.id)] == [0]


async def test_sitting_in_a_taken_seat_replaces_its_occupant_fresh(store: Store):
    table = await _open_table(store)
    await store.tables.sit(table.id, 0, user_id=ALICE, display_name="Alice")
    await store.tables.update_seat(table.id, 0, away=True, auto_moves=3)
    bob = await store.tables.sit(table.id, 0, user_id=BOB, display_name="Bob")
    assert (bob.user_id, bob.away, bob.auto_moves) == (BOB, False, 0)
    assert await store.tables.seats(table.id) == [bob]


async def test_a_seat_needs_exactly_one_occupant_kind(store: Store):
    table = await _open_table(store)
    with pytest.raises(ValueError):
        await store.tables.sit(table.id, 0, display_name="Nobody")
    with pytest.raises(ValueError):
        await store.tables.sit(table.id, 0, user_id=ALICE, computer_level="easy", display_name="?")


async def test_auto_moves_count_up_and_reset(store: Store):
    table = await _open_table(store)
    await store.tables.sit(table.id, 3, user_id=BOB, display_name="Bob")
    assert (await store.tables.add_auto_move(table.id, 3)).auto_moves == 1
    assert (await store.tables.add_auto_move(table.id, 3)).auto_moves == 2
    seat = await store.tables.update_seat(table.id, 3, auto_moves=0, away=True)
    assert (seat.auto_moves, seat.away) == (0, True)
    renamed = await store.tables.update_seat(table.id, 3, display_name="Robert")
    assert (renamed.display_name, renamed.away) == ("Robert", True)


@pytest.mark.slow
async def test_leaving_empties_the_seat(store: Store):
    table = await _open_table(store)
    await store.tables.sit(table.id, 1, user_id=BOB, display_name="Bob")
    assert await store.tables.leave(table.id, 1) is True
    assert await store.tables.leave(table.id, 1) is False
    assert await store.tables.seats(table.id) == []
    with pytest.raises(NotFoundError):
        await store.tables.add_auto_move(table.id, 1)
