"""``/cinch-boards leaderboard``, ``stats``, ``history``; and ``/cinch-server boards ...``.

The figures come from ``bot.stats`` (kept up to date at each game's end); this cog only asks
for them, draws them off the event loop, and answers. The leaderboard's pages are in
``cogs/board_pages.py`` and the game history's list in ``cogs/game_history.py``; their buttons'
custom ids say everything needed to answer a click, so they keep working after a restart.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot import stats
from bot.errors import UserFacingError, choice_of
from bot.i18n import t, tn
from bot.league.seasons import pick_season
from bot.presentation.user_text import in_message, one_line
from bot.render.player_card import render_player_card
from bot.stats.board_scenes import card_scene
from bot.store import UNSET
from cogs.board_pages import Covered, board_reply, season_choices
from cogs.client import CinchCommands
from cogs.confirm import ask_to_confirm
from cogs.error_replies import manage_server, require_table_permissions
from cogs.game_access import channels_shown
from cogs.game_history import history_message
from cogs.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.message_parts import png_file
from cogs.translator import command_strings, localised_choices, localised_options

if TYPE_CHECKING:
    pass

METRIC_CHOICES = localised_choices({f"board.metric.{m.value}": m.value for m in stats.Metric})
#: The periods of the counted games, then the season running (``SEASON``).
SEASON = "season"
PERIOD_CHOICES = localised_choices(
    {
        **{f"board.period.{period.value}": period.value for period in stats.Period},
        f"board.period.{SEASON}": SEASON,
    }
)


async def reset_boards(interaction: CinchInteraction) -> str:
    """Start the server's boards over (once its admin confirmed)."""
    await stats.reset(interaction.client.store, guild_of(interaction))
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
            chosen = await pick_season(self.bot.store, guild_of(interaction), season)
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
        store = self.bot.store
        guild = guild_of(interaction)
        hidden = (await store.preferences.get(subject.id)).hidden_from_boards
        if hidden and subject.id != interaction.user.id:
            raise UserFacingError("stats.hidden", name=in_message(subject.display_name))
        # Someone who hides from the boards still sees their own card, just not in public; a
        # public card charts only the games everyone reading this channel may see.
        channels = await channels_shown(
            interaction, await stats.game_channels(store, guild), public=not hidden
        )
        card = await stats.player_card(store, guild, stats.user_key(subject.id), channels=channels)
        if card is None:
            raise UserFacingError("stats.no_games", name=in_message(subject.display_name))
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True, ephemeral=hidden)
        losses = await stats.card_play_losses(store, guild, subject.id, channels=channels)
        scene = card_scene(card, locale, losses)
        png = await asyncio.to_thread(render_player_card, scene)
        alt = t("stats.alt", locale, name=one_line(card.name))
        await interaction.followup.send(file=png_file(png, "player.png", alt), ephemeral=hidden)

    @app_commands.command(**command_strings("cinch-boards.history"))
    @require_table_permissions
    async def show_history(self, interaction: CinchInteraction) -> None:
        locale = await interaction_locale(interaction)
        store, guild = self.bot.store, guild_of(interaction)
        # The list is posted in this channel: only games all its readers may see.
        channels = await channels_shown(
            interaction, await stats.game_channels(store, guild), public=True
        )
        games = await stats.recent_games(store, guild, channels=channels)
        if not games:
            raise UserFacingError("history.empty")
        text, view = history_message(games, locale)
        await interaction.response.send_message(text, view=view)


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
        counted = await stats.rebuild(self.bot.store, guild_of(interaction))
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
        store, guild = self.bot.store, guild_of(interaction)
        records = self.bot.daily.records
        if daily_channel is not None:
            check_can_post(daily_channel)
        changed = daily_off or any(o is not None for o in (computers, abandoned, daily_channel))
        if computers is None and abandoned is None:
            settings = await stats.board_settings(store, guild)
        else:
            settings = await stats.update_board_settings(
                store,
                guild,
                show_computers=UNSET if computers is None else computers,
                count_abandoned=UNSET if abandoned is None else abandoned,
            )
        if daily_off:
            await records.set_post_channel(guild, None)
        elif daily_channel is not None:
            await records.set_post_channel(guild, daily_channel.id)
        lines = [describe_board_settings(settings, locale)]
        lines.append(describe_daily_post(await records.post_channel(guild), locale))
        if changed:
            lines.insert(0, t("settings.saved", locale))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)
