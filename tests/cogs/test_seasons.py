"""Seasons through Discord: an admin sets them up, games count on the season's board, and at
its end the bot posts its picture in the season channel and gives its role to the champions,
or says which permission it lacks."""

from __future__ import annotations

import discord
import pytest
import simcord
from discord import app_commands

from tests.cogs.stored_games import end_game
from tests.cogs.table_driver import SETTLE_TIMEOUT

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

#: One day: the season of 2026-01-01 (SimCord's clock starts then) ends at its end.
DAY = 24 * 60 * 60


@pytest.fixture
def admin(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    """An admin who may give roles: a season's role is one they could give themselves, so it
    must be below theirs (roles made later are placed lower)."""
    role = guild.create_role(
        "Admins", permissions=discord.Permissions(manage_guild=True, manage_roles=True)
    )
    return guild.add_member(simcord_env.create_user("admin"), roles=[role])


def roles_of(env: simcord.Env, guild: simcord.GuildHandle, member: simcord.MemberActor) -> set[int]:
    return set(env.backend.get_member(guild.id, member.id).role_ids)


async def five_games(store, channel, players) -> None:
    """alice and carol win five games against bob and a computer player."""
    alice, bob, carol, _ = players
    for _ in range(5):
        await end_game(store, channel, [alice, bob, carol], winner=0, computer="easy")


@pytest.mark.slow
async def test_a_seasons_end_is_posted_and_its_role_goes_to_its_champions(
    simcord_env, simcord_bot, guild, channel, players, admin
):
    alice, bob, carol, _ = players
    champions = guild.create_role("Champions")
    shown = await admin.slash(
        channel,
        "cinch-server seasons",
        length="dates",
        first_day="2026-01-01",
        last_day="2026-01-01",
        role=champions,
        places=2,
    )
    text = shown.response.content
    assert "Season 1 · Jan 1, 2026" in text
    assert champions.mention in text and "placed 1 to 2" in text
    await five_games(simcord_bot.store, channel, players)
    board = await bob.slash(channel, "cinch-boards leaderboard", period="season")
    assert board.response.attachments
    # Its page buttons name the season, so they page through it after a restart too.
    assert any(
        ":s1:" in item["custom_id"]
        for row in board.response.components
        for item in row["components"]
    )

    await simcord_env.advance_time(DAY)
    [post] = [m for m in channel.history() if m.content.startswith("Season 1 is over")]
    assert post.attachments and post.attachments[0].filename == "season.png"
    assert f"{champions.mention} now goes to <@{alice.id}>, <@{carol.id}>." in post.content
    assert champions.id in roles_of(simcord_env, guild, alice)
    assert champions.id in roles_of(simcord_env, guild, carol)
    assert champions.id not in roles_of(simcord_env, guild, bob)
    # Posted once, whatever the ticks after.
    await simcord_env.advance_time(120)
    assert len([m for m in channel.history() if m.content.startswith("Season 1")]) == 1
    awards = await bob.slash(channel, "cinch-boards awards")
    assert awards.response.attachments


@pytest.mark.slow
async def test_a_role_above_the_bots_is_named_and_left_alone(
    simcord_env, simcord_bot, guild, channel, players, admin, restart
):
    alice = players[0]
    legends = guild.create_role("Legends", position=999)
    head = guild.create_role(
        "Head admins",
        permissions=discord.Permissions(manage_guild=True, manage_roles=True),
        position=1000,
    )
    simcord_env.backend.add_member_role(guild.id, admin.id, head.id)
    shown = await admin.slash(
        channel,
        "cinch-server seasons",
        length="dates",
        first_day="2026-01-01",
        last_day="2026-01-01",
        role=legends,
    )
    below = "it must be below my highest role in the server's list of roles"
    assert below in shown.response.content
    await five_games(simcord_bot.store, channel, players)
    # The season ends after a restart: the new bot finds it in the store.
    await restart()
    await simcord_env.advance_time(DAY)
    [post] = [m for m in channel.history() if m.content.startswith("Season 1 is over")]
    assert below in post.content
    assert legends.id not in roles_of(simcord_env, guild, alice)


async def test_seasons_need_an_admin_and_a_setting(
    simcord_env, channel, players, take_user_errors, offer_server_command
):
    alice = players[0]
    await offer_server_command(alice)
    none = await alice.slash(channel, "cinch-boards leaderboard", period="season")
    assert none.response.content.startswith("This server has no seasons yet")
    assert [error.key for error in take_user_errors()] == ["errors.no_season"]
    refused = await alice.slash(channel, "cinch-server seasons", length="month")
    assert "Manage Server" in refused.response.content
    assert isinstance(simcord_env.errors[-1], app_commands.MissingPermissions)


async def dated_season(admin, channel, first: str, last: str, **options):
    return await admin.slash(
        channel, "cinch-server seasons", length="dates", first_day=first, last_day=last, **options
    )


async def test_a_season_role_is_one_its_chooser_could_give_and_grants_nothing_more(
    simcord_env, guild, channel, admin, take_user_errors
):
    champions = guild.create_role("Champions")
    manager_role = guild.create_role(
        "Server managers", permissions=discord.Permissions(manage_guild=True)
    )
    manager = guild.add_member(simcord_env.create_user("manager"), roles=[manager_role])
    refused = await dated_season(manager, channel, "2026-01-01", "2026-01-01", role=champions)
    assert "you could not give it yourself" in refused.response.content
    keys = guild.create_role("Keys", permissions=discord.Permissions(administrator=True))
    for role in (
        keys,
        guild.create_role("Tidy", permissions=discord.Permissions(manage_messages=True)),
    ):
        elevated = await dated_season(admin, channel, "2026-01-01", "2026-01-01", role=role)
        assert "moderation or administration permissions" in elevated.response.content
    assert [error.key for error in take_user_errors()] == [
        "errors.season_role_not_yours",
        "season.role_elevated",
        "season.role_elevated",
    ]
    # Nothing was stored: the server still has no seasons.
    none = await admin.slash(channel, "cinch-server seasons")
    assert none.response.content.startswith("This server has no seasons yet")
    assert [error.key for error in take_user_errors()] == ["errors.no_season"]


@pytest.mark.slow
async def test_a_role_given_permissions_after_it_was_chosen_is_not_given(
    simcord_env, simcord_bot, guild, channel, players, admin
):
    alice = players[0]
    champions = guild.create_role("Champions")
    await dated_season(admin, channel, "2026-01-01", "2026-01-01", role=champions)
    await five_games(simcord_bot.store, channel, players)
    simcord_env.backend.edit_role(
        guild.id, champions.id, {"permissions": discord.Permissions(administrator=True).value}
    )
    await simcord_env.advance_time(DAY)
    [post] = [m for m in channel.history() if m.content.startswith("Season 1 is over")]
    assert "moderation or administration permissions" in post.content
    assert champions.id not in roles_of(simcord_env, guild, alice)


@pytest.mark.slow
async def test_the_bot_takes_back_only_the_role_it_gave(
    simcord_env, simcord_bot, guild, channel, players, admin
):
    alice, _, carol, _ = players
    regulars, champions = guild.create_role("Regulars"), guild.create_role("Champions")
    simcord_env.backend.add_member_role(guild.id, carol.id, regulars.id)
    await dated_season(admin, channel, "2026-01-01", "2026-01-01", role=regulars, places=2)
    await dated_season(admin, channel, "2026-01-02", "2026-01-02")
    await five_games(simcord_bot.store, channel, players)
    await simcord_env.advance_time(DAY)
    assert regulars.id in roles_of(simcord_env, guild, alice)
    # The season's role changes: at the next season's end, the bot takes back what it gave,
    # Regulars from alice, and leaves carol the Regulars she had before.
    await admin.slash(channel, "cinch-server seasons", role=champions)
    await simcord_env.advance_time(DAY)
    assert regulars.id not in roles_of(simcord_env, guild, alice)
    assert regulars.id in roles_of(simcord_env, guild, carol)
    assert champions.id not in roles_of(simcord_env, guild, alice) | roles_of(
        simcord_env, guild, carol
    )


async def test_dates_out_of_range_are_refused_saying_what_is_allowed(
    simcord_env, channel, admin, take_user_errors
):
    too_long = await dated_season(admin, channel, "2026-01-01", "9999-12-31")
    assert "at most 366 days" in too_long.response.content
    too_far = await dated_season(admin, channel, "9999-12-31", "9999-12-31")
    assert "within 366 days" in too_far.response.content
    assert [error.key for error in take_user_errors()] == [
        "errors.season_dates_too_long",
        "errors.season_dates_too_far",
    ]


async def _one_day_season(env: simcord.Env, guild: simcord.GuildHandle, name: str):
    """A server with a one-day season posted in its channel, and an admin to set it."""
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user(f"admin of {name}"), roles=[role])
    channel = guild.create_text_channel(name)
    await admin.slash(
        channel, "cinch-server seasons", length="dates", first_day="2026-01-01",
        last_day="2026-01-01",
    )  # fmt: skip
    return channel


