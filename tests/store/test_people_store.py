"""Forgetting a person in the store: their settings go, and every row that names them (seats,
tables they opened, results, the seat a stand-in played for them) takes a pseudonym and the name
given for the table's language; nobody else's rows change."""

from __future__ import annotations

from bot.store import ResultPlayer, Store

GUILD, OTHER_GUILD = 10, 11
ALICE, BOB, CAROL = 1001, 1002, 1003
PSEUDONYM = -77


def former(language: str | None) -> str:
    return f"Former player ({language})"


async def played(store: Store, *, guild: int, channel: int, language: str, end: bool) -> int:
    """A table of alice (its creator), bob and carol with a finished game in which bob was
    away at the end (a stand-in computer played his seat); ended or still open."""
    table = await store.tables.create(
        guild_id=guild, channel_id=channel, creator_id=ALICE, house_rules={}, language=language
    )
    for seat, (user, name) in enumerate(((ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"))):
        await store.tables.sit(table.id, seat, display_name=name, user_id=user)
    await store.tables.update_seat(table.id, 1, away=True)
    game = await store.games.start(table.id, seed=1, rules={}, player_count=3)
    await store.games.finish(
        game.id,
        status="finished",
        winners=[0],
        final_scores=[51, 20, 10],
        players=[
            ResultPlayer(0, 0, "alice", True, user_id=ALICE),
            ResultPlayer(1, 1, "bob", False, computer_level="normal", stand_in_for=BOB),
            ResultPlayer(2, 2, "carol", False, user_id=CAROL),
        ],
    )
    if end:
        await store.tables.end(table.id)
    return table.id


async def rows(store: Store, sql: str, *params: object) -> list[tuple]:
    return [tuple(row) for row in await store.database.fetch_all(sql, params)]


async def test_forgetting_someone_renames_every_row_about_them_and_nothing_else(store: Store):
    await store.preferences.update(BOB, locale="fr", hand_delivery="dm")
    await store.preferences.update(CAROL, locale="nl")
    ended = await played(store, guild=GUILD, channel=1, language="fr", end=True)
    still_open = await played(store, guild=OTHER_GUILD, channel=2, language="pt_BR", end=False)

    forgotten = await store.people.forget(BOB, PSEUDONYM, former)

    assert forgotten.guilds == frozenset({GUILD, OTHER_GUILD})
    assert forgotten.open_tables == (still_open,)
    assert (forgotten.settings, forgotten.results, forgotten.seats) == (True, 2, 2)
    assert await rows(store, "SELECT * FROM user_preferences WHERE user_id = ?", BOB) == []
    assert (await store.preferences.get(CAROL)).locale == "nl"
    # The pseudonym is kept off the boards: "Former player" is no one to rank.
    assert (await store.preferences.get(PSEUDONYM)).hidden_from_boards
    assert await rows(
        store, "SELECT table_id, user_id, display_name FROM seats WHERE seat = 1 ORDER BY table_id"
    ) == [
        (ended, PSEUDONYM, "Former player (fr)"),
        (still_open, PSEUDONYM, "Former player (pt_BR)"),
    ]
    assert await rows(
        store,
        "SELECT guild_id, user_id, stand_in_for, display_name FROM result_players"
        " WHERE seat = 1 ORDER BY guild_id",
    ) == [
        (GUILD, None, PSEUDONYM, "Former player (fr)"),
        (OTHER_GUILD, None, PSEUDONYM, "Former player (pt_BR)"),
    ]
    assert await rows(
        store, "SELECT user_id, display_name FROM result_players WHERE seat <> 1 ORDER BY 1"
    ) == [(ALICE, "alice"), (ALICE, "alice"), (CAROL, "carol"), (CAROL, "carol")]
    for any_row in await rows(store, "SELECT * FROM seats") + await rows(
        store, "SELECT * FROM result_players"
    ):
        assert BOB not in any_row and "bob" not in any_row


async def test_forgetting_a_creator_takes_their_id_off_the_tables_they_opened(store: Store):
    table = await played(store, guild=GUILD, channel=1, language="en", end=True)
    forgotten = await store.people.forget(ALICE, PSEUDONYM, former)
    assert forgotten.tables == 1
    record = await store.tables.get(table)
    assert record is not None and record.creator_id == PSEUDONYM
    again = await store.people.forget(ALICE, PSEUDONYM - 1, former)
    assert (again.settings, again.results, again.seats, again.tables) == (False, 0, 0, 0)
    assert again.guilds == frozenset()
    assert forgotten.found and not again.found
    # Nobody was found the second time, so no second pseudonym was stored either.
    second = await rows(store, "SELECT * FROM user_preferences WHERE user_id = ?", PSEUDONYM - 1)
    assert second == []


async def test_someone_known_only_to_the_league_is_found(store: Store):
    async with store.database.write() as tx:
        await tx.execute(
            "INSERT INTO season_role_holders (guild_id, season, user_id) VALUES (?, ?, ?)",
            (GUILD, 1, CAROL),
        )
    forgotten = await store.people.forget(CAROL, PSEUDONYM, former)
    assert forgotten.found and forgotten.league_rows == 1
    assert await rows(store, "SELECT user_id FROM season_role_holders") == [(PSEUDONYM,)]


async def test_the_open_tables_a_person_sits_at_are_listed(store: Store):
    assert await store.people.open_tables(BOB) == ()
    still_open = await played(store, guild=GUILD, channel=1, language="en", end=False)
    await played(store, guild=GUILD, channel=2, language="en", end=True)
    assert await store.people.open_tables(BOB) == (still_open,)
