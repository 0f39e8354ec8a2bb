"""``/cinch-server seasons``: a server's seasons, set by its admins.

The league service checks and stores the settings and words how they stand
(``LeagueService.season_settings``); this reads the options, and the rights of the admin
choosing a role, into plain data. Who may choose which role is the league's
(``bot/league/season_role.py``).
"""

from __future__ import annotations

from datetime import date

import discord
from discord import app_commands

from bot.errors import OptionRefused, UserFacingError, choice_of
from bot.league.seasons import MOST_ROLE_PLACES
from bot.league.windows import SeasonLength
from bot.store import UNSET, Unset
from cogs.league.outbox import rights
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import manage_server
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import fit
from cogs.shared.translator import command_strings, localised_choices, localised_options

LENGTH_CHOICES = localised_choices(
    {f"choice.season_length.{length.value}": length.value for length in SeasonLength}
)


def _day(text: str, option: str) -> date:
    """A day written ``YYYY-MM-DD``, or a refusal naming the option."""
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise OptionRefused("errors.option_date", option) from None


class SeasonSettingsCommands(CinchCommands):
    """A server's seasons, set by its admins (``/cinch-server seasons``)."""

    @app_commands.command(**command_strings("cinch-server.seasons"))
    @localised_options(
        "cinch-server.seasons",
        "length",
        "first_day",
        "last_day",
        "channel",
        "role",
        "places",
        "no_role",
    )
    @app_commands.choices(length=LENGTH_CHOICES)
    @manage_server
    async def season_settings(
        self,
        interaction: CinchInteraction,
        length: app_commands.Choice[str] | None = None,
        first_day: str | None = None,
        last_day: str | None = None,
        channel: discord.TextChannel | None = None,
        role: discord.Role | None = None,
        places: app_commands.Range[int, 1, MOST_ROLE_PLACES] | None = None,
        no_role: bool | None = None,
    ) -> None:
        """Show the server's seasons, changing first what is given."""
        locale = await interaction_locale(interaction)
        chosen: SeasonLength | Unset = (
            choice_of(SeasonLength, length.value, "option.season_length") if length else UNSET
        )
        dates = None
        if first_day or last_day or chosen is SeasonLength.DATES:
            if not (first_day and last_day):
                raise UserFacingError("errors.season_dates_needed")
            first, last = _day(first_day, "option.first_day"), _day(last_day, "option.last_day")
            dates, chosen = (first, last), SeasonLength.DATES
        chooser = rights(interaction.user) if isinstance(interaction.user, discord.Member) else None
        text = await self.bot.league.season_settings(
            guild_of(interaction),
            channel_id=None if channel is None else channel.id,
            here=interaction.channel_id or 0,
            length=chosen,
            dates=dates,
            role_id=None if no_role else role.id if role is not None else UNSET,
            chooser=chooser,
            places=UNSET if places is None else places,
            locale=locale,
        )
        await interaction.response.send_message(fit(text), ephemeral=True)
