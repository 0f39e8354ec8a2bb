"""Leaderboard pages: the board picture, a note for a viewer not on it, and the page buttons.

The page buttons are ``DynamicItem`` buttons whose custom ids name the metric, period and page,
so anyone may page through any board message, even one sent before a restart.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot import stats
from bot.i18n import t, tn
from bot.presentation.user_text import in_message
from bot.render.board import render_board
from bot.stats.board_scenes import board_scene, metric_name, period_name
from cogs.error_replies import reports_errors
from cogs.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.message_parts import png_file


async def _viewer_note(
    interaction: CinchInteraction, page: stats.BoardPage, locale: str
) -> str | None:
    """Why the viewer is not on the board, if they are not."""
    if page.viewer is not None:
        return None
    name = in_message(interaction.user.display_name)
    preferences = await interaction.client.store.preferences.get(interaction.user.id)
    if preferences.hidden_from_boards:
        return t("board.viewer_hidden", locale, name=name)
    missing = stats.min_games(page.metric) - page.viewer_games
    if missing > 0:
        return tn("board.viewer_needs_games", missing, locale, name=name)
    return t("board.viewer_not_ranked", locale, name=name)


async def board_reply(
    interaction: CinchInteraction, metric: stats.Metric, period: stats.Period, page: int
) -> dict[str, Any]:
    """The leaderboard message (picture, note, page buttons) as the clicker or caller sees it."""
    locale = await interaction_locale(interaction)
    board = await stats.leaderboard(
        interaction.client.store,
        guild_of(interaction),
        metric,
        period,
        page=page,
        viewer=stats.user_key(interaction.user.id),
    )
    png = await asyncio.to_thread(render_board, board_scene(board, locale))
    description = t(
        "board.alt",
        locale,
        metric=metric_name(metric, locale),
        period=period_name(period, locale),
        page=board.page + 1,
        pages=board.pages,
    )
    view = discord.ui.View(timeout=None)
    for step in (-1, 1):
        view.add_item(BoardPageButton(metric, period, board.page, step, board.pages, locale))
    return {
        "content": await _viewer_note(interaction, board, locale),
        "attachments": [png_file(png, "leaderboard.png", description)],
        "view": view,
    }


class BoardPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:board:(?P<metric>[a-z_]+):(?P<period>[a-z]+):(?P<page>\d+):(?P<step>-1|1)",
):
    """Previous (step -1) or Next (step 1) from a board page; anyone may page."""

    def __init__(
        self,
        metric: stats.Metric,
        period: stats.Period,
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
                custom_id=f"cinch:board:{metric.value}:{period.value}:{page}:{step}",
            )
        )
        self.metric, self.period, self.target = metric, period, target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardPageButton:
        return cls(
            stats.Metric(match["metric"]),
            stats.Period(match["period"]),
            int(match["page"]),
            int(match["step"]),
        )

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        reply = await board_reply(interaction, self.metric, self.period, max(self.target, 0))
        await interaction.response.edit_message(**reply)
