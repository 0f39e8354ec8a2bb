"""Building the bot: the one factory used by ``python -m bot`` and by the SimCord tests.

Start-up order (``setup_hook``, which discord.py runs once at login, before the gateway
connects, so no interaction can arrive half-way):

0. with ``METRICS_PORT`` set, serve ``/health`` (503 until the bot is ready) and ``/metrics``
   (``bot/monitor.py``; what each series means is in docs/operations.md);
1. open the store (unless one was given), applying pending migrations;
2. create the delivery (the service's outbox, built from the Discord client alone), the people
   using the bot (their settings), the table service, the league service (with an outbox of its
   own), the boards, the replays, the daily deals and the puzzles every command and button
   reaches through the bot (``interaction.client.tables``, ``.people``, ``.league``,
   ``.boards``, ``.replays``, ``.daily``, ``.puzzles``), and
   restore every open table from the store, its game where it was, computer players and timers
   running again;
3. load every extension in :data:`EXTENSIONS` (``cogs/cinch/command.py`` adds the ``/cinch``
   commands and registers the buttons as dynamic items, so those of messages sent before a restart
   work again; ``cogs/boards/``, ``cogs/tournament/`` and ``cogs/server/`` add ``/cinch-boards``,
   ``/cinch-tournament`` and ``/cinch-server``; ``cogs/shared/channel_events.py`` closes the tables
   of channels and servers the bot loses; ``cogs/league/clock.py`` asks the league service for its
   due work, such as ending seasons, and registers the league's buttons);
4. install the catalogue translator (command names and descriptions in every language) and
   publish the slash commands if they changed since the last start
   (``cogs/shared/command_sync.py``): to ``DEV_GUILD_ID`` when set (instant, for development), else
   globally (Discord may take up to an hour to show changes);
5. post the daily deals' end of day where it is due and was missed, and then at every midnight
   (``bot/daily/day_end.py``, for the servers this process owns).

Note for extension authors: ``load_extension`` executes the module afresh for each bot, so
exception classes and other shared objects belong in ordinary modules (``bot/...``), not in
the extension modules themselves.
"""

from __future__ import annotations

import logging
from concurrent.futures import Executor
from typing import Any

import discord
from discord.ext import commands

from bot.ai.pool import DecisionPool
from bot.boards import Boards
from bot.daily import DailyDeals
from bot.daily.day_end import DayEndPosts
from bot.heap import settle_heap
from bot.league.service import LeagueService
from bot.monitor import Health, Monitor, store_answers
from bot.people import People
from bot.puzzles import Puzzles
from bot.replays import Replays
from bot.service import TableService
from bot.service.areas.routing import MoveRouter
from bot.service.showing.drawing import Drawing
from bot.settings import Settings
from bot.store import Store
from cogs.league.outbox import LeagueDelivery
from cogs.shared.client import CinchClient
from cogs.shared.command_sync import CommandsRefused, sync_commands
from cogs.shared.error_replies import CinchCommandTree
from cogs.shared.translator import CatalogueTranslator
from cogs.solo.daily_posts import post_day_end
from cogs.tables.delivery import Delivery

log = logging.getLogger(__name__)

EXTENSIONS: list[str] = [
    "cogs.cinch.command",
    "cogs.boards.command",
    "cogs.tournament.command",
    "cogs.server.command",
    "cogs.shared.channel_events",
    "cogs.league.clock",
]
"""Extensions loaded at start, in order. Add a cog's module here to enable it."""


def bot_intents() -> discord.Intents:
    """The default intents without any privileged one: slash commands and components need
    neither message content nor the member list, so the bot needs no portal approval. Among the
    defaults, the moderation intent brings bans (``on_member_ban``), so a banned member stops
    playing at once (``cogs/shared/departures.py``)."""
    intents = discord.Intents.default()
    intents.message_content = False
    intents.members = False
    intents.presences = False
    return intents


