"""``/cinch daily``: the day's deals played privately through Discord, one message edited in
place (or a direct message), surviving a restart; results, board and replays once the day is
played; nothing in the channel; the admins' choice of where the end of the day is posted."""

from __future__ import annotations

import discord
import pytest

from bot.daily import DEALS_PER_DAY
from bot.daily.day_end import AFTER_MIDNIGHT
from bot.daily.records import SECRET_MARK
from bot.i18n import t
from tests.cogs.daily_driver import act, actions, next_button, play_day, play_deal
from tests.cogs.table_driver import buttons
from tests.daily.play import SECRET

#: The daily deals sleep nowhere, so SimCord may wait for their real work (the computer players'
#: moves in worker processes, the pictures) as long as a busy machine needs.
pytestmark = pytest.mark.simcord(settle_timeout=30.0)

EN = "en"


@pytest.fixture(autouse=True)
async def known_deals(simcord_env):
    """The same deals at every run (the last one has the player rob the pack)."""
    await simcord_env.bot.store.marks.put(SECRET_MARK, SECRET)


def now_moves(message) -> int:
    """How many actions the deal holds, as the message's buttons say."""
    return int(actions(message)[0]["custom_id"].split(":")[4])


def channel_posts(simcord_env, channel) -> list:
    """Every message the bot posted or edited in the channel itself."""
    prefix = f"/channels/{channel.id}/messages"
    return [
        request
        for request in simcord_env.http_requests
        if request.method in ("POST", "PATCH") and request.path.startswith(prefix)
    ]


async def test_the_days_first_deal_comes_privately_with_exactly_the_players_choices(
    simcord_env, channel, players
):
    alice, bob = players[:2]
    result = await alice.slash(channel, "cinch daily")

    assert result.ephemeral
    message = result.response
    assert message.content.startswith("**Daily deals**") and "deal 1 of 4" in message.content
    [attachment] = message.attachments
    assert attachment.filename == "daily.png"
    labels = [item["label"] for item in buttons(message)]
    assert labels[0] == t("action.pass", EN) and all(
        label.startswith("Bid ") for label in labels[1:]
    )
    # Nothing of it in the channel, for anyone.
    assert list(channel.history()) == [] and list(channel.history(viewer=bob)) == []
    assert channel_posts(simcord_env, channel) == []


@pytest.mark.slow
async def test_each_click_edits_the_same_message_and_the_computers_answer_before_it(
    simcord_env, channel, players
):
    alice = players[0]
    message = (await alice.slash(channel, "cinch daily")).response
    before = message.content
    after = await act(alice, message)

    assert after.id == message.id and after.content != before
    assert "Since your last move:" in after.content
    assert actions(after)  # the player's turn again
    assert channel_posts(simcord_env, channel) == []


@pytest.mark.slow
async def test_a_deal_begun_before_a_restart_goes_on_from_its_old_message(
    simcord_env, channel, players, restart
):
    alice = players[0]
    message = (await alice.slash(channel, "cinch daily")).response
    message = await act(alice, message)
    shown = message.content

    await restart()

    again = await alice.slash(channel, "cinch daily")
    assert again.response.content == shown
    moved = await act(alice, message)  # a button of the message sent before the restart
    assert moved.id == message.id and moved.content != shown


@pytest.mark.slow
async def test_a_click_on_a_picture_of_the_deal_already_played_shows_the_deal_now(
    simcord_env, channel, players
):
    alice = players[0]
    first = (await alice.slash(channel, "cinch daily")).response
    second = (await alice.slash(channel, "cinch daily")).response
    assert second.content == first.content
    now = await act(alice, second)
    # The first message still offers the moves of the deal as it was: a click on one plays
    # nothing and shows the deal as it is now.
    stale = await alice.click(first, custom_id=actions(first)[-1]["custom_id"])
    assert stale.response.id == first.id and stale.response.content == now.content
    play = await simcord_env.bot.daily.records.play(simcord_env.bot.daily.today(), alice.id)
    assert len(await simcord_env.bot.daily.records.actions(play.id, 0)) == now_moves(now)


