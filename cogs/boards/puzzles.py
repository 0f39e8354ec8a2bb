"""``/cinch-boards puzzles``: the server's puzzle ratings, in the channel for everyone."""

from __future__ import annotations

from discord import app_commands

from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import require_table_permissions
from cogs.shared.interaction import CinchInteraction
from cogs.shared.translator import command_strings
from cogs.solo.puzzles import puzzle_board_parts


class PuzzleRatingCommands(CinchCommands):
    """``/cinch-boards puzzles``: the server's puzzle ratings."""

    @app_commands.command(**command_strings("cinch-boards.puzzles"))
    @require_table_permissions
    async def puzzle_ratings(self, interaction: CinchInteraction) -> None:
        """The server's puzzle board, in the channel for everyone."""
        await interaction.response.defer(thinking=True)  # a board is drawn
        parts = await puzzle_board_parts(interaction)
        await interaction.followup.send(**parts.send_kwargs())