async def test_a_post_refused_in_one_server_holds_up_no_other_and_is_tried_again_later(
    simcord_env, caplog
):
    first = simcord_env.create_guild("First")
    refusing = await _one_day_season(simcord_env, first, "seasons")
    told = first.create_text_channel("moderators")
    simcord_env.backend.edit_guild(first.id, {"system_channel_id": told.id})
    other = await _one_day_season(simcord_env, simcord_env.create_guild("Second"), "league")
    simcord_env.inject_error(
        "POST", f"/channels/{refusing.id}/messages", status=500, times=None
    )  # Discord keeps failing there

    await simcord_env.advance_time(DAY)
    # The other server's season is posted at once, whatever the first one's post does.
    assert [m for m in other.history() if m.content.startswith("Season 1 is over")]
    # The first server's admins are told, once; the post is tried again later, each time
    # later than the last: not every minute.
    for _ in range(30):
        await simcord_env.advance_time(60)
    [notice] = told.history()
    assert "could not post the end of season 1" in notice.content
    assert refusing.mention in notice.content
    tries = [
        call
        for call in simcord_env.http_requests
        if call.method == "POST" and call.path == f"/channels/{refusing.id}/messages"
    ]
    assert len(tries) == 3  # at the end, 5 minutes later, then 10 minutes after that
    assert not [record for record in caplog.records if record.levelname == "ERROR"]
