"""**Rematch** under a game's result: each of its players confirms with a click, and the game
starts again at the same seats once everyone has (``bot/service/areas/rematches.py``).

The button's custom id (``cinch:rematch:<game>``) names the game, so the button of a result
posted before a restart works. A table in a thread of its own closed with its game and its
thread was archived: the rematch opens the table there again, and the thread comes back.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

import discord

from bot.i18n import t
from bot.presentation.user_text import in_message
from cogs.shared.error_replies import check_table_permissions, reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, interaction_locale, person
from cogs.tables.hand_message import answer_with_hand


class RematchButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"cinch:rematch:(?P<game>\d+)"
):
    """ "Rematch": a player of the game confirms they play it again."""

    def __init__(self, game_id: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("rematch.button", locale),
                style=discord.ButtonStyle.success,
                custom_id=f"cinch:rematch:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> RematchButton:
        return cls(int(match["game"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        check_table_permissions(interaction)
        reply = await interaction.client.tables.rematch(self.game_id, person(interaction))
        if reply.reopened:
            await _bring_back_thread(interaction.channel)
        if reply.hand is not None:
            await answer_with_hand(interaction, reply.hand, edit=False)
            return
        locale = await interaction_locale(interaction)
        if reply.waiting:
            names = ", ".join(in_message(name) for name in reply.waiting)
            text = t("reply.rematch_waiting", locale, players=names)
        else:
            text = t("reply.rematch_seats", locale)
        await interaction.response.send_message(text, ephemeral=True)


async def _bring_back_thread(channel: object) -> None:
    """An archived thread whose table opened again is brought back (posting in it would
    also bring it back, when Discord allows)."""
    if isinstance(channel, discord.Thread) and channel.archived:
        with contextlib.suppress(discord.HTTPException):
            await channel.edit(archived=False)
