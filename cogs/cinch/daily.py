"""``/cinch daily``: today's deals, played alone and privately (docs/daily.md). The deal's
messages and buttons are ``cogs/solo/daily.py``'s; the boards of the day are ``/cinch-boards
daily`` (``cogs/boards/daily.py``)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.daily import DailyDeals
from bot.i18n import t
from cogs.shared.client import CinchCommands
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale, person
from cogs.shared.message_parts import Parts
from cogs.shared.translator import command_strings
from cogs.solo.daily import daily_parts


class DailyCommands(CinchCommands):
    """``/cinch daily``: today's deals."""

    @app_commands.command(**command_strings("cinch.daily"))
    async def daily(self, interaction: CinchInteraction) -> None:
        """Today's deals (the one the member is at, or their results once all are played)."""
        await _play_today(interaction)


async def _play_today(interaction: CinchInteraction) -> None:
    """The member's deal of today, privately: ephemeral, or by DM for those who asked."""
    guild = guild_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    player = person(interaction)
    locale = await interaction_locale(interaction)
    daily: DailyDeals = interaction.client.daily
    shown = await daily.open(guild, player.user_id, player.name)
    parts = await daily_parts(interaction, shown, locale)
    people = interaction.client.people
    if (await people.settings(player.user_id)).wants_dm:
        try:
            await interaction.user.send(**parts.send_kwargs())
        except discord.Forbidden:
            await people.change(player.user_id, dm_failed=True)
            parts = Parts(
                f"{t('daily.dm_refused', locale)}\n{parts.content}",
                parts.picture,
                parts.filename,
                parts.view,
                alt=parts.alt,
            )
        else:
            await interaction.followup.send(t("daily.dm_sent", locale), ephemeral=True)
            return
    await interaction.followup.send(ephemeral=True, **parts.send_kwargs())
