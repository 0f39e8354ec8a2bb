"""Tables in threads: ``/cinch new thread:``, the server's default (``/cinch-server limits
threads:``), and making the thread.

A game's messages (its table, results, reminders) fill a channel; in a thread of their own
they leave it readable. The thread is made here, in the Discord layer, and the table opened in
it through the service like in any channel (a thread is a channel): the service closes the
table when its game ends, and the delivery archives the thread then. Everything decided per
channel follows the parent channel: who may see the game (``cogs/shared/game_access.py``), who may
use ``/cinch`` there (Discord applies the channel's integration settings to its threads), and
what the bot needs (its permissions, with Send Messages in Threads for posting).
"""

from __future__ import annotations

import contextlib
from typing import Final, Literal

import discord
from discord import app_commands

from bot.errors import UserFacingError
from bot.i18n import t
from bot.presentation.user_text import one_line
from cogs.shared.interaction import CinchInteraction, guild_of

#: What the bot needs in a channel to open a table in a new thread of it.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
#: Minutes without a message after which Discord archives a table's thread on its own: the
#: bot archives it when the game ends, and this is the fallback when Discord refuses that.
AUTO_ARCHIVE_MINUTES: Final[Literal[60]] = 60
#: Discord's longest thread name.
THREAD_NAME_LIMIT = 100


async def wants_thread(interaction: CinchInteraction, chosen: bool | None) -> bool:
    """Whether a table opened by this command goes in a new thread: as chosen, else as the
    server chose. Never from a thread (a thread holds no threads) nor from a channel that
    holds none (a voice channel's chat)."""
    if not isinstance(interaction.channel, discord.TextChannel):
        return False
    if chosen is not None:
        return chosen
    return await interaction.client.tables.opens_in_threads(guild_of(interaction))


def require_thread_permissions(interaction: CinchInteraction) -> None:
    """Refuse, naming what is missing, when the bot may not make a thread here and post in it."""
    _require_threads(interaction.app_permissions)


def _require_threads(granted: discord.Permissions) -> None:
    missing = [name for name in THREAD_PERMISSIONS if not getattr(granted, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)


def require_threads_in(channel: object) -> None:
    """Refuse, naming what is missing, unless ``channel`` is a text channel where the bot may
    make threads and post in them now (a tournament's, whose matches open there later)."""
    if not isinstance(channel, discord.TextChannel):
        raise UserFacingError("errors.tournament_channel")
    _require_threads(channel.permissions_for(channel.guild.me))


async def open_thread(interaction: CinchInteraction, name: str) -> discord.Thread:
    """A new public thread of the interaction's channel, named ``name``, that the member who
    asked for it joins (so it shows in their channel list)."""
    require_thread_permissions(interaction)
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(
        name=one_line(name)[:THREAD_NAME_LIMIT],
        type=discord.ChannelType.public_thread,
        auto_archive_duration=AUTO_ARCHIVE_MINUTES,
    )
    with contextlib.suppress(discord.HTTPException):
        await thread.add_user(interaction.user)
    return thread


async def discard_thread(thread: discord.Thread) -> None:
    """A thread made for a table that could not open goes again (or, if Discord refuses, is
    archived), so no empty thread is left behind."""
    try:
        await thread.delete()
    except discord.HTTPException:
        with contextlib.suppress(discord.HTTPException):
            await thread.edit(archived=True)


def table_thread_name(creator: str, locale: str | None) -> str:
    """The thread of a table opened by ``creator``, in the table's language."""
    return t("thread.table_name", locale, player=creator)
