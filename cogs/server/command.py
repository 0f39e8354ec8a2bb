"""The ``/cinch-server`` command, for a server's admins: the limits on open tables and where
they open, the boards' upkeep and settings (with where the end of each day of the daily deals
is posted), and the seasons.

Discord shows it only to members with Manage Server (``default_member_permissions``, which it
reads on a top-level command alone, never on a subcommand); a server may grant it to others in
its Integrations settings, so every subcommand still checks Manage Server itself
(``cogs/shared/error_replies.py``). The subcommands live in the modules of their areas
(``cogs/server/limits.py``, ``cogs/server/board_upkeep.py``, ``cogs/server/season_settings.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.server.board_upkeep import BoardUpkeepCommands
from cogs.server.limits import LimitsCommands
from cogs.server.season_settings import SeasonSettingsCommands
from cogs.shared.translator import group_cog_strings

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class CinchServer(
    LimitsCommands,
    BoardUpkeepCommands,
    SeasonSettingsCommands,
    commands.GroupCog,
    **group_cog_strings("cinch-server"),
):
    """Every ``/cinch-server`` subcommand."""


async def setup(bot: CinchClient) -> None:
    await bot.add_cog(CinchServer(bot))
