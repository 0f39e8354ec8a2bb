"""Tables whose place in Discord went away: a channel or thread deleted, or a server that
removed the bot. Their tables close without a word (nobody is left there to read one), their
games stored as abandoned (``TableService.channel_gone`` and ``guild_gone``).

A channel deleted while the bot was not listening is found when its table is next shown: the
delivery tells the service through :class:`~bot.service.ChannelGone` instead.
"""

from __future__ import annotations

import discord
from discord.ext import commands

from cogs.shared.client import CinchClient


class ChannelEvents(commands.Cog):
    """Listens for the channels, threads and servers the bot loses."""

    def __init__(self, bot: CinchClient) -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        await self.bot.tables.channel_gone(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        # The raw event: a thread the bot has not cached (one from before a restart) counts too.
        await self.bot.tables.channel_gone(payload.thread_id)

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        await self.bot.tables.guild_gone(guild.id)


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(ChannelEvents(bot))
