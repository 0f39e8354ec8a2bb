"""Who may see a stored game: whoever may read the channel it was played in.

The history, the replays, a shared replay and a player card's chart all show games that were
played at a table in one channel, and nobody must learn through the bot what they could not
read in that channel. It is checked with Discord's permissions each time someone asks, so a
channel made private later hides its games at once:

- an answer only the member sees (ephemeral) may show a game whose channel they may view and
  whose message history they may read (and, in a private thread, that they were added to);
- a message posted in a channel (a history list, a player card, a shared replay) is read by
  everyone who reads that channel, so the game must also be one all of them may see: played in
  that very channel (or the channel a thread belongs to, or a public thread of that channel: a
  table opened in a thread of its own is shown in its channel), or in a channel no member is
  kept out of (``@everyone`` may read it and no overwrite denies a role or a member).

A channel the bot cannot find (deleted, or an archived thread no longer in its cache) hides its
games. docs/security.md explains the rule to operators.
"""

from __future__ import annotations

from collections.abc import Iterable

import discord

from cogs.shared.interaction import CinchInteraction

GameChannel = discord.abc.GuildChannel | discord.Thread


def _game_channel(interaction: CinchInteraction, channel_id: int | None) -> GameChannel | None:
    """The channel (or thread) of this server a game was played in, if the bot still has it."""
    found = interaction.client.get_channel(channel_id) if channel_id is not None else None
    if not isinstance(found, discord.abc.GuildChannel | discord.Thread):
        return None
    return found if found.guild.id == interaction.guild_id else None


async def _reads(member: discord.Member, channel: GameChannel) -> bool:
    """Whether the member may view the channel and read what was written there before."""
    if isinstance(channel, discord.Thread) and channel.parent is None:
        return False
    permissions = channel.permissions_for(member)
    if not (permissions.view_channel and permissions.read_message_history):
        return False
    if isinstance(channel, discord.Thread) and channel.is_private():
        if permissions.manage_threads:
            return True
        try:
            await channel.fetch_member(member.id)
        except discord.HTTPException:  # not added to the thread (404), or Discord refuses
            return False
    return True


def _open_to_everyone(channel: GameChannel) -> bool:
    """Whether every member of the server may read the channel's messages."""
    if isinstance(channel, discord.Thread):
        if channel.is_private() or channel.parent is None:
            return False
        channel = channel.parent
    everyone = channel.permissions_for(channel.guild.default_role)
    if not (everyone.view_channel and everyone.read_message_history):
        return False
    return not any(
        overwrite.view_channel is False or overwrite.read_message_history is False
        for overwrite in channel.overwrites.values()
    )


def _read_as(channel: GameChannel) -> int | None:
    """The channel whose readers are exactly those of ``channel``: itself, or for a public
    thread its parent; None for a private thread, read by its own members alone."""
    if isinstance(channel, discord.Thread):
        return None if channel.is_private() else channel.parent_id
    return channel.id


def _readers_may_see(interaction: CinchInteraction, channel: GameChannel) -> bool:
    """Whether everyone who reads the interaction's channel may read ``channel``: the same
    channel; one that the interaction's channel is a thread of, or a public thread of the same
    channel (whoever reads a thread reads its channel, and whoever reads a channel reads its
    public threads); or a channel open to every member."""
    if interaction.channel_id == channel.id:
        return True
    where = interaction.channel
    home = where.parent_id if isinstance(where, discord.Thread) else interaction.channel_id
    if home is not None and home == _read_as(channel):
        return True
    return _open_to_everyone(channel)


async def sees_game(interaction: CinchInteraction, channel_id: int | None) -> bool:
    """Whether the member asking may see, privately, a game played in ``channel_id``."""
    member = interaction.user
    channel = _game_channel(interaction, channel_id)
    return (
        isinstance(member, discord.Member) and channel is not None and await _reads(member, channel)
    )


async def shows_game_here(interaction: CinchInteraction, channel_id: int | None) -> bool:
    """Whether a game played in ``channel_id`` may be posted in the interaction's channel:
    the member asking sees it, and so may everyone who reads the channel it is posted in."""
    channel = _game_channel(interaction, channel_id)
    return (
        channel is not None
        and await sees_game(interaction, channel_id)
        and _readers_may_see(interaction, channel)
    )


async def channels_shown(
    interaction: CinchInteraction, channel_ids: Iterable[int], *, public: bool
) -> frozenset[int]:
    """The channels among ``channel_ids`` whose games an answer may show: posted in the
    interaction's channel (``public``), or seen by the member alone."""
    allowed = shows_game_here if public else sees_game
    return frozenset([channel for channel in channel_ids if await allowed(interaction, channel)])
