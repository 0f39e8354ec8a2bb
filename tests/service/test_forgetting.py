"""A person who asks to be forgotten: their settings go, their name and id leave every game,
history and board, and a game they were playing goes on and ends without them."""

from __future__ import annotations

import random

import pytest

from bot.errors import UserFacingError
from bot.service import TableService
from bot.stats import Metric, leaderboard, user_key
from bot.stats.forgetting import ask_to_forget
from bot.stats.recorder import rebuild
from bot.store import Store
from tests.service.tables import ALICE, BOB, GUILD, ManualClock, four_people, play_until

pytestmark = pytest.mark.slow


async def rows(store: Store, sql: str, *params: object) -> list[tuple]:
    return [tuple(row) for row in await store.database.fetch_all(sql, params)]


async def test_a_forgotten_player_leaves_no_name_or_id_behind(
    service, store: Store, clock: ManualClock
):
    await service.people.change(BOB.user_id, locale="fr", turn_dm=True)
    table_id = await four_people(service, target=11)
    table = service.registry.table(table_id)
    await play_until(service, clock, table_id, lambda table: table.game is None)
    assert [entry.name for entry in (await leaderboard(store, GUILD, Metric.WINS)).entries]
    await service.start(table_id, ALICE)  # the next game, which bob leaves half-way
    await clock.settle(service)

    await service.forget_person(BOB.user_id)
    await clock.settle(service)  # forgotten in the background

    seats = await rows(store, "SELECT user_id FROM seats WHERE user_id < 0")
    [pseudonym] = [row[0] for row in seats]
    assert await store.people.pending_forgets() == {}
    assert table.seat_of(BOB.user_id) is None
    seat = next(seat for seat, record in table.seats.items() if record.user_id < 0)
    assert table.seats[seat].display_name == "Former player" and table.seats[seat].away
    assert BOB.user_id not in table.hand_messages
    settings = await service.people.settings(BOB.user_id)
    assert (settings.locale, settings.turn_dm) == (None, False), "read afresh: the defaults"
    names = [entry.name for entry in (await leaderboard(store, GUILD, Metric.WINS)).entries]
    assert "bob" not in names and "Former player" not in names
    bob_on_boards = "SELECT * FROM stat_players WHERE player = ?"
    assert await rows(store, bob_on_boards, user_key(BOB.user_id)) == []

    await play_until(service, clock, table_id, lambda table: table.game is None)
    stored = await rows(store, "SELECT user_id, stand_in_for, display_name FROM result_players")
    assert stored and all(BOB.user_id not in row and "bob" not in row for row in stored)
    assert (None, pseudonym, "Former player") in stored


async def test_someone_seated_at_a_table_of_another_process_is_asked_to_leave_it_first(
    service, store: Store
):
    elsewhere = await store.tables.create(
        guild_id=GUILD + 1, channel_id=99, creator_id=1, house_rules={}
    )
    await store.tables.sit(elsewhere.id, 0, display_name="bob", user_id=BOB.user_id)
    await service.people.change(BOB.user_id, locale="fr")
    with pytest.raises(UserFacingError) as refused:
        await service.forget_person(BOB.user_id)
    assert refused.value.key == "errors.forget_seated_elsewhere"
    assert (await store.preferences.get(BOB.user_id)).locale == "fr", "nothing was changed"



BOARDS = (
    "SELECT * FROM stat_games ORDER BY guild_id, ended_at, game_id, seat",
    "SELECT * FROM stat_bids ORDER BY guild_id, player, amount, game_id",
    "SELECT * FROM stat_players ORDER BY guild_id, player",
)


async def boards(store: Store) -> list[list[tuple]]:
    return [await rows(store, sql) for sql in BOARDS]


async def test_forgetting_renames_the_boards_in_place_as_a_rebuild_would(
    service, store: Store, clock: ManualClock
):
    table_id = await four_people(service, target=11)
    await play_until(service, clock, table_id, lambda table: table.game is None)
    await service.start(table_id, ALICE)  # a second game, so the ratings follow an order
    await play_until(service, clock, table_id, lambda table: table.game is None)
    await service.forget_person(BOB.user_id)
    await clock.settle(service)
    renamed = await boards(store)
    assert not [row for table in renamed for row in table if user_key(BOB.user_id) in row]
    await rebuild(store, GUILD)
    assert await boards(store) == renamed


async def test_a_forgetting_cut_short_is_finished_at_the_next_start_under_the_same_pseudonym(
    service, store: Store, clock: ManualClock, outbox
):
    table_id = await four_people(service, target=11)
    await play_until(service, clock, table_id, lambda table: table.game is None)
    # The request was kept and the person's rows renamed, then the process stopped before
    # the boards were renamed.
    assert await ask_to_forget(store, BOB.user_id)
    assert not await ask_to_forget(store, BOB.user_id)  # asked again: still the one request
    pseudonym = (await store.people.pending_forgets())[BOB.user_id]
    await store.people.forget(BOB.user_id, pseudonym, lambda language: "Former player")
    assert await rows(store, "SELECT 1 FROM stat_players WHERE player = ?", user_key(BOB.user_id))

    after_restart = TableService(store, outbox, random_source=random.Random(8), sleep=clock.sleep)
    try:
        await after_restart.restore()
        after_restart.resume_forgetting()
        await clock.settle(after_restart)
    finally:
        await after_restart.close()
    assert await store.people.pending_forgets() == {}
    names = await rows(store, "SELECT player FROM stat_players WHERE guild_id = ?", GUILD)
    assert (user_key(pseudonym),) in names and (user_key(BOB.user_id),) not in names
