"""The ``/cinch-boards`` command: the leaderboard, player cards, the games played, a season's
awards, the daily deals' board and the puzzle ratings.

Each subcommand lives in the module of its area (``cogs/boards/leaderboards.py``,
``cogs/boards/season_awards.py``, ``cogs/solo/daily.py``, ``cogs/solo/puzzles.py``); this extension
puts them together under one command of its own, so that ``/cinch`` stays within Discord's size for
a command (``cogs/shared/command_size.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.boards.daily import DailyBoardCommands
from cogs.boards.leaderboards import BoardCommands
from cogs.boards.puzzles import PuzzleRatingCommands
from cogs.boards.season_awards import SeasonAwardsCommands
from cogs.shared.translator import group_cog_strings

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient


@app_commands.guild_only()
class CinchBoards(
    BoardCommands,
    SeasonAwardsCommands,
    DailyBoardCommands,
    PuzzleRatingCommands,
    commands.GroupCog,
    **group_cog_strings("cinch-boards"),
):
    """Every ``/cinch-boards`` subcommand."""


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(CinchBoards(bot))
