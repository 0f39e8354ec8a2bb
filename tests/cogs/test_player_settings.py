"""``/cinch settings`` through SimCord: per user, private, stored, and kept across restarts."""

from __future__ import annotations

import pytest

import bot.presentation.scenes as scenes
from bot.i18n import t
from bot.render import HandScene
from tests.cogs.table_driver import TableDriver


def _line(key: str) -> str:
    return t(key, "en-US")


async def test_first_look_shows_the_defaults_privately(simcord_bot, channel, players):
    alice, bob = players[:2]

    result = await alice.slash(channel, "cinch settings")

    assert result.ephemeral
    text = result.response.content
    assert _line("settings.title") in text
    assert _line("settings.hand.ephemeral") in text
    assert _line("settings.boards.shown") in text
    assert _line("settings.saved") not in text
    assert result.response.id in {message.id for message in channel.history(viewer=alice)}
    assert result.response.id not in {message.id for message in channel.history(viewer=bob)}


async def test_changes_are_saved_for_that_user_only(simcord_bot, channel, players):
    alice, bob = players[:2]

    result = await alice.slash(channel, "cinch settings", hand="dm", hide_from_leaderboards=True)

    text = result.response.content
    assert result.ephemeral
    assert _line("settings.saved") in text
    assert _line("settings.hand.dm") in text
    assert _line("settings.boards.hidden") in text
    stored = await simcord_bot.store.preferences.get(alice.id)
    assert (stored.hand_delivery, stored.hidden_from_boards) == ("dm", True)
    untouched = await simcord_bot.store.preferences.get(bob.id)
    assert (untouched.hand_delivery, untouched.hidden_from_boards) == ("ephemeral", False)


async def test_one_option_leaves_the_other_as_it_was(simcord_bot, channel, players):
    alice = players[0]
    await alice.slash(channel, "cinch settings", hide_from_leaderboards=True)

    result = await alice.slash(channel, "cinch settings", hand="dm")

    assert _line("settings.boards.hidden") in result.response.content
    stored = await simcord_bot.store.preferences.get(alice.id)
    assert (stored.hand_delivery, stored.hidden_from_boards) == ("dm", True)


async def test_choosing_dm_again_retries_after_a_refused_dm(simcord_bot, channel, players):
    alice = players[0]
    await simcord_bot.store.preferences.update(alice.id, hand_delivery="dm", dm_failed=True)

    shown = await alice.slash(channel, "cinch settings")
    assert _line("settings.hand.dm_failed") in shown.response.content

    chosen = await alice.slash(channel, "cinch settings", hand="dm")
    assert _line("settings.hand.dm") in chosen.response.content
    assert (await simcord_bot.store.preferences.get(alice.id)).wants_dm


async def test_settings_survive_a_restart(simcord_bot, channel, players, restart):
    alice = players[0]
    await alice.slash(channel, "cinch settings", hand="dm", hide_from_leaderboards=True)

    new_bot = await restart()

    assert new_bot is not simcord_bot and simcord_bot.store.closed
    assert new_bot.store.path == simcord_bot.store.path
    result = await alice.slash(channel, "cinch settings")
    assert _line("settings.hand.dm") in result.response.content
    assert _line("settings.boards.hidden") in result.response.content


@pytest.mark.slow
async def test_the_four_colour_deck_for_ones_hand_and_for_a_table(
    simcord_env, channel, players, drawn_tables, monkeypatch
):
    drawn_hands: list[HandScene] = []

    def recording(*args, **fields) -> HandScene:
        scene = HandScene(*args, **fields)
        drawn_hands.append(scene)
        return scene

    monkeypatch.setattr(scenes, "HandScene", recording)
    alice, bob = players[0], players[1]
    saved = await alice.slash(channel, "cinch settings", four_colour=True)
    assert "four colours" in saved.response.content
    driver = TableDriver(simcord_env, channel, players)
    await driver.open_and_fill(alice, four_colour=True, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    assert drawn_tables and drawn_tables[-1].four_colour
    await alice.click(driver.table_message(), label="Show my hand")
    assert drawn_hands[-1].four_colour
    await bob.click(driver.table_message(), label="Show my hand")
    assert not drawn_hands[-1].four_colour


@pytest.mark.slow
async def test_forget_me_asks_first_then_takes_the_member_off_everything(
    simcord_bot, channel, players
):
    alice, bob = players[:2]
    store = simcord_bot.store
    await bob.slash(channel, "cinch settings", hand="dm")
    await alice.slash(channel, "cinch new")
    await bob.slash(channel, "cinch join")

    asked = await bob.slash(channel, "cinch forget")
    assert asked.ephemeral and asked.response.content == _line("forget.confirm")
    await bob.click(asked.response, label=_line("forget.cancel"))
    assert asked.response.content == _line("forget.cancelled")
    assert (await store.preferences.get(bob.id)).hand_delivery == "dm"

    asked = await bob.slash(channel, "cinch forget")
    await bob.click(asked.response, label=_line("forget.button"))
    assert asked.response.content == _line("forget.under_way")
    assert (await store.preferences.get(bob.id)).hand_delivery == "ephemeral"
    table = simcord_bot.tables.registry.find_in_channel(channel.id)
    assert table is not None and table.seat_of(bob.id) is None
    assert [record.display_name for record in table.seats.values()] == ["alice"]
    seats = await store.database.fetch_all("SELECT user_id, display_name FROM seats")
    assert [tuple(row) for row in seats] == [(alice.id, "alice")]
