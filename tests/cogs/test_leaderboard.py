"""``/cinch-boards leaderboard``, ``stats`` and ``history`` through SimCord.

Games end here the way the table service ends them: hands recorded and the game finished
through the store, then ``bot.stats.record_game`` once.
"""

from __future__ import annotations

import discord
import pytest

from bot.i18n import t, tn
from bot.render.board import render_board
from bot.render.player_card import render_player_card
from bot.stats import (
    MIN_GAMES,
    PAGE_SIZE,
    Metric,
    Period,
    leaderboard,
    player_card,
    user_key,
)
from bot.stats.board_scenes import board_scene, card_scene
from tests.cogs.stored_games import end_game
from tests.pictures import assert_same_picture, picture_difference, sent_png

EN = "en-US"


async def _expected_board(
    bot, guild, member, metric=Metric.RATING, page=0, period=Period.ALL
) -> bytes:
    board = await leaderboard(
        bot.store, guild.id, metric, period, page=page, viewer=user_key(member.id)
    )
    return render_board(board_scene(board, EN))


def _mistakes(take_user_errors) -> list[tuple[str, dict]]:
    """The player mistakes the bot explained since the last look, as (key, parameters)."""
    return [(error.key, error.params) for error in take_user_errors()]


def _buttons(message) -> dict[str, dict]:
    return {
        button["label"]: button
        for row in message.components
        for button in row["components"]
        if button.get("label")
    }


async def test_a_finished_game_changes_the_board(simcord_bot, guild, channel, players):
    alice, bob, carol, dave = players

    before = await alice.slash(channel, "cinch-boards leaderboard", by="wins")

    assert not before.ephemeral
    assert before.response.content == tn("board.viewer_needs_games", 1, EN, name="alice")
    assert_same_picture(
        await sent_png(before.response),
        await _expected_board(simcord_bot, guild, alice, Metric.WINS),
    )

    await end_game(simcord_bot.store, channel, [alice, bob, carol, dave], winner=0)
    after = await alice.slash(channel, "cinch-boards leaderboard", by="wins")

    assert not after.response.content  # alice is on the board: nothing to explain
    board = await leaderboard(simcord_bot.store, guild.id, Metric.WINS)
    assert [(entry.name, entry.value) for entry in board.entries][:2] in (
        [("alice", 1), ("carol", 1)],
        [("carol", 1), ("alice", 1)],
    )
    picture = await sent_png(after.response)
    assert picture_difference(picture, await sent_png(before.response)) is not None
    assert_same_picture(picture, await _expected_board(simcord_bot, guild, alice, Metric.WINS))


async def test_a_board_for_this_week(simcord_bot, guild, channel, players, simcord_env):
    alice, bob = players[:2]
    await end_game(simcord_bot.store, channel, [alice, bob], winner=0)

    week = await alice.slash(channel, "cinch-boards leaderboard", by="win_rate", period="week")

    expected = await leaderboard(simcord_bot.store, guild.id, Metric.WIN_RATE, Period.WEEK)
    assert expected.since.weekday() == 0 and expected.since <= simcord_env.now()
    assert week.response.content == tn("board.viewer_needs_games", MIN_GAMES - 1, EN, name="alice")
    assert_same_picture(
        await sent_png(week.response),
        await _expected_board(simcord_bot, guild, alice, Metric.WIN_RATE, period=Period.WEEK),
    )


async def test_rating_board_needs_five_games(simcord_bot, guild, channel, players):
    alice, bob = players[:2]
    for _ in range(MIN_GAMES - 1):
        await end_game(simcord_bot.store, channel, [alice, bob], winner=0)

    waiting = await bob.slash(channel, "cinch-boards leaderboard")
    assert waiting.response.content == tn("board.viewer_needs_games", 1, EN, name="bob")

    await end_game(simcord_bot.store, channel, [alice, bob], winner=0)
    ranked = await bob.slash(channel, "cinch-boards leaderboard")

    assert not ranked.response.content
    assert_same_picture(
        await sent_png(ranked.response), await _expected_board(simcord_bot, guild, bob)
    )


@pytest.mark.slow
async def test_pages_turn_for_whoever_clicks_and_after_a_restart(
    simcord_bot, guild, channel, players, add_member, restart
):
    alice = players[0]
    others = [add_member(f"member{n}") for n in range(PAGE_SIZE + 2)]
    for member in others:
        await end_game(simcord_bot.store, channel, [member, alice], winner=0)

    first = await alice.slash(channel, "cinch-boards leaderboard", by="wins")
    message = first.response
    buttons = _buttons(message)
    previous, following = t("board.previous", EN), t("board.next", EN)
    assert buttons[previous]["disabled"] and not buttons[following]["disabled"]

    turned = await others[0].click(message, label=following)

    assert turned.response.id == message.id  # the same message, edited
    assert_same_picture(
        await sent_png(message),
        await _expected_board(simcord_bot, guild, others[0], Metric.WINS, page=1),
    )
    buttons = _buttons(message)
    assert not buttons[previous]["disabled"] and buttons[following]["disabled"]

    bot = await restart()
    await alice.click(message, label=previous)

    assert_same_picture(
        await sent_png(message), await _expected_board(bot, guild, alice, Metric.WINS)
    )