@pytest.mark.slow
async def test_a_member_who_takes_hands_by_dm_plays_the_day_in_direct_messages(
    simcord_env, channel, players
):
    alice = players[0]
    await alice.slash(channel, "cinch settings", hand="dm")
    answer = await alice.slash(channel, "cinch daily")

    assert answer.ephemeral and answer.response.content == t("daily.dm_sent", EN)
    dm = alice.user.dm_channel.last_message
    shown = dm.content
    assert shown.startswith("**Daily deals**") and actions(dm)
    moved = await act(alice.user, dm)
    assert moved.id == dm.id and moved.content != shown
    assert channel_posts(simcord_env, channel) == []


@pytest.mark.slow
async def test_todays_board_waits_until_the_member_played_every_deal(
    simcord_env, channel, players, take_user_errors
):
    bob = players[1]
    before = len(simcord_env.http_requests)
    refused = await bob.slash(channel, "cinch-boards daily", day="today")
    # Acknowledged privately before the board is read.
    first = simcord_env.http_requests[before]
    assert first.path.endswith("/callback") and first.json["type"] == 5
    assert refused.ephemeral
    assert refused.response.content == t("daily.play_first", EN)
    [error] = take_user_errors()
    assert error.key == "daily.play_first"


@pytest.fixture
def admin(guild, simcord_env):
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(simcord_env.create_user("admin"), roles=[role])


@pytest.mark.slow
async def test_only_admins_choose_where_the_end_of_the_day_is_posted(
    simcord_env, channel, players, admin, offer_server_command
):
    settings = "cinch-server boards settings"
    await offer_server_command(players[0])
    refused = await players[0].slash(channel, settings, daily_channel=channel)
    assert refused.response.content == t(
        "errors.user_missing_permissions", EN, permissions=t("permission.manage_guild", EN)
    )
    [error] = simcord_env.errors
    assert isinstance(error, discord.app_commands.MissingPermissions)

    shown = await admin.slash(channel, settings)
    assert shown.response.content.endswith(f"- {t('daily.channel.none', EN)}")
    chosen = await admin.slash(channel, settings, daily_channel=channel)
    set_line = f"- {t('daily.channel.set', EN, channel=f'<#{channel.id}>')}"
    assert chosen.response.content.startswith(t("settings.saved", EN))
    assert chosen.response.content.endswith(set_line)
    assert await simcord_env.bot.daily.records.post_channel(channel.guild.id) == channel.id
    stopped = await admin.slash(channel, settings, daily_off=True)
    assert stopped.response.content.endswith(f"- {t('daily.channel.none', EN)}")
    assert await simcord_env.bot.daily.records.post_channel(channel.guild.id) is None


async def test_a_channel_the_bot_cannot_post_in_is_refused_by_name(
    simcord_env, guild, channel, admin
):
    muted = guild.create_text_channel(
        "muted", overwrites={guild.me: discord.PermissionOverwrite(send_messages=False)}
    )
    refused = await admin.slash(channel, "cinch-server boards settings", daily_channel=muted)
    assert refused.ephemeral
    assert refused.response.content == t(
        "errors.bot_missing_permissions",
        EN,
        # Without Send Messages, Discord grants no Attach Files either.
        permissions=f"{t('permission.send_messages', EN)}, {t('permission.attach_files', EN)}",
    )
    [error] = simcord_env.errors
    assert isinstance(error, discord.app_commands.BotMissingPermissions)
    assert await simcord_env.bot.daily.records.post_channel(guild.id) is None


