"""``/cinch-boards daily``: a server's board of the daily deals, today's (privately, once the
member played every deal) or yesterday's (in the channel)."""

from __future__ import annotations

from enum import StrEnum

from discord import app_commands

from bot.daily.days import ONE_DAY
from bot.errors import choice_of
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import check_table_permissions
from cogs.shared.interaction import CinchInteraction, guild_of
from cogs.shared.translator import command_strings, localised_choices, localised_options
from cogs.solo.daily import board_parts


class Board(StrEnum):
    """The boards of ``/cinch daily``'s ``board`` option."""

    TODAY = "today"
    YESTERDAY = "yesterday"


BOARD_CHOICES = localised_choices({f"daily.board.{board.value}": board.value for board in Board})


class DailyBoardCommands(CinchCommands):
    """``/cinch-boards daily``: one of the daily boards."""

    @app_commands.command(**command_strings("cinch-boards.daily"))
    @localised_options("cinch-boards.daily", "day")
    @app_commands.choices(day=BOARD_CHOICES)
    async def daily_board(
        self, interaction: CinchInteraction, day: app_commands.Choice[str]
    ) -> None:
        await _show_board(interaction, choice_of(Board, day.value, "option.daily_board"))


async def _show_board(interaction: CinchInteraction, board: Board) -> None:
    """Today's board, privately and once the member played every deal; yesterday's in the
    channel for everyone."""
    guild = guild_of(interaction)
    today = interaction.client.daily.today()
    private = board is Board.TODAY
    if not private:
        check_table_permissions(interaction)
    # A board is read and drawn: acknowledge first, within Discord's 3 seconds.
    await interaction.response.defer(ephemeral=private, thinking=True)
    parts = await board_parts(interaction, guild, today if private else today - ONE_DAY)
    await interaction.followup.send(ephemeral=private, **parts.send_kwargs())
