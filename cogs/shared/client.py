"""What commands and buttons need of the bot: its table service, the people using it, the
league, the boards, replays, the daily deals and puzzles, the store they are built on, the relay
of moves between processes, and its metrics.

The bot (``bot/factory.py``) is this client, built and started; the cogs know it only through
this class, so they never import the module that builds them. Each service is set once, in the
bot's ``setup_hook``, before any command or button can run.
"""

from __future__ import annotations

from typing import Any

from discord.ext import commands

from bot.boards import Boards
from bot.daily import DailyDeals
from bot.league.service import LeagueService
from bot.metrics import Metrics
from bot.people import People
from bot.puzzles import Puzzles
from bot.replays import Replays
from bot.service import TableService
from bot.service.areas.routing import MoveRouter
from bot.store import Store
from cogs.shared.discord_calls import discord_trace
from cogs.shared.memberships import Memberships


class CinchClient(commands.Bot):
    """A ``commands.Bot`` with the services the ``/cinch`` commands and buttons use."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        metrics = Metrics()
        super().__init__(*args, http_trace=discord_trace(metrics), **kwargs)
        #: The bot's metrics: every call to Discord is counted through the client's trace.
        self.metrics = metrics
        self._store: Store | None = None
        self._tables: TableService | None = None
        self._people: People | None = None
        self._league: LeagueService | None = None
        self._boards: Boards | None = None
        self._replays: Replays | None = None
        self._daily: DailyDeals | None = None
        self._puzzles: Puzzles | None = None
        #: Sends moves for tables another process owns to it (shards split over processes).
        self.router: MoveRouter | None = None
        #: Whether people are still members of the servers whose tables they play at.
        self.memberships = Memberships(self)

    @property
    def store(self) -> Store:
        """The open store, which the services are built on (commands ask the services)."""
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook; the bot has not started")
        return self._store

    @property
    def tables(self) -> TableService:
        """The table service: every table of the servers this process runs."""
        if self._tables is None:
            raise RuntimeError("the tables are restored in setup_hook; the bot has not started")
        return self._tables

    @property
    def people(self) -> People:
        """The people using the bot: their settings, and notes to tell them."""
        if self._people is None:
            raise RuntimeError("the people are read in setup_hook; the bot has not started")
        return self._people

    @property
    def league(self) -> LeagueService:
        """The league service: every server's tournaments and seasons."""
        if self._league is None:
            raise RuntimeError("the league opens in setup_hook; the bot has not started")
        return self._league

    @property
    def boards(self) -> Boards:
        """The server's boards, player cards and games played."""
        if self._boards is None:
            raise RuntimeError("the boards open in setup_hook; the bot has not started")
        return self._boards

    @property
    def replays(self) -> Replays:
        """Finished hands' replays."""
        if self._replays is None:
            raise RuntimeError("the replays open in setup_hook; the bot has not started")
        return self._replays

    @property
    def daily(self) -> DailyDeals:
        """The daily deals."""
        if self._daily is None:
            raise RuntimeError("the daily deals open in setup_hook; the bot has not started")
        return self._daily

    @property
    def puzzles(self) -> Puzzles:
        """The puzzles."""
        if self._puzzles is None:
            raise RuntimeError("the puzzles open in setup_hook; the bot has not started")
        return self._puzzles


class CinchCommands(commands.Cog):
    """Base of the commands' mixins: ``self.bot`` is the running bot.

    Each top-level command (``/cinch``, ``/cinch-boards``, ``/cinch-tournament``, ``/cinch-server``)
    is one :class:`commands.GroupCog` (``cogs/cinch/command.py``, ``cogs/boards/``,
    ``cogs/tournament/``, ``cogs/server/``) built from mixins, one per area (the lobby, playing,
    player settings, boards...). discord.py collects the app commands of every class in a cog's MRO,
    so each mixin declares its subcommands as ordinary ``@app_commands.command`` methods and they
    land under the command whose cog it joins. A cog class itself, so that its commands are typed as
    a cog's, but only those four cogs are ever added.
    """

    bot: CinchClient

    def __init__(self, bot: CinchClient) -> None:
        self.bot = bot
        super().__init__()
