"""The ``/cinch-tournament`` command: creating, starting, following, leaving and cancelling a
tournament.

The subcommands live in ``tournaments.py`` beside this module, each an intention of the league
service; the sign-up message's buttons are the league's (``cogs/league/signup.py``, registered
by ``cogs/league/clock.py``). Visible to every member: organising one needs Manage
Events or Manage Server, which the subcommands check.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.shared.translator import group_cog_strings
from cogs.tournament.tournaments import TournamentCommands

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient


@app_commands.guild_only()
class CinchTournament(
    TournamentCommands,
    commands.GroupCog,
    **group_cog_strings("cinch-tournament"),
):
    """Every ``/cinch-tournament`` subcommand."""


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(CinchTournament(bot))
