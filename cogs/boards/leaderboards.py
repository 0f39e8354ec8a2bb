"""``/cinch-boards leaderboard``, ``stats``, ``history``: the boards every member may read.

The figures come from the boards' service (``bot/boards/``, kept up to date at each game's
end); this cog only asks for them, draws them off the event loop, and answers. The leaderboard's
pages are in ``cogs/records/board_pages.py`` and the game history's list in
``cogs/records/game_history.py``; their buttons' custom ids say everything needed to answer a
click, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands

from bot import stats
from bot.boards import Covered
from bot.errors import choice_of
from bot.i18n import t
from bot.presentation.user_text import one_line
from bot.render.player_card import render_player_card
from cogs.records.board_pages import board_reply, season_choices
from cogs.records.game_history import history_message
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import require_table_permissions
from cogs.shared.game_access import channels_shown
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import png_file
from cogs.shared.translator import command_strings, localised_choices, localised_options

METRIC_CHOICES = localised_choices({f"board.metric.{m.value}": m.value for m in stats.Metric})
#: The periods of the counted games, then the season running (``SEASON``).
SEASON = "season"
PERIOD_CHOICES = localised_choices(
    {
        **{f"board.period.{period.value}": period.value for period in stats.Period},
        f"board.period.{SEASON}": SEASON,
    }
)


class BoardCommands(CinchCommands):
    """Community boards: rankings, player cards, the games played (``/cinch-boards``)."""

    @app_commands.command(**command_strings("cinch-boards.leaderboard"))
    @localised_options("cinch-boards.leaderboard", "by", "period", "season")
    @app_commands.choices(by=METRIC_CHOICES, period=PERIOD_CHOICES)
    @require_table_permissions
    async def show_leaderboard(
        self,
        interaction: CinchInteraction,
        by: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
        season: app_commands.Range[int, 1] | None = None,
    ) -> None:
        """A board of all time, this month or week, or a season (the one running, or by its
        number: ``bot/league``)."""
        metric = choice_of(stats.Metric, by.value, "option.metric") if by else stats.Metric.RATING
        covered: Covered
        if season is not None or (period is not None and period.value == SEASON):
            chosen = await self.bot.boards.season(guild_of(interaction), season)
            covered = chosen.number
        else:
            covered = (
                choice_of(stats.Period, period.value, "option.period")
                if period
                else stats.Period.ALL
            )
        await interaction.response.defer(thinking=True)
        reply = await board_reply(interaction, metric, covered, page=0)
        await interaction.followup.send(
            content=reply["content"], files=reply["attachments"], view=reply["view"]
        )

    @show_leaderboard.autocomplete("season")
    async def season_numbers(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[int]]:
        return await season_choices(interaction, current)

    @app_commands.command(**command_strings("cinch-boards.stats"))
    @localised_options("cinch-boards.stats", "player")
    @require_table_permissions
    async def show_stats(
        self, interaction: CinchInteraction, player: discord.Member | None = None
    ) -> None:
        subject = player or interaction.user
        boards, guild = self.bot.boards, guild_of(interaction)
        # Someone who hides from the boards still sees their own card, just not in public; a
        # public card charts only the games everyone reading this channel may see.
        private = await boards.card_is_private(
            subject.id, subject.display_name, interaction.user.id
        )
        channels = await channels_shown(
            interaction, await boards.game_channels(guild), public=not private
        )
        card = await boards.player_card(guild, subject.id, subject.display_name, channels)
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True, ephemeral=private)
        scene = await boards.card_picture(guild, card, subject.id, channels, locale)
        png = await asyncio.to_thread(render_player_card, scene)
        alt = t("stats.alt", locale, name=one_line(card.name))
        await interaction.followup.send(file=png_file(png, "player.png", alt), ephemeral=private)

    @app_commands.command(**command_strings("cinch-boards.history"))
    @require_table_permissions
    async def show_history(self, interaction: CinchInteraction) -> None:
        locale = await interaction_locale(interaction)
        boards, guild = self.bot.boards, guild_of(interaction)
        # The list is posted in this channel: only games all its readers may see.
        channels = await channels_shown(interaction, await boards.game_channels(guild), public=True)
        games = await boards.recent_games(guild, channels)
        text, view = history_message(games, locale)
        await interaction.response.send_message(text, view=view)
