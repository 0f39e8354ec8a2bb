"""A person who asks to be forgotten: their settings go, their name and id leave every game,
history and board, and a game they were playing goes on and ends without them."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from bot.stats import Metric, leaderboard, user_key
from bot.store import Store
from tests.service.tables import ALICE, BOB, GUILD, ManualClock, four_people, play_until

pytestmark = pytest.mark.slow


async def rows(store: Store, sql: str, *params: object) -> list[tuple]:
    return [tuple(row) for row in await store.database.fetch_all(sql, params)]


async def test_a_forgotten_player_leaves_no_name_or_id_behind(
    service, store: Store, clock: ManualClock
):
    await service.change_settings(BOB.user_id, locale="fr", turn_dm=True)
    table_id = await four_people(service, target=11)
    table = service.registry.table(table_id)
    await play_until(service, clock, table_id, lambda table: table.game is None)
    assert [entry.name for entry in (await leaderboard(store, GUILD, Metric.WINS)).entries]
    await service.start(table_id, ALICE)  # the next game, which bob leaves half-way
    await clock.settle(service)

    forgotten = await service.forget_person(BOB.user_id)
    await clock.settle(service)

    assert forgotten.open_tables == (table_id,) and forgotten.guilds == {GUILD}
    assert table.seat_of(BOB.user_id) is None
    seat = next(seat for seat, record in table.seats.items() if record.user_id < 0)
    assert table.seats[seat].display_name == "Former player" and table.seats[seat].away
    assert BOB.user_id not in table.hand_messages
    settings = await service.settings(BOB.user_id)
    assert (settings.locale, settings.turn_dm) == (None, False), "read afresh: the defaults"
    names = [entry.name for entry in (await leaderboard(store, GUILD, Metric.WINS)).entries]
    assert "bob" not in names and "Former player" not in names
    bob_on_boards = "SELECT * FROM stat_players WHERE player = ?"
    assert await rows(store, bob_on_boards, user_key(BOB.user_id)) == []

    await play_until(service, clock, table_id, lambda table: table.game is None)
    stored = await rows(store, "SELECT user_id, stand_in_for, display_name FROM result_players")
    assert stored and all(BOB.user_id not in row and "bob" not in row for row in stored)
    assert (None, forgotten.pseudonym, "Former player") in stored


async def test_someone_seated_at_a_table_of_another_process_is_asked_to_leave_it_first(
    service, store: Store
):
    elsewhere = await store.tables.create(
        guild_id=GUILD + 1, channel_id=99, creator_id=1, house_rules={}
    )
    await store.tables.sit(elsewhere.id, 0, display_name="bob", user_id=BOB.user_id)
    await service.change_settings(BOB.user_id, locale="fr")
    with pytest.raises(UserFacingError) as refused:
        await service.forget_person(BOB.user_id)
    assert refused.value.key == "errors.forget_seated_elsewhere"
    assert (await store.preferences.get(BOB.user_id)).locale == "fr", "nothing was changed"