@pytest.mark.slow
async def test_a_whole_day_then_the_results_the_board_and_a_replay(
    simcord_env, channel, players, take_user_errors
):
    alice, bob = players[:2]
    message = (await alice.slash(channel, "cinch daily")).response
    message = await play_deal(alice, message)
    assert next_button(message)["label"] == t("daily.button.next", EN)
    assert "You scored" in message.content and "par" in message.content

    message = await play_day(alice, message, DEALS_PER_DAY)

    assert message.content.startswith(t("daily.results_heading", EN, date="January 1, 2026"))
    assert "Streak: 1 day" in message.content
    board = next(item for item in buttons(message) if item.get("label") == "Today's board")
    shown = await alice.click(message, custom_id=board["custom_id"])
    assert shown.ephemeral and shown.response.attachments[0].filename == "board.png"
    picker = next(item for item in buttons(message) if item["type"] == 3)
    replay = await alice.select(message, ["0"], custom_id=picker["custom_id"])
    assert replay.response.content.startswith("Replay of deal 1 · 1/")
    step = next(item for item in buttons(replay.response) if item.get("label") == "Next")
    stepped = await alice.click(replay.response, custom_id=step["custom_id"])
    assert (stepped.response or replay.response).content.startswith("Replay of deal 1 · 2/")

    # Bob has not played: today's board stays closed to him, and nothing of her day is in the
    # server's games, their history or the channel.
    refused = await bob.slash(channel, "cinch-boards daily", day="today")
    assert refused.response.content == t("daily.play_first", EN)
    history = await bob.slash(channel, "cinch-boards history")
    assert history.response.content == t("history.empty", EN)
    assert [error.key for error in take_user_errors()] == ["daily.play_first", "history.empty"]
    seen = [message.content for message in channel.history(viewer=bob)]
    assert seen == [t("daily.play_first", EN), t("history.empty", EN)]  # his own answers
    again = await alice.slash(channel, "cinch daily")
    assert again.response.content == message.content
    assert channel_posts(simcord_env, channel) == []


async def set_post_channel(admin, channel) -> None:
    await admin.slash(channel, "cinch-server boards settings", daily_channel=channel)


def posted_boards(simcord_env, channel) -> list:
    return [
        message
        for message in channel.history()
        if message.attachments and message.attachments[0].filename == "board.png"
    ]


@pytest.mark.slow
async def test_the_day_is_posted_in_the_chosen_channel_only_once_it_is_over(
    simcord_env, channel, players, admin
):
    alice = players[0]
    await set_post_channel(admin, channel)
    await act(alice, (await alice.slash(channel, "cinch daily")).response)
    await simcord_env.advance_time(23 * 3600)
    assert list(channel.history()) == []

    await simcord_env.advance_time(3600 + AFTER_MIDNIGHT)

    [post] = posted_boards(simcord_env, channel)
    assert post.content.startswith(t("daily.post.heading", EN, date="January 1, 2026"))
    assert "🥇 alice · " in post.content and "bob" not in post.content
    assert post.content.endswith(t("daily.post.try", EN))
    assert post.mentions == []
    await simcord_env.advance_time(24 * 3600)  # the next midnight: nobody played that day
    assert len(posted_boards(simcord_env, channel)) == 1


@pytest.mark.slow
async def test_a_bot_stopped_at_midnight_posts_the_day_when_it_starts_again(
    simcord_env, channel, players, admin, restart
):
    alice = players[0]
    await set_post_channel(admin, channel)
    await alice.slash(channel, "cinch daily")
    await simcord_env.bot.day_ends.close()  # as good as stopped
    await simcord_env.advance_time(24 * 3600 + 60)
    assert posted_boards(simcord_env, channel) == []

    await restart()

    [post] = posted_boards(simcord_env, channel)
    assert "🥇 alice · " in post.content
    await restart()
    assert len(posted_boards(simcord_env, channel)) == 1


async def test_hands_by_dm_asked_for_between_two_deals_bring_the_next_by_dm_at_once(
    simcord_env, channel, players
):
    """The daily deals read the same people's settings as the tables: a change shows at once,
    not once the settings the deals read before have aged."""
    alice = players[0]
    first = await alice.slash(channel, "cinch daily")
    assert first.ephemeral and actions(first.response)

    await alice.slash(channel, "cinch settings", hand="dm")
    again = await alice.slash(channel, "cinch daily")

    assert again.response.content == t("daily.dm_sent", EN)
    assert alice.user.dm_channel.last_message.content.startswith("**Daily deals**")


@pytest.mark.slow
async def test_a_refused_direct_message_brings_the_deal_privately_here(
    simcord_env, channel, players
):
    alice = players[0]
    await alice.slash(channel, "cinch settings", hand="dm")
    simcord_env.inject_error(
        "POST", "/channels/*/messages", status=403, code=50007, message="Cannot send messages"
    )

    answer = await alice.slash(channel, "cinch daily")

    assert answer.ephemeral
    assert answer.response.content.startswith(t("daily.dm_refused", EN))
    assert actions(answer.response)
    assert (await simcord_env.bot.store.preferences.get(alice.id)).dm_failed
