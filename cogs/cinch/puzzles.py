"""``/cinch puzzle``: today's puzzle, the same for everyone, then practice puzzles; their
messages and buttons are ``cogs/solo/puzzles.py``'s."""

from __future__ import annotations

from discord import app_commands

from cogs.shared.client import CinchCommands
from cogs.shared.interaction import CinchInteraction, guild_of
from cogs.shared.translator import command_strings
from cogs.solo.puzzles import first_puzzle


class PuzzleCommands(CinchCommands):
    """``/cinch puzzle``: today's puzzle."""

    @app_commands.command(**command_strings("cinch.puzzle"))
    async def puzzle(self, interaction: CinchInteraction) -> None:
        """Today's puzzle, the same for everyone, privately; once tried, practice puzzles."""
        guild_of(interaction)
        # The puzzle of a new day is found in dealt hands first: acknowledge before.
        await interaction.response.defer(ephemeral=True, thinking=True)
        parts = await first_puzzle(interaction)
        await interaction.followup.send(ephemeral=True, **parts.send_kwargs())
