"""``/cinch-boards awards``: a season's awards, for everyone.

The league service picks the season and draws its picture off the event loop
(``LeagueService.ended_season`` and ``season_awards``); a season's board is a leaderboard
(``cogs/board_pages.py``).
"""

from __future__ import annotations

from discord import app_commands

from cogs.records.board_pages import season_choices
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import require_table_permissions
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import png_file
from cogs.shared.translator import command_strings, localised_options


class SeasonAwardsCommands(CinchCommands):
    """A season's awards, for everyone (``/cinch-boards awards``)."""

    @app_commands.command(**command_strings("cinch-boards.awards"))
    @localised_options("cinch-boards.awards", "season")
    @require_table_permissions
    async def season_awards(self, interaction: CinchInteraction, season: int | None = None) -> None:
        """The awards of a season that ended (the last one, unless a number is given)."""
        locale = await interaction_locale(interaction)
        chosen = await self.bot.league.ended_season(guild_of(interaction), season)
        await interaction.response.defer(thinking=True)
        picture = await self.bot.league.season_awards(chosen, locale)
        await interaction.followup.send(file=png_file(picture.png, picture.filename, picture.alt))

    @season_awards.autocomplete("season")
    async def ended_season_numbers(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await season_choices(interaction, current, ended=True)
