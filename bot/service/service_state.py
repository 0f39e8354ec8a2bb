"""What every area of the table service shares, declared once.

:class:`~bot.service.service.TableService` is made of areas (the lobby, playing, closing, ...),
one class each in a module of its own. They all work on the same tables, store, outbox and
helpers; this class names those once, with their types, so each area reads (and is type-checked)
on its own. ``TableService.__init__`` is where they are made.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

from bot.ai.pool import DecisionPool
from bot.people import People
from bot.replays import Replays
from bot.service.areas.automation import Automation
from bot.service.observer import ServiceObserver
from bot.service.outbox import Outbox
from bot.service.pacing import RequestPace
from bot.service.showing.drawing import Drawing
from bot.service.showing.private_hands import PrivateHands
from bot.service.showing.publishing import PendingAnnouncement, Publisher
from bot.service.showing.table_showing import TableShowing
from bot.service.tables.game_records import GameRecords
from bot.service.tables.table import TableRegistry
from bot.service.tasks import BackgroundTasks
from bot.store import Store


class ServiceState:
    """The table service's state and helpers, as every one of its areas sees them."""

    store: Store
    #: Hears what happens, for the bot's metrics.
    observer: ServiceObserver
    #: Whether this process owns a server's tables (by guild id): with shards split over
    #: several processes each restores and plays only its own servers' tables.
    _owns: Callable[[int], bool] | None
    _outbox: Outbox
    #: Closed with the service only when the service made it (a bot shares its own).
    _own_decisions: bool
    _decisions: DecisionPool
    #: Each hand is reviewed as it ends, so its replay opens at once.
    _replays: Replays
    _draw: Drawing
    #: Where new games' seeds come from (a seeded generator makes tests repeatable).
    seeds: random.Random
    #: The tables this process holds (read by tests to decide a simulated player's move).
    registry: TableRegistry
    #: Restored tables' results never posted, until they are shown.
    _unshown: dict[int, tuple[PendingAnnouncement, ...]]
    people: People
    #: How often each person may see their hand again, and ask for a hint again.
    _hand_requests: RequestPace
    _hint_requests: RequestPace
    _tasks: BackgroundTasks
    _records: GameRecords
    #: Held while a closed table is opened again for a rematch, so two players confirming
    #: together open it once.
    _reopening: asyncio.Lock
    #: Forgetting the people who asked for it, in the background, one after the other; and
    #: whether someone asked meanwhile (the pending requests are read again at the end).
    _forgetting: asyncio.Task[None] | None
    _forget_again: bool
    #: The table messages, their edits folded by one coalescer (tests pace it).
    showing: TableShowing
    _hands: PrivateHands
    _publisher: Publisher
    _automation: Automation
