"""The ``/cinch`` command, table play: one :class:`commands.GroupCog` built from the mixins of
each area; and every button and select of the bot's messages.

Every subcommand lives in the module of its area (``cogs/cinch/lobby.py``, ``cogs/cinch/play.py``,
``cogs/cinch/player_settings.py``, ``cogs/solo/daily.py`` with ``cogs/solo/puzzles.py``); this
extension puts them together under one command, in servers only (``guild_only``), named and
described in every language. The rest of Cinch has commands of its own, each a package with its cog:
``/cinch-boards`` (``cogs/boards/``), ``/cinch-tournament`` (``cogs/tournament/``) and
``/cinch-server`` (``cogs/server/``). Discord refuses a command over 8,000 characters or with more
than 25 subcommands (``cogs/shared/command_size.py``); the project keeps each within 6,000 and 21,
so that a new subcommand or a longer translation still fits. The mixins share one namespace, so each
names its methods after its area.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.cinch.daily import DailyCommands
from cogs.cinch.lobby import LobbyCommands
from cogs.cinch.play import PlayCommands
from cogs.cinch.player_settings import SettingsCommands
from cogs.cinch.puzzles import PuzzleCommands
from cogs.records.board_pages import BoardPageButton
from cogs.records.game_history import HistoryGameButton
from cogs.records.replay import REPLAY_COMPONENTS
from cogs.shared.departures import member_banned
from cogs.shared.translator import group_cog_strings
from cogs.solo.daily import DAILY_COMPONENTS
from cogs.solo.puzzles import PUZZLE_COMPONENTS
from cogs.tables.hand_message import ActionButton, PickSelect
from cogs.tables.rematch import RematchButton
from cogs.tables.seat_requests import SeatAnswerButton
from cogs.tables.table_message import LobbyButton, ShowHandButton

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient

#: Every button and select of ``/cinch``'s areas (the league's are registered by
#: ``cogs/league/clock.py``); their custom ids say all they need, so old messages keep working.
COMPONENTS = (
    LobbyButton,
    ShowHandButton,
    PickSelect,
    ActionButton,
    SeatAnswerButton,
    BoardPageButton,
    HistoryGameButton,
    RematchButton,
    *REPLAY_COMPONENTS,
    *DAILY_COMPONENTS,
    *PUZZLE_COMPONENTS,
)


@app_commands.guild_only()
class Cinch(
    LobbyCommands,
    PlayCommands,
    SettingsCommands,
    DailyCommands,
    PuzzleCommands,
    commands.GroupCog,
    **group_cog_strings("cinch"),
):
    """Every ``/cinch`` subcommand."""

    @commands.Cog.listener()
    async def on_member_ban(
        self, guild: discord.Guild, user: discord.User | discord.Member
    ) -> None:
        """A banned member steps away from the server's tables (``cogs/shared/departures.py``)."""
        await member_banned(self.bot, guild.id, user.id)


async def setup(bot: CinchClient) -> None:
    bot.add_dynamic_items(*COMPONENTS)
    await bot.add_cog(Cinch(bot))


async def teardown(bot: CinchClient) -> None:
    bot.remove_dynamic_items(*COMPONENTS)
