"""``/cinch-server boards ...``: the boards' upkeep, for the server's admins: start them over,
rebuild them from the stored games, and their settings (computers shown, abandoned games
counted, where the end of each day of the daily deals is posted).

The boards themselves are shown by ``/cinch-boards`` (``cogs/boards/``).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot import stats
from bot.i18n import t, tn
from cogs.shared.client import CinchCommands
from cogs.shared.confirm import ask_to_confirm
from cogs.shared.error_replies import manage_server
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.translator import command_strings, localised_options


async def reset_boards(interaction: CinchInteraction) -> str:
    """Start the server's boards over (once its admin confirmed)."""
    await interaction.client.boards.reset(guild_of(interaction))
    return "boards.reset.done"


def describe_board_settings(settings: stats.BoardSettings, locale: str) -> str:
    computers = (
        "boards.settings.computers_shown"
        if settings.show_computers
        else ("boards.settings.computers_hidden")
    )
    abandoned = (
        "boards.settings.abandoned_counted"
        if settings.count_abandoned
        else ("boards.settings.abandoned_ignored")
    )
    title = t("boards.settings.title", locale)
    return "\n".join([f"**{title}**", f"- {t(computers, locale)}", f"- {t(abandoned, locale)}"])


def describe_daily_post(channel_id: int | None, locale: str) -> str:
    """Where the end of each day of the daily deals is posted, if anywhere."""
    if channel_id is None:
        return f"- {t('daily.channel.none', locale)}"
    return f"- {t('daily.channel.set', locale, channel=f'<#{channel_id}>')}"


#: What the bot needs in the channel of the daily deals' end-of-day post.
POST_PERMISSIONS = ("view_channel", "send_messages", "attach_files")


def check_can_post(channel: discord.TextChannel) -> None:
    """Refuse a channel the bot could not post the end of the day in, naming what it lacks."""
    me = channel.guild.me
    if me is None:
        return
    granted = channel.permissions_for(me)
    missing = [name for name in POST_PERMISSIONS if not getattr(granted, name)]
    if missing:
        raise app_commands.BotMissingPermissions(missing)


class BoardUpkeepCommands(CinchCommands):
    """The boards' upkeep, for the server's admins (``/cinch-server boards``)."""

    boards = app_commands.Group(**command_strings("cinch-server.boards"))

    @boards.command(**command_strings("cinch-server.boards.reset"))
    @manage_server
    async def reset_boards(self, interaction: CinchInteraction) -> None:
        await ask_to_confirm(interaction, "boards.reset", reset_boards)

    @boards.command(**command_strings("cinch-server.boards.rebuild"))
    @manage_server
    async def rebuild_boards(self, interaction: CinchInteraction) -> None:
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        counted = await self.bot.boards.rebuild(guild_of(interaction))
        await interaction.followup.send(tn("boards.rebuild.done", counted, locale), ephemeral=True)

    @boards.command(**command_strings("cinch-server.boards.settings"))
    @localised_options(
        "cinch-server.boards.settings", "computers", "abandoned", "daily_channel", "daily_off"
    )
    @manage_server
    async def board_settings(
        self,
        interaction: CinchInteraction,
        computers: bool | None = None,
        abandoned: bool | None = None,
        daily_channel: discord.TextChannel | None = None,
        daily_off: bool = False,
    ) -> None:
        """The server's boards: whether they show computers and count abandoned games, and
        where the end of each day of the daily deals is posted."""
        locale = await interaction_locale(interaction)
        guild = guild_of(interaction)
        daily = self.bot.daily
        if daily_channel is not None:
            check_can_post(daily_channel)
        changed = daily_off or any(o is not None for o in (computers, abandoned, daily_channel))
        settings = await self.bot.boards.change_settings(
            guild, show_computers=computers, count_abandoned=abandoned
        )
        if daily_off:
            await daily.post_in(guild, None)
        elif daily_channel is not None:
            await daily.post_in(guild, daily_channel.id)
        lines = [describe_board_settings(settings, locale)]
        lines.append(describe_daily_post(await daily.post_channel(guild), locale))
        if changed:
            lines.insert(0, t("settings.saved", locale))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)
