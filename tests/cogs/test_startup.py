"""Start-up: the store, the extensions, command sync, intents and shutdown."""

from __future__ import annotations

import logging

import discord
import pytest
import simcord

from bot.factory import create_bot
from bot.i18n import t
from bot.settings import Settings
from bot.store import Store
from bot.store.migrate import bundled_migrations

DEV_GUILD = 4242


@pytest.mark.simcord(approved_intents=discord.Intents.default())
async def test_starts_without_any_privileged_intent(simcord_env, simcord_bot, channel, players):
    assert not simcord_bot.intents.message_content
    assert not simcord_bot.intents.members
    assert not simcord_bot.intents.presences
    assert simcord_bot.intents.moderation, "bans are heard (on_member_ban) without privilege"
    assert simcord_bot.is_ready()
    assert "cinch settings" in players[0].available_commands(channel)


async def test_start_opens_and_migrates_the_configured_database(
    simcord_env, simcord_bot, bot_settings
):
    assert bot_settings.database_path.is_file()
    assert simcord_bot.store.path == bot_settings.database_path
    assert await simcord_bot.store.schema_version() == bundled_migrations()[-1].version


async def test_commands_are_synced_globally_without_a_dev_guild(simcord_env, simcord_bot):
    global_names = [command.name for command in await simcord_bot.tree.fetch_commands()]
    assert global_names == ["cinch", "cinch-boards", "cinch-tournament", "cinch-server"]


async def test_commands_go_to_the_dev_guild_only_when_one_is_set(database_path):
    bot = create_bot(Settings(database_path=database_path, dev_guild_id=DEV_GUILD))
    env = simcord.Env(bot)
    guild = env.create_guild("Dev", id=DEV_GUILD)
    await env.start()
    try:
        with env.time_context():
            dev = await bot.tree.fetch_commands(guild=discord.Object(id=DEV_GUILD))
            everywhere = await bot.tree.fetch_commands()
            member = guild.add_member(env.create_user("tester"))
            channel = guild.create_text_channel("dev")
            assert "cinch settings" in member.available_commands(channel)
            other = env.create_guild("Elsewhere")
            stranger = other.add_member(env.create_user("stranger"))
            assert stranger.available_commands(other.create_text_channel("x")) == ()
    finally:
        await env.shutdown()
        await bot.close()
    assert [command.name for command in dev] == [
        "cinch",
        "cinch-boards",
        "cinch-tournament",
        "cinch-server",
    ]
    assert everywhere == []


async def test_no_mentions_unless_a_message_allows_them(simcord_bot):
    mentions = simcord_bot.allowed_mentions
    assert (mentions.everyone, mentions.users, mentions.roles) == (False, False, False)


async def test_a_given_store_is_used_and_closed_with_the_bot(bot_settings):
    store = await Store.open(bot_settings.database_path)
    bot = create_bot(bot_settings, store=store)
    assert bot.store is store
    await bot.close()
    assert store.closed


def test_the_store_is_only_there_once_started(bot_settings):
    bot = create_bot(bot_settings)
    with pytest.raises(RuntimeError, match="setup_hook"):
        bot.store  # noqa: B018


def published(requests: list) -> list:
    """The requests that published the command tree to Discord."""
    return [r for r in requests if r.method == "PUT" and r.path.endswith("/commands")]


@discord.app_commands.command(name="extra", description="A command the last start did not have")
async def extra(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("extra", ephemeral=True)


@pytest.mark.slow
async def test_a_start_publishes_the_commands_only_when_they_changed(
    simcord_env, simcord_bot, make_bot, restart, channel, players
):
    assert len(published(simcord_env.http_requests)) == 1
    before = len(simcord_env.http_requests)
    same = await restart()
    assert published(simcord_env.http_requests[before:]) == []
    assert "cinch settings" in players[0].available_commands(channel)

    changed = make_bot()
    changed.tree.add_command(extra)
    before = len(simcord_env.http_requests)
    await simcord_env.restart_bot(changed)
    await same.close()
    assert len(published(simcord_env.http_requests[before:])) == 1
    assert "extra" in players[0].available_commands(channel)

    before = len(simcord_env.http_requests)
    assert await changed.sync_commands(force=True)
    assert len(published(simcord_env.http_requests[before:])) == 1


@pytest.mark.slow
async def test_the_bot_starts_with_a_damaged_table_which_is_set_aside_alone(
    simcord_env, simcord_bot, guild, channel, players, restart, caplog
):
    """One server's table hand-edited into something this version cannot play: the bot still
    starts, every other table comes back, and the damaged one is closed and its channel told
    once."""
    alice = players[0]
    other = guild.create_text_channel("other")
    await alice.slash(channel, "cinch new")
    await alice.slash(other, "cinch new")
    await simcord_env.advance_time(5)
    tables = simcord_bot.tables
    healthy = tables.facts_in_channel(channel.id).table_id
    damaged = tables.facts_in_channel(other.id).table_id
    async with simcord_bot.store.database.write() as tx:
        await tx.execute(
            "UPDATE game_tables SET house_rules = ? WHERE id = ?", ('{"players": 5}', damaged)
        )

    with caplog.at_level(logging.ERROR):
        again = await restart()
    await simcord_env.advance_time(5)

    assert again.is_ready()
    assert again.tables.holds(healthy) and not again.tables.holds(damaged)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"Table {damaged} " in errors[0].getMessage()
    record = await again.store.tables.get(damaged)
    assert record.status == "ended" and record.closed_reason.startswith("unreadable: ")
    told = [m for m in other.history() if m.content == t("text.set_aside", "en")]
    assert len(told) == 1
    table_message = next(m for m in other.history() if m.id == record.message_id)
    assert table_message.components == []
    await alice.slash(other, "cinch new")  # the channel is free again
    assert again.tables.facts_in_channel(other.id).table_id != damaged
