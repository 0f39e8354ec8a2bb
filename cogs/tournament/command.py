"""The ``/cinch-tournament`` command: creating, starting, following, leaving and cancelling a
tournament.

The subcommands live in ``cogs/tournaments.py``; the sign-up message and a round's matches are
``cogs/tournament_signup.py``'s and ``cogs/tournament_rounds.py``'s, their buttons registered
with every other by ``cogs/cinch.py``. Visible to every member: organising one needs Manage
Events or Manage Server, which the subcommands check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.tournaments import TournamentCommands
from cogs.translator import command_strings

if TYPE_CHECKING:
    from cogs.client import CinchClient

_COMMAND = command_strings("cinch-tournament")


@app_commands.guild_only()
class CinchTournament(
    TournamentCommands,
    commands.GroupCog,
    group_name=_COMMAND["name"],
    group_description=_COMMAND["description"],
):
    """Every ``/cinch-tournament`` subcommand."""

    def __init__(self, bot: CinchClient) -> None:
        self.bot = bot
        super().__init__()


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(CinchTournament(bot))
