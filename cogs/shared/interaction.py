"""The interaction of every command and button, and what they read from it: who acts, in which
server, at which table, and the language to answer them in.

``CinchInteraction`` is ``discord.Interaction`` typed with the bot's client class, so
``interaction.client`` offers the bot's services (``.tables``, ``.boards``, ``.replays``...) to
the type checker without a cast, as discord.py's own examples do.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, TypeAlias

import discord
from discord import app_commands

from bot.presentation.user_text import one_line
from bot.service import Person, TableFacts

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient

    CinchInteraction: TypeAlias = discord.Interaction[CinchClient]
else:
    CinchInteraction = discord.Interaction

log = logging.getLogger(__name__)


def person(interaction: CinchInteraction) -> Person:
    """The person acting, as the server names them (on one line, no longer than Discord
    allows), with their Discord's language."""
    user = interaction.user
    return Person(user.id, one_line(user.display_name), str(interaction.locale))


#: The kinds of channel that are threads: a table there follows its parent channel's rules.
THREAD_TYPES = frozenset(
    {
        discord.ChannelType.public_thread,
        discord.ChannelType.private_thread,
        discord.ChannelType.news_thread,
    }
)


def in_thread(interaction: CinchInteraction) -> bool:
    """Whether the command or button was used in a thread (cached or not)."""
    return getattr(interaction.channel, "type", None) in THREAD_TYPES


def guild_of(interaction: CinchInteraction) -> int:
    """The server of a command or button that only works in a server."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def channel_table(interaction: CinchInteraction) -> TableFacts:
    """The table of the channel a command was used in (a refusal when there is none)."""
    return interaction.client.tables.facts_in_channel(interaction.channel_id or 0)


async def interaction_locale(interaction: CinchInteraction) -> str:
    """The language to answer this interaction's user in: the one they chose in
    ``/cinch settings``, else their Discord client's (``"en-US"``).

    Never raises: when the settings cannot be read, the client's language is used, since this
    also serves error messages.
    """
    try:
        chosen = await interaction.client.people.locale_for(person(interaction))
    except Exception:
        log.warning("Could not read the settings of user %s", interaction.user.id, exc_info=True)
        return str(interaction.locale)
    return chosen or str(interaction.locale)


def answer_wait(interaction: CinchInteraction) -> float:
    """How long the person has waited for the answer: from their click (Discord's clock, read
    from the interaction's id, so Discord's delivery of the click counts too) to now; never
    below zero, whatever the host's clock says."""
    return max(0.0, (discord.utils.utcnow() - interaction.created_at).total_seconds())
