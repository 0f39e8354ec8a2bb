"""Persistence for the bot, on SQLite (aiosqlite, WAL) or PostgreSQL (asyncpg), with numbered
migrations; no Discord here.

Start with :class:`Store`, given a file or any ``DATABASE_URL`` (``docs/database.md``)::

    store = await Store.open("/var/lib/cinch/cinch.sqlite3")  # or "postgresql://..."
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    game = await store.games.start(table.id, seed=42, rules={}, player_count=4)
    await store.games.append_action(game.id, {"type": "bid", "amount": 7}, seat=1, state=...)
    await store.close()
"""

from .database import LARGEST_ID, UNSET, Unset
from .limits import ServerLimits, TableLimitError
from .people import Forgotten
from .records import (
    HAND_DELIVERIES,
    JSON,
    ActionRecord,
    EndedGameStatus,
    FinishedHand,
    GameEnd,
    GameRecord,
    GameStatus,
    HandBeingSent,
    HandDelivery,
    HandMessageKind,
    HandMessageRecord,
    HandRecord,
    PendingNote,
    ResultPlayer,
    ResultRecord,
    SeatRecord,
    TableRecord,
    TableStatus,
    UnreadableTableRecord,
    UserPreferences,
)
from .store import Store
from .store_errors import (
    ConstraintError,
    GameActiveError,
    GameEndedError,
    NotFoundError,
    SeatConflictError,
    StoreError,
    TableClosedError,
    TableExistsError,
    UnreadableValue,
)
from .tables import DEFAULT_TURN_TIMER

__all__ = [
    "DEFAULT_TURN_TIMER",
    "HAND_DELIVERIES",
    "JSON",
    "LARGEST_ID",
    "UNSET",
    "ActionRecord",
    "ConstraintError",
    "EndedGameStatus",
    "FinishedHand",
    "Forgotten",
    "GameActiveError",
    "GameEnd",
    "GameEndedError",
    "GameRecord",
    "GameStatus",
    "HandBeingSent",
    "HandDelivery",
    "HandMessageKind",
    "HandMessageRecord",
    "HandRecord",
    "NotFoundError",
    "PendingNote",
    "ResultPlayer",
    "ResultRecord",
    "SeatConflictError",
    "SeatRecord",
    "ServerLimits",
    "Store",
    "StoreError",
    "TableClosedError",
    "TableExistsError",
    "TableLimitError",
    "TableRecord",
    "TableStatus",
    "UnreadableTableRecord",
    "UnreadableValue",
    "Unset",
    "UserPreferences",
]
