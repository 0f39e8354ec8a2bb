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
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import overload

import aiosqlite

from .migrate import apply_migrations
from .records import JSON
from .store_errors import NotFoundError

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


#: Query parameters: positional (``?``) or named (``:name``).
Params = Sequence[object] | Mapping[str, object]


def encode_time(moment: datetime) -> str:
    """Fixed-width UTC text, so stored times sort and compare correctly as text."""
    if moment.tzinfo is None:
        raise ValueError("store times must be timezone-aware")
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


@overload
def decode_time(text: str) -> datetime: ...
@overload
def decode_time(text: None) -> None: ...
def decode_time(text: str | None) -> datetime | None:
    """A stored time back (a column that may be empty gives None)."""
    return None if text is None else datetime.fromisoformat(text)


def only_given(**fields: object) -> dict[str, object]:
    """The fields a caller actually passed (everything but :data:`UNSET`)."""
    return {name: value for name, value in fields.items() if value is not UNSET}


@dataclass(frozen=True)
class Outcome:
    lastrowid: int | None
    rowcount: int


class Session:
    """Statements on the connection while the store's lock is held.

    Every cursor is closed before a method returns. A cursor left open (say, a PRAGMA whose
    answer nobody read) keeps its statement running, and SQLite then refuses to commit.
    """

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> Outcome:
        async with self.conn.execute(sql, params) as cursor:
            return Outcome(cursor.lastrowid, cursor.rowcount)

    async def execute_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        async with self.conn.executemany(sql, rows):
            pass

    async def fetch_one(self, sql: str, params: Params = ()) -> aiosqlite.Row | None:
        async with self.conn.execute(sql, params) as cursor:
            return await cursor.fetchone()

    async def fetch_all(self, sql: str, params: Params = ()) -> list[aiosqlite.Row]:
        async with self.conn.execute(sql, params) as cursor:
            return list(await cursor.fetchall())

    async def fetch_required(self, sql: str, params: Params) -> aiosqlite.Row:
        """The one row a statement must find; :class:`NotFoundError` otherwise."""
        row = await self.fetch_one(sql, params)
        if row is None:
            raise NotFoundError(f"nothing found for {tuple(params)!r}")
        return row

    async def update(
        self, table: str, changes: dict[str, object], where: str, params: Params
    ) -> None:
        """``UPDATE table SET <changes> WHERE <where>``; nothing when there are no changes.

        Table and column names come from the store's own code, never from callers' values.
        """
        if changes:
            assignments = ", ".join(f"{column} = ?" for column in changes)
            await self.execute(
                f"UPDATE {table} SET {assignments} WHERE {where}", (*changes.values(), *params)
            )


class Database:
    """An open connection with its lock and clock. Repositories share one instance."""

    def __init__(self, session: Session, path: Path, clock: Clock) -> None:
        self._session = session
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
            session = Session(conn)
            # WAL lets readers (backups, the sqlite3 shell) work while the bot writes.
            # synchronous=NORMAL keeps every commit safe from a crash of the bot process
            # (what restarts are about) without an fsync per action.
            await session.execute("PRAGMA journal_mode = WAL")
            await session.execute("PRAGMA synchronous = NORMAL")
            await session.execute("PRAGMA foreign_keys = ON")
            await session.execute("PRAGMA busy_timeout = 5000")
            await apply_migrations(conn)
        except BaseException:
            await conn.close()
            raise
        return cls(session, path, clock)

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        async with self._lock:
            await self._session.conn.close()

    def now(self) -> str:
        return encode_time(self.clock())

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Session]:
        """One transaction: committed when the block ends, rolled back if it raises."""
        async with self._lock:
            session = self._session
            await session.execute("BEGIN IMMEDIATE")
            try:
                yield session
            except BaseException:
                if session.conn.in_transaction:
                    await session.execute("ROLLBACK")
                raise
            await session.execute("COMMIT")

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        """The connection under the lock, without a transaction: each statement commits on
        its own. For reads, and for writes whose statements are each safe alone."""
        async with self._lock:
            yield self._session

    @asynccontextmanager
    async def connection(self) -> AsyncIterator[aiosqlite.Connection]:
        """The raw connection, under the lock, for work outside the repositories."""
        async with self._lock:
            yield self._session.conn

    async def fetch_one(self, sql: str, params: Params = ()) -> aiosqlite.Row | None:
        async with self.session() as session:
            return await session.fetch_one(sql, params)

    async def fetch_all(self, sql: str, params: Params = ()) -> list[aiosqlite.Row]:
        async with self.session() as session:
            return await session.fetch_all(sql, params)
