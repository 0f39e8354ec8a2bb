"""Tables in threads: ``/cinch new thread:true`` and the server's default open the table in a
new thread of the channel, named after the table; the thread is archived when the game ends;
a permission the bot lacks for it is named."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from bot.store import Store
from tests.cogs.table_driver import (
    SETTLE_TIMEOUT,
    buttons,
    computers_table_in_thread,
    play_to_the_end,
)

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


def thread_archived(env, thread) -> bool:
    metadata = env.backend.get_channel(thread.id).thread_metadata
    return metadata is not None and metadata.archived


async def test_a_table_opens_in_a_new_thread_named_after_it(simcord_env, channel, players):
    alice, bob, _, _ = players
    result = await alice.slash(channel, "cinch new", thread=True)
    [thread] = channel.threads
    assert thread.name == "Cinch: alice's table"
    assert result.ephemeral and thread.mention in result.response.content
    # The lobby is in the thread, not in the channel.
    assert not [message for message in channel.history() if message.components]
    lobby = thread.last_message
    assert {item["label"] for item in buttons(lobby)} >= {"Join", "Start"}
    await bob.click(lobby, label="Join")
    table = simcord_env.bot.tables.facts_in_channel(thread.id)
    assert table.channel_id == thread.id
    # Commands in the thread reach its table.
    await bob.slash(thread, "cinch leave")
    score = await alice.slash(thread, "cinch rules")
    assert score.response.embeds


async def test_the_servers_default_opens_tables_in_threads(simcord_env, guild, channel, players):
    alice, bob, _, _ = players
    admin = guild.add_member(
        simcord_env.create_user("admin"),
        roles=[guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))],
    )
    shown = await admin.slash(channel, "cinch-server limits", threads=True)
    assert "New tables open in a thread of their own" in shown.response.content
    await alice.slash(channel, "cinch new")
    assert len(channel.threads) == 1
    # The option of /cinch new still chooses for one table.
    other = guild.create_text_channel("other")
    await bob.slash(other, "cinch new", thread=False)
    assert other.threads == []
    assert simcord_env.bot.tables.facts_in_channel(other.id).channel_id == other.id
    store: Store = simcord_env.bot.store
    assert await store.threads.in_threads(guild.id)


async def test_a_table_in_a_thread_never_opens_a_thread_of_its_own(simcord_env, channel, players):
    alice = players[0]
    await alice.slash(channel, "cinch new", thread=True)
    [thread] = channel.threads
    await alice.slash(thread, "cinch end")
    await simcord_env.advance_time(5)
    await alice.slash(thread, "cinch new", thread=True)
    assert len(channel.threads) == 1 and thread.threads == []
    assert simcord_env.bot.tables.facts_in_channel(thread.id).channel_id == thread.id


async def test_a_missing_thread_permission_is_named_and_no_table_opens(simcord_env, guild, players):
    denied = discord.PermissionOverwrite(create_public_threads=False)
    channel = guild.create_text_channel("no-threads", overwrites={guild.me: denied})
    result = await players[0].slash(channel, "cinch new", thread=True)
    assert result.response.content == (
        "I am missing permissions in this channel: Create Public Threads."
    )
    (error,) = simcord_env.errors
    assert isinstance(error, app_commands.BotMissingPermissions)
    assert channel.threads == []
    assert simcord_env.bot.tables.held() == []


async def test_a_table_refused_leaves_no_thread_behind(
    simcord_env, channel, players, guild, take_user_errors
):
    alice = players[0]
    await alice.slash(channel, "cinch new", thread=True)
    second = guild.create_text_channel("second")
    await alice.slash(second, "cinch new", thread=True)
    third = guild.create_text_channel("third")
    refused = await alice.slash(third, "cinch new", thread=True)
    assert refused.response.content.startswith("You already have 2 open tables")
    assert [error.key for error in take_user_errors()] == ["errors.tables_per_member"]
    assert third.threads == []


async def test_in_a_thread_the_bot_needs_to_send_messages_in_threads(simcord_env, guild, players):
    denied = discord.PermissionOverwrite(send_messages_in_threads=False)
    channel = guild.create_text_channel("read-only-threads", overwrites={guild.me: denied})
    simcord_env.backend.create_thread(channel.id, "chat", players[0].id)
    [thread] = channel.threads
    result = await players[0].slash(thread, "cinch new")
    assert result.response.content == (
        "I am missing permissions in this channel: Send Messages in Threads."
    )
    (error,) = simcord_env.errors
    assert isinstance(error, app_commands.BotMissingPermissions)


@pytest.mark.slow
async def test_the_thread_is_archived_when_the_game_ends(simcord_env, channel, players):
    thread, driver = await computers_table_in_thread(simcord_env, channel, players[0])
    table_id = driver.table.id
    await play_to_the_end(driver, table_id)
    assert not simcord_env.bot.tables.holds(table_id)
    assert thread_archived(simcord_env, thread)
    # The game's result is the thread's last words, and the table message kept no buttons.
    table_messages = [m for m in thread.history() if m.attachments and not m.components]
    assert table_messages
    assert not any(
        item.get("custom_id", "").startswith("cinch:show:")
        for message in thread.history()
        for item in buttons(message)
    )
