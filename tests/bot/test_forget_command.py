"""``python -m bot forget USER_ID``: an operator forgets a person who asked, in the configured
database, with one line to say what changed (and one more if a table still seats them)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import bot.cli as cli
from bot.store import ResultPlayer, Store

PERSON, OTHER = 1002, 1001


async def a_finished_game_and_an_open_table(path: Path) -> None:
    async with await Store.open(path) as store:
        await store.preferences.update(PERSON, locale="fr")
        for channel, ended in ((1, True), (2, False)):
            table = await store.tables.create(
                guild_id=7, channel_id=channel, creator_id=OTHER, house_rules={}, language="en"
            )
            await store.tables.sit(table.id, 0, display_name="other", user_id=OTHER)
            await store.tables.sit(table.id, 1, display_name="person", user_id=PERSON)
            if ended:
                game = await store.games.start(table.id, seed=1, rules={}, player_count=2)
                await store.games.finish(
                    game.id,
                    status="finished",
                    winners=[1],
                    final_scores=[3, 11],
                    players=[
                        ResultPlayer(0, 0, "other", False, user_id=OTHER),
                        ResultPlayer(1, 1, "person", True, user_id=PERSON),
                    ],
                )
                await store.tables.end(table.id)


async def names_and_ids(path: Path) -> list[tuple]:
    async with await Store.open(path) as store:
        rows = await store.database.fetch_all(
            "SELECT user_id, display_name FROM seats UNION ALL"
            " SELECT user_id, display_name FROM result_players UNION ALL"
            " SELECT user_id, locale FROM user_preferences"
        )
    return [tuple(row) for row in rows]


def test_forget_renames_the_person_everywhere_and_says_what_changed(no_settings, capsys):
    path = no_settings / "games.sqlite3"
    (no_settings / ".env").write_text("DATABASE_URL=sqlite:///games.sqlite3\n")
    asyncio.run(a_finished_game_and_an_open_table(path))

    assert cli.main(["forget", str(PERSON)]) == 0

    first, second = capsys.readouterr().out.strip().splitlines()
    assert first.startswith(f"Forgot user {PERSON} (settings deleted). 'Former player' (id -")
    assert first.endswith(
        "now stands in 1 game result, 2 seats, 0 tables opened, 0 days of the daily deals;"
        " renamed on the boards of 1 server."
    )
    assert second.startswith("They were at open tables (2)")
    stored = asyncio.run(names_and_ids(path))
    assert all(PERSON not in row and "person" not in row for row in stored)
    assert (OTHER, "other") in stored
    assert sum(row[1] == "Former player" for row in stored) == 3


def test_forgetting_someone_again_says_nothing_was_found_and_changes_nothing(
    no_settings, capsys
):
    path = no_settings / "games.sqlite3"
    (no_settings / ".env").write_text("DATABASE_URL=sqlite:///games.sqlite3\n")
    asyncio.run(a_finished_game_and_an_open_table(path))
    assert cli.main(["forget", str(PERSON)]) == 0
    capsys.readouterr()
    stored = asyncio.run(names_and_ids(path))

    assert cli.main(["forget", str(PERSON)]) == 0

    (line,) = capsys.readouterr().out.strip().splitlines()
    assert line == (
        f"Nothing about user {PERSON} is stored in this database: they were forgotten already,"
        " or never played here. Nothing was changed."
    )
    assert asyncio.run(names_and_ids(path)) == stored


def test_forgetting_someone_who_never_played_says_so(no_settings, capsys):
    (no_settings / ".env").write_text("DATABASE_URL=sqlite:///games.sqlite3\n")
    assert cli.main(["forget", "4242"]) == 0
    assert capsys.readouterr().out.startswith("Nothing about user 4242 is stored")


@pytest.mark.parametrize("given", ["bob", "-4", "0"])
def test_forget_takes_a_discord_user_id_only(no_settings, capsys, given):
    with pytest.raises(SystemExit) as stopped:
        cli.main(["forget", given])
    assert stopped.value.code == 2
    assert "user id" in capsys.readouterr().err.strip().splitlines()[-1]