class CinchBot(CinchClient):
    """The Discord bot: commands and buttons reach its services through it (``bot.tables``,
    ``bot.replays``, ``bot.store``), typed ``discord.Interaction[CinchClient]``."""

    def __init__(
        self, settings: Settings, *, store: Store | None = None, workers: Executor | None = None
    ) -> None:
        super().__init__(
            **self.shard_options(settings),
            # Slash commands only; a prefix is required by commands.Bot, and a mention never
            # needs the message content intent.
            command_prefix=commands.when_mentioned,
            help_command=None,
            intents=bot_intents(),
            tree_cls=CinchCommandTree,
            # Nobody is pinged unless a message opts in, e.g. the player whose turn it is.
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.settings = settings
        self._store = store
        #: Log in only to publish the commands (``python -m bot sync``): no table is restored.
        self.only_publishing = False
        #: Keep what start-up made out of the cycle collector's walks once the tables are
        #: back (``bot.heap``): the bot's own process, never the tests' many bots in one.
        self.settles_heap = False
        #: The computer players' worker processes: moves, hints and hand reviews.
        self._decisions = DecisionPool(
            settings.decision_workers, observer=self.metrics, executor=workers
        )
        #: ``/health`` and ``/metrics``, when ``METRICS_PORT`` is set.
        self.monitor: Monitor | None = None
        #: The daily deals' end-of-day posts, from the store, at every midnight.
        self.day_ends: DayEndPosts | None = None

    @staticmethod
    def shard_options(settings: Settings) -> dict[str, Any]:
        """What the client class needs to know about shards: nothing for one process."""
        return {}

    async def setup_hook(self) -> None:
        """Store, then the delivery (from the Discord client alone), the table service that
        shows through it, the tables restored, and last the commands and buttons."""
        if self.settings.metrics_port is not None and not self.only_publishing:
            self.monitor = Monitor(self.metrics.registry, self.health)
            await self.monitor.start(self.settings.metrics_host, self.settings.metrics_port)
        if self._store is None:
            # Discord's clock, so that simulated time in tests also moves stored times.
            self._store = await Store.open(self.settings.database, clock=discord.utils.utcnow)
        if self.only_publishing:
            await self._add_commands()
            await self.sync_commands(force=True)
            return
        delivery = Delivery(self)
        plan = self.settings.shards
        split = plan is not None and plan.partial
        owns = plan.owns if plan is not None and split else None
        self._people = People(self._store, self._store.clock)
        self._boards = Boards(self._store)
        self._replays = Replays(self._store, self._decisions)
        self._daily = DailyDeals(self._store, self._decisions)
        self._puzzles = Puzzles(self._store, self._decisions)
        drawers = self.settings.drawing_processes
        drawing = Drawing.in_processes(drawers) if drawers else Drawing()
        self._tables = TableService(
            self._store,
            delivery,
            decisions=self._decisions,
            owns=owns,
            replays=self._replays,
            observer=self.metrics,
            drawing=drawing,
            people=self._people,
        )
        tables = self._tables
        self.metrics.count_open_tables(lambda: len(tables.held()))
        self.metrics.count_updates_waiting(
            lambda: sum(tables.updates_to_show(table.table_id) for table in tables.held())
        )
        self._league = LeagueService(self._store, self._tables, LeagueDelivery(self))
        await self._tables.restore()
        self._tables.show_restored_tables()
        self._tables.resume_forgetting()
        if plan is not None and split and self.settings.database_url is not None:
            self.router = MoveRouter(self._tables, self._store, plan)
            await self.router.start()
        await self._add_commands()
        await self._publish_commands_at_start()
        self.day_ends = DayEndPosts(self._daily, lambda end: post_day_end(self, end), owns=owns)
        self.day_ends.start()
        if self.settles_heap:
            settle_heap()

    async def _add_commands(self) -> None:
        """Every extension's commands and buttons, named in every language."""
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        await self.tree.set_translator(CatalogueTranslator())

    async def _publish_commands_at_start(self) -> None:
        """Publish the commands if they changed. Refused, where Discord still offers those of
        an earlier start the bot serves them (and every button) and says why in one line;
        where it has none, nothing could work, and the refusal stops the start."""
        try:
            await self.sync_commands()
        except CommandsRefused as refused:
            if not refused.published_before:
                raise
            log.error("%s Discord keeps offering the commands it had.", refused)

    async def sync_commands(self, *, force: bool = False) -> bool:
        """Publish the command tree to Discord (the dev guild only, when configured) when it
        changed since it was last published, or always when ``force``d; True if published."""
        guild = None
        if self.settings.dev_guild_id is not None:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
        return await sync_commands(
            self.tree, self.store.marks, self.application_id, guild, force=force
        )

    async def health(self) -> Health:
        """What ``/health`` says: connected, tables restored, store answering, relay listening."""
        shards = self.gateway_states()
        return Health(
            ready=self.is_ready() and bool(shards) and all(shards.values()),
            shards=shards,
            open_tables=len(self._tables.held()) if self._tables is not None else None,
            store=await store_answers(self._store),
            relay=None if self.router is None else self.router.listening,
        )

    def gateway_states(self) -> dict[int, bool]:
        """Each shard of this process, and whether its gateway connection is open."""
        if self.ws is None:
            return {}
        return {self.shard_id or 0: self.ws.open}

    async def on_ready(self) -> None:
        user_id = self.user.id if self.user is not None else None
        log.info("Ready as %s (id %s) in %d servers", self.user, user_id, len(self.guilds))

    async def close(self) -> None:
        """Disconnect from Discord, then stop the tables and close the store (after the last
        interaction)."""
        try:
            await super().close()
        finally:
            if self.monitor is not None:
                await self.monitor.close()
            if self.day_ends is not None:
                await self.day_ends.close()
            if self.router is not None:
                await self.router.close()
            if self._tables is not None:
                await self._tables.close()
            self._decisions.close()
            if self._store is not None:
                await self._store.close()


class ShardedCinchBot(CinchBot, commands.AutoShardedBot):
    """The bot running the shards ``SHARD_COUNT`` and ``SHARD_IDS`` name, over one gateway
    connection each; with some shards in other processes, it owns only its shards' tables and
    relays moves for the others (``bot/service/areas/routing.py``)."""

    @staticmethod
    def shard_options(settings: Settings) -> dict[str, Any]:
        plan = settings.shards
        assert plan is not None
        return {"shard_count": plan.count, "shard_ids": list(plan.ids)}

    def gateway_states(self) -> dict[int, bool]:
        return {shard_id: not shard.is_closed() for shard_id, shard in self.shards.items()}


def create_bot(
    settings: Settings, *, store: Store | None = None, workers: Executor | None = None
) -> CinchBot:
    """A ready-to-run bot, sharded when the settings name shards. Given a ``store``, it uses
    (and on close, closes) that one; otherwise it opens ``settings.database`` when it starts.
    Given ``workers``, the computer players' jobs run there (and on close, it is shut down)
    instead of in worker processes the bot starts at its first job: the tests' bots share
    the processes of the session."""
    bot_class = CinchBot if settings.shards is None else ShardedCinchBot
    return bot_class(settings, store=store, workers=workers)


async def publish_commands(settings: Settings, token: str) -> None:
    """Log in, publish the slash commands whether or not they changed, and log out."""
    bot = create_bot(settings)
    bot.only_publishing = True
    async with bot:
        await bot.login(token)
