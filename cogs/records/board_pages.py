"""Leaderboard pages: the board picture, a note for a viewer not on it, and the page buttons.

A board covers a period of the server's counted games (all time, this month, this week), or a
season, by its number, with ratings of its own; the boards' service reads it
(``bot/boards/service.py``). The page buttons are ``DynamicItem`` buttons whose custom ids name
the metric, the period or season (``s3``) and the page, so anyone may page through any board
message, even one sent before a restart.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord
from discord import app_commands

from bot import stats
from bot.boards import Absence, BoardShown, Covered
from bot.i18n import t, tn
from bot.league.season_scenes import season_name
from bot.presentation.user_text import in_message
from bot.render.board import render_board
from bot.stats.board_scenes import metric_name
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import png_file


def _viewer_note(interaction: CinchInteraction, shown: BoardShown, locale: str) -> str | None:
    """Why the viewer is not on the board, if they are not."""
    name = in_message(interaction.user.display_name)
    if shown.absence is Absence.HIDDEN:
        return t("board.viewer_hidden", locale, name=name)
    if shown.absence is Absence.TOO_FEW_GAMES:
        return tn("board.viewer_needs_games", shown.games_missing, locale, name=name)
    if shown.absence is Absence.NOT_RANKED:
        return t("board.viewer_not_ranked", locale, name=name)
    return None


def _covered_id(covered: Covered) -> str:
    return f"s{covered}" if isinstance(covered, int) else covered.value


def _covered(text: str) -> Covered:
    return int(text[1:]) if text.startswith("s") else stats.Period(text)


async def board_reply(
    interaction: CinchInteraction, metric: stats.Metric, covered: Covered, page: int
) -> dict[str, Any]:
    """The leaderboard message (picture, note, page buttons) as the clicker or caller sees it."""
    locale = await interaction_locale(interaction)
    shown = await interaction.client.boards.leaderboard(
        guild_of(interaction),
        metric,
        covered,
        page=page,
        viewer_id=interaction.user.id,
        locale=locale,
    )
    board = shown.page
    png = await asyncio.to_thread(render_board, shown.scene)
    description = t(
        "board.alt",
        locale,
        metric=metric_name(metric, locale),
        period=shown.covered_name,
        page=board.page + 1,
        pages=board.pages,
    )
    view = discord.ui.View(timeout=None)
    for step in (-1, 1):
        view.add_item(BoardPageButton(metric, covered, board.page, step, board.pages, locale))
    return {
        "content": _viewer_note(interaction, shown, locale),
        "attachments": [png_file(png, "leaderboard.png", description)],
        "view": view,
    }


class BoardPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"cinch:board:(?P<metric>[a-z_]+):(?P<covered>[a-z]+|s\d+):(?P<page>\d+):(?P<step>-1|1)"
    ),
):
    """Previous (step -1) or Next (step 1) from a board page; anyone may page."""

    def __init__(
        self,
        metric: stats.Metric,
        covered: Covered,
        page: int,
        step: int,
        pages: int = 1,
        locale: str | None = None,
    ) -> None:
        target = page + step
        super().__init__(
            discord.ui.Button(
                label=t("board.previous" if step < 0 else "board.next", locale),
                style=discord.ButtonStyle.secondary,
                disabled=not 0 <= target < pages,
                custom_id=f"cinch:board:{metric.value}:{_covered_id(covered)}:{page}:{step}",
            )
        )
        self.metric, self.covered, self.target = metric, covered, target

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardPageButton:
        return cls(
            stats.Metric(match["metric"]),
            _covered(match["covered"]),
            int(match["page"]),
            int(match["step"]),
        )

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        reply = await board_reply(interaction, self.metric, self.covered, max(self.target, 0))
        await interaction.response.edit_message(**reply)


async def season_choices(
    interaction: CinchInteraction, current: str, *, ended: bool = False
) -> list[app_commands.Choice[int]]:
    """The server's seasons (those that ended, or all), the latest first, by name."""
    locale = await interaction_locale(interaction)
    all_seasons = await interaction.client.boards.seasons(guild_of(interaction))
    names = [
        (season.number, season_name(season.number, season.window, locale))
        for season in reversed(all_seasons)
        if season.ended or not ended
    ]
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=name[:100], value=number)
        for number, name in names
        if typed in name.lower()
    ][:25]
