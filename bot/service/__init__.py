"""The table service: per-channel tables, seats, games, computer players, timers and locking.

No Discord here. The Discord layer (``cogs/``) calls :class:`TableService` and shows the plain
:class:`Update`, :class:`PublicTable` and :class:`PrivateHand` data it gets back; the offline demo
and the benchmark drive the very same service.
"""

from bot.service.options import TableOptions, Teams
from bot.service.people import Person
from bot.service.refusals import CountedError, TableAlreadyOpen
from bot.service.service import TableService
from bot.service.table import EndVote, Table
from bot.service.updates import (
    Announcement,
    NoOutbox,
    Outbox,
    PrivateHand,
    PublicTable,
    Reminder,
    SeatInfo,
    Update,
)

__all__ = [
    "Announcement",
    "CountedError",
    "EndVote",
    "NoOutbox",
    "Outbox",
    "Person",
    "PrivateHand",
    "PublicTable",
    "Reminder",
    "SeatInfo",
    "Table",
    "TableAlreadyOpen",
    "TableOptions",
    "TableService",
    "Teams",
    "Update",
]
