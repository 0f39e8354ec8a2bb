"""SQLite persistence for the bot (aiosqlite, WAL, numbered migrations); no Discord here.

Start with :class:`Store`::

    store = await Store.open("/var/lib/cinch/cinch.sqlite3")
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    game = await store.games.start(table.id, seed=42, rules={}, player_count=4)
    await store.games.append_action(game.id, {"type": "bid", "amount": 7}, seat=1, state=...)
    await store.close()
"""

from .database import UNSET, Unset
from .records import (
    HAND_DELIVERIES,
    JSON,
    ActionRecord,
    EndedGameStatus,
    GameRecord,
    GameStatus,
    HandDelivery,
    HandRecord,
    ResultPlayer,
    ResultRecord,
    SeatRecord,
    TableRecord,
    TableStatus,
    UserPreferences,
)
from .store import Store
from .store_errors import (
    GameActiveError,
    GameEndedError,
    NotFoundError,
    SeatConflictError,
    StoreError,
    TableExistsError,
)
from .tables import DEFAULT_TURN_TIMER

__all__ = [
    "DEFAULT_TURN_TIMER",
    "HAND_DELIVERIES",
    "JSON",
    "UNSET",
    "ActionRecord",
    "EndedGameStatus",
    "GameActiveError",
    "GameEndedError",
    "GameRecord",
    "GameStatus",
    "HandDelivery",
    "HandRecord",
    "NotFoundError",
    "ResultPlayer",
    "ResultRecord",
    "SeatConflictError",
    "SeatRecord",
    "Store",
    "StoreError",
    "TableExistsError",
    "TableRecord",
    "TableStatus",
    "Unset",
    "UserPreferences",
]
