"""The one SQLite connection behind the store, and the value codecs every repository shares.

All access goes through one aiosqlite connection guarded by one asyncio lock. SQLite allows a
single writer anyway, and holding the lock for reads too means a read never sees another
coroutine's half-finished transaction on the same connection. Each :meth:`Database.write`
block is one transaction, committed before the block's caller gets its answer, which is what
lets the bot reply only after an action is safely stored.
"""

from __future__ import annotations

import asyncio
import enum
import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from pathlib import Path

import aiosqlite

from .errors import NotFoundError
from .migrate import apply_migrations
from .records import JSON

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Unset(enum.Enum):
    """Marks "leave this field as it is" where ``None`` is a meaningful new value."""

    UNSET = enum.auto()


UNSET = Unset.UNSET


def encode_json(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def decode_json(text: str | None) -> JSON:
    return None if text is None else json.loads(text)


def encode_time(moment: datetime) -> str:
    """Fixed-width UTC text, so stored times sort and compare correctly as text."""
    if moment.tzinfo is None:
        raise ValueError("store times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def decode_time(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def only_given(**fields: object) -> dict[str, object]:
    """The fields a caller actually passed (everything but :data:`UNSET`)."""
    return {name: value for name, value in fields.items() if value is not UNSET}


async def update_columns(
    conn: aiosqlite.Connection, table: str, changes: dict[str, object], where: str, params: tuple
) -> None:
    """``UPDATE table SET <changes> WHERE <where>``; nothing when there are no changes.

    Column and table names come from the store's own code, never from callers' values.
    """
    if changes:
        assignments = ", ".join(f"{column} = ?" for column in changes)
        await conn.execute(
            f"UPDATE {table} SET {assignments} WHERE {where}", (*changes.values(), *params)
        )


async def fetch_row(conn: aiosqlite.Connection, sql: str, params: tuple) -> aiosqlite.Row:
    """The one row a statement must find, inside a transaction."""
    async with conn.execute(sql, params) as cursor:
        row = await cursor.fetchone()
    if row is None:
        raise NotFoundError(f"nothing found for {params!r}")
    return row


class Database:
    """An open connection with its lock and clock. Repositories share one instance."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        self._conn = conn
        self._lock = asyncio.Lock()
        self.path = path
        self.clock = clock
        self.closed = False

    @classmethod
    async def open(cls, path: Path, clock: Clock) -> Database:
        """Open (creating the file and its folder if needed), configure, and migrate."""
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        try:
            conn.row_factory = aiosqlite.Row
            # WAL lets readers (backups, the sqlite3 shell) work while the bot writes.
            # synchronous=NORMAL keeps every commit safe from a crash of the bot process
            # (what restarts are about) without an fsync per action.
            await conn.execute("PRAGMA journal_mode = WAL")
            await conn.execute("PRAGMA synchronous = NORMAL")
            await conn.execute("PRAGMA foreign_keys = ON")
            await conn.execute("PRAGMA busy_timeout = 5000")
            await apply_migrations(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(conn, path, clock)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        async with self._lock:
            await self._conn.close()

    def now(self) -> str:
        return encode_time(self.clock())

    @asynccontextmanager
    async def write(self) -> AsyncIterator[aiosqlite.Connection]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            await self._conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._conn
            except BaseException:
                if self._conn.in_transaction:
                    await self._conn.execute("ROLLBACK")
                raise
            await self._conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._lock:
            yield self._conn

    async def fetch_one(self, sql: str, params: tuple = ()) -> aiosqlite.Row | None:
        async with self.read() as conn, conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetch_all(self, sql: str, params: tuple = ()) -> list[aiosqlite.Row]:
        async with self.read() as conn, conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())
