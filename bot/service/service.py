"""The table service: the one object the Discord layer (and the demo) calls for every table.

One object serves every channel. Commands and buttons bring intentions (a person opens a table,
takes a seat, plays a card) and get plain data back (:mod:`bot.service.shown`): the live tables
and their games never leave this package. Each table has a lock, so two clicks arriving together
are applied one after the other, and the second is judged against the state the first left.
Each change is committed to the store before the caller hears back; what it makes the channel
and the players see is published in the background through the
:class:`~bot.service.outbox.Outbox`.

The service checks who may do what and in which order things happen; the work itself lives in
the modules beside it (game records, automation, publishing, private hands, the table message).
It is made of areas (:mod:`bot.service.areas`), one class each in a module of its own, all
sharing the state declared in :mod:`bot.service.service_state` and the steps of
:mod:`bot.service.tables.table_changes`: the service's life (``life_cycle``), finding tables
(``finding``), the lobby (``lobby_actions``), closing (``closing``), tournament matches and
rematches (``arranged_games``), playing (``playing``), a player's own view (``player_view``),
the table as a whole (``whole_table``), what a person asks for themselves (``personal``), and
what a server's admins choose for its tables (``server_tables``).
This module puts them together and makes their state.

Every table lives and ends on its own. One whose stored rows cannot be read back is set aside
(closed, the reason stored, its channel told) and the others play on; one whose channel or
server went away closes without a word; one that another process closed, or moved on, is
reloaded from the store, and the player told so.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from datetime import datetime

from bot.ai.pool import DecisionPool
from bot.people import People
from bot.replays import Replays
from bot.service.areas.arranged_games import ArrangedGames
from bot.service.areas.automation import Automation, Sleep
from bot.service.areas.closing import GAME_OVER as GAME_OVER
from bot.service.areas.closing import TableClosing
from bot.service.areas.finding import FindingTables
from bot.service.areas.life_cycle import LifeCycle
from bot.service.areas.lobby_actions import LobbyActions
from bot.service.areas.personal import PersonalRequests
from bot.service.areas.player_view import PlayerView
from bot.service.areas.playing import Playing
from bot.service.areas.server_tables import ServerTableSettings
from bot.service.areas.whole_table import WholeTable
from bot.service.observer import ServiceObserver, Unobserved
from bot.service.outbox import Outbox
from bot.service.pacing import HAND_REQUESTS, HINT_REQUESTS, RequestPace
from bot.service.showing.drawing import Drawing
from bot.service.showing.private_hands import PrivateHands
from bot.service.showing.publishing import Publisher
from bot.service.showing.table_showing import TableShowing
from bot.service.tables.game_records import GameRecords
from bot.service.tables.table import TableRegistry
from bot.service.tasks import BackgroundTasks
from bot.store import Store


class TableService(
    LifeCycle,
    PersonalRequests,
    FindingTables,
    LobbyActions,
    ArrangedGames,
    Playing,
    TableClosing,
    PlayerView,
    WholeTable,
    ServerTableSettings,
):
    """Open tables by channel; lobby, play, computer players, timers, persistence."""

    def __init__(
        self,
        store: Store,
        outbox: Outbox,
        *,
        decisions: DecisionPool | None = None,
        random_source: random.Random | None = None,
        sleep: Sleep = asyncio.sleep,
        edit_sleep: Sleep | None = None,
        drawing: Drawing | None = None,
        owns: Callable[[int], bool] | None = None,
        replays: Replays | None = None,
        observer: ServiceObserver | None = None,
        people: People | None = None,
    ) -> None:
        self.store = store
        self.observer = observer or Unobserved()
        self._owns = owns
        self._outbox = outbox
        self._own_decisions = decisions is None
        self._decisions = decisions or DecisionPool()
        self._replays = replays or Replays(store, self._decisions)
        self._draw = drawing or Drawing()
        self.seeds = random_source or random.SystemRandom()
        clock: Callable[[], datetime] = store.clock
        self.registry = TableRegistry()
        self._unshown = {}
        self.people = people or People(store, clock)
        self._hand_requests = RequestPace(HAND_REQUESTS, clock)
        self._hint_requests = RequestPace(HINT_REQUESTS, clock)
        self._tasks = BackgroundTasks()
        self._records = GameRecords(store)
        self._reopening = asyncio.Lock()
        self._forgetting = None
        self._forget_again = False
        self.showing = TableShowing(
            store=store,
            registry=self.registry,
            outbox=outbox,
            draw=self._draw,
            people=self.people,
            clock=clock,
            sleep=edit_sleep or sleep,
            channel_gone=self._channel_lost,
            observer=self.observer,
        )
        self._hands = PrivateHands(
            store=store, outbox=outbox, draw=self._draw, people=self.people, clock=clock
        )
        self._publisher = Publisher(
            store=store,
            outbox=outbox,
            draw=self._draw,
            tasks=self._tasks,
            showing=self.showing,
            hands=self._hands,
            channel_gone=self._channel_lost,
        )
        self._automation = Automation(
            decisions=self._decisions,
            apply=self._apply,
            close=self._close,
            publisher=self._publisher,
            outbox=outbox,
            tasks=self._tasks,
            sleep=sleep,
        )
