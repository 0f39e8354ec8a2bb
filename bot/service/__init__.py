"""The table service: per-channel tables, seats, games, computer players, timers and locking.

No Discord here. The Discord layer (``cogs/``) calls :class:`TableService` with intentions and
gets plain data back (:mod:`bot.service.shown`); the service shows what changed through its
:class:`Outbox`. The offline demo and the benchmark drive the very same service.
"""

from bot.people import Person
from bot.service.outbox import ChannelGone, NoOutbox, Outbox
from bot.service.refusals import CountedError, TableAlreadyOpen
from bot.service.service import TableService
from bot.service.shown import (
    Announcement,
    HandDelivery,
    HandPlace,
    HandReply,
    HandShown,
    PrivateHand,
    PublicTable,
    RematchReply,
    Reminder,
    Seated,
    SeatInfo,
    SeatRequest,
    ServerTables,
    TableFacts,
    TableShown,
)
from bot.service.tables.options import TableOptions, Teams
from bot.service.tables.table import EndVote

__all__ = [
    "Announcement",
    "ChannelGone",
    "CountedError",
    "EndVote",
    "HandDelivery",
    "HandPlace",
    "HandReply",
    "HandShown",
    "NoOutbox",
    "Outbox",
    "Person",
    "PrivateHand",
    "PublicTable",
    "RematchReply",
    "Reminder",
    "SeatInfo",
    "SeatRequest",
    "Seated",
    "ServerTables",
    "TableAlreadyOpen",
    "TableFacts",
    "TableOptions",
    "TableService",
    "TableShown",
    "Teams",
]