@pytest.mark.slow
async def test_hidden_players_stay_off_the_boards(
    simcord_bot, guild, channel, players, take_user_errors
):
    alice, bob, carol, dave = players
    await end_game(simcord_bot.store, channel, [alice, bob, carol, dave], winner=0)
    await alice.slash(channel, "cinch settings", hide_from_leaderboards=True)

    board = await alice.slash(channel, "cinch-boards leaderboard", by="wins")
    assert board.response.content == t("board.viewer_hidden", EN, name="alice")
    page = await leaderboard(simcord_bot.store, guild.id, Metric.WINS)
    assert "alice" not in [entry.name for entry in page.entries]
    assert_same_picture(
        await sent_png(board.response),
        await _expected_board(simcord_bot, guild, alice, Metric.WINS),
    )

    refused = await bob.slash(channel, "cinch-boards stats", player=alice)
    assert refused.ephemeral
    assert _mistakes(take_user_errors) == [("stats.hidden", {"name": "alice"})]

    own = await alice.slash(channel, "cinch-boards stats")
    assert own.ephemeral  # her own card, shown to her only
    card = await player_card(simcord_bot.store, guild.id, user_key(alice.id))
    assert_same_picture(await sent_png(own.response), render_player_card(card_scene(card, EN)))


async def test_a_player_card(simcord_bot, guild, channel, players, take_user_errors):
    alice, bob, carol, dave = players
    nobody = await alice.slash(channel, "cinch-boards stats", player=bob)
    assert _mistakes(take_user_errors) == [("stats.no_games", {"name": "bob"})]
    assert nobody.ephemeral

    await end_game(simcord_bot.store, channel, [alice, bob, carol, dave], winner=1)
    shown = await alice.slash(channel, "cinch-boards stats", player=bob)

    assert not shown.ephemeral
    card = await player_card(simcord_bot.store, guild.id, user_key(bob.id))
    assert (card.games, card.wins, card.best_partner.name) == (1, 1, "dave")
    assert_same_picture(await sent_png(shown.response), render_player_card(card_scene(card, EN)))


async def test_history_lists_games_and_shows_one_hand_by_hand(
    simcord_bot, channel, players, take_user_errors
):
    alice, bob, carol, dave = players
    empty = await alice.slash(channel, "cinch-boards history")
    assert _mistakes(take_user_errors) == [("history.empty", {})]
    assert empty.ephemeral

    await end_game(simcord_bot.store, channel, [alice, bob, carol, dave], winner=0)
    await end_game(simcord_bot.store, channel, [alice, bob], winner=1)
    listed = await alice.slash(channel, "cinch-boards history")

    text = listed.response.content
    assert not listed.ephemeral
    assert t("history.title", EN) in text
    assert "1. " in text and "2. " in text
    assert "**bob 51**" in text and "**alice & carol 51**" in text
    assert set(_buttons(listed.response)) == {"1", "2"}

    detail = await carol.click(listed.response, label="2")

    assert detail.ephemeral
    [embed] = detail.response.embeds
    assert t("picture.contract_made", EN, name="alice", bid=7) in embed.description
    assert "+9 → 9 / +5 → 5" in embed.description
    assert embed.title == t("history.hands_title", EN)
    [attachment] = detail.response.attachments
    assert attachment.filename == "game.png"


@pytest.fixture
def moderator(guild, simcord_env):
    role = guild.create_role("Mods", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("mod"), roles=[role])


async def test_only_managers_manage_the_boards(channel, players, simcord_env, offer_server_command):
    await offer_server_command(players[0])
    refused = await players[0].slash(channel, "cinch-server boards reset")

    assert refused.ephemeral
    assert refused.response.content == t(
        "errors.user_missing_permissions", EN, permissions=t("permission.manage_guild", EN)
    )
    [error] = simcord_env.errors
    assert isinstance(error, discord.app_commands.MissingPermissions)


async def test_reset_asks_first_and_rebuild_recounts(
    simcord_bot, guild, channel, players, moderator
):
    alice, bob = players[:2]
    await end_game(simcord_bot.store, channel, [alice, bob], winner=0)
    store = simcord_bot.store

    asked = await moderator.slash(channel, "cinch-server boards reset")
    assert asked.ephemeral and asked.response.content == t("boards.reset.confirm", EN)
    await moderator.click(asked.response, label=t("boards.reset.cancel", EN))
    assert asked.response.content == t("boards.reset.cancelled", EN)
    assert (await player_card(store, guild.id, user_key(alice.id))).games == 1

    rebuilt = await moderator.slash(channel, "cinch-server boards rebuild")
    assert rebuilt.response.content == tn("boards.rebuild.done", 1, EN)

    asked = await moderator.slash(channel, "cinch-server boards reset")
    await moderator.click(asked.response, label=t("boards.reset.button", EN))

    assert asked.response.content == t("boards.reset.done", EN)
    assert await player_card(store, guild.id, user_key(alice.id)) is None
    rebuilt = await moderator.slash(channel, "cinch-server boards rebuild")
    assert rebuilt.response.content == tn("boards.rebuild.done", 0, EN)


async def test_board_settings_leave_computers_off(simcord_bot, guild, channel, players, moderator):
    alice = players[0]
    await end_game(simcord_bot.store, channel, [alice], winner=1, computer="hard")

    shown = await moderator.slash(channel, "cinch-server boards settings")
    assert t("boards.settings.computers_shown", EN) in shown.response.content
    assert t("boards.settings.abandoned_ignored", EN) in shown.response.content
    names = [e.name for e in (await leaderboard(simcord_bot.store, guild.id, Metric.WINS)).entries]
    assert names == ["Computer", "alice"]

    changed = await moderator.slash(channel, "cinch-server boards settings", computers=False)

    assert t("settings.saved", EN) in changed.response.content
    assert t("boards.settings.computers_hidden", EN) in changed.response.content
    names = [e.name for e in (await leaderboard(simcord_bot.store, guild.id, Metric.WINS)).entries]
    assert names == ["alice"]
