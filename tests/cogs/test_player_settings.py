"""``/cinch settings`` through SimCord: per user, private, stored, and kept across restarts."""

from __future__ import annotations

from bot.i18n import t


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
