"""Asking the member who ran a command to confirm what it cannot undo, in their own message.

The danger button does it and says what was done; the other leaves everything as it was. The
question lasts ``CONFIRM_SECONDS``: a view held in memory, not a button for later (a restart
simply ends the question).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord

from bot.i18n import t
from cogs.shared.error_replies import ReportsErrors
from cogs.shared.interaction import CinchInteraction, interaction_locale

CONFIRM_SECONDS = 120

#: What confirming does; returns the catalogue key of the message that then replaces the question.
Confirmed = Callable[[CinchInteraction], Awaitable[str]]


class Confirm(ReportsErrors, discord.ui.View):
    """Two buttons under a question: ``confirm`` (which runs ``act``) and ``cancel``."""

    def __init__(
        self, locale: str, act: Confirmed, *, confirm: str, cancel: str, cancelled: str
    ) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.locale, self.act, self.cancelled = locale, act, cancelled
        self.confirm.label = t(confirm, locale)
        self.cancel.label = t(cancel, locale)

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: CinchInteraction, button: discord.ui.Button) -> None:
        done = await self.act(interaction)
        self.stop()
        await interaction.response.edit_message(content=t(done, self.locale), view=None)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: CinchInteraction, button: discord.ui.Button) -> None:
        self.stop()
        await interaction.response.edit_message(content=t(self.cancelled, self.locale), view=None)


async def ask_to_confirm(interaction: CinchInteraction, keys: str, act: Confirmed) -> None:
    """Ask the member, privately, the question ``{keys}.confirm``, with the buttons
    ``{keys}.button`` (which runs ``act``) and ``{keys}.cancel``."""
    locale = await interaction_locale(interaction)
    confirm = Confirm(
        locale,
        act,
        confirm=f"{keys}.button",
        cancel=f"{keys}.cancel",
        cancelled=f"{keys}.cancelled",
    )
    await interaction.response.send_message(
        t(f"{keys}.confirm", locale), view=confirm, ephemeral=True
    )
