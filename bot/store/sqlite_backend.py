"""The store on SQLite: one aiosqlite connection guarded by one asyncio lock.

SQLite allows a single writer anyway, and holding the lock for reads too means a read never
sees another coroutine's half-finished transaction on the same connection.
"""

from __future__ import annotations

import asyncio
import errno
import sqlite3
from collections.abc import AsyncIterator, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import cast

import aiosqlite

from .database import Clock, Database, Outcome, Params, Row, Session
from .locations import describe_location, redact
from .migrate import applied_versions, apply_migrations
from .store_errors import ConstraintError, StoreError

#: The start of SQLite's message for each kind of broken constraint.
_CONSTRAINT_KINDS = {
    "UNIQUE": "unique",
    "FOREIGN KEY": "foreign_key",
    "CHECK": "check",
    "NOT NULL": "not_null",
}


@contextmanager
def _constraints() -> Iterator[None]:
    """Raise SQLite's broken constraints as the store's :class:`ConstraintError`."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        message = str(error)
        kind = next(
            (kind for prefix, kind in _CONSTRAINT_KINDS.items() if message.startswith(prefix)),
            "other",
        )
        raise ConstraintError(kind, message) from error


class SqliteSession(Session):
    """Statements on the connection while the store's lock is held.

    Every cursor is closed, or read to its end, before a method returns. A cursor left open
    (say, a PRAGMA whose answer nobody read) keeps its statement running, and SQLite then
    refuses to commit.

    Each call to the connection is a trip to its thread and back to the event loop, which then
    waits for the interpreter lock (behind the drawing threads on a busy bot): a statement that
    returns rows runs and is read in one trip (``execute_fetchall``), and so do the
    transaction's own statements (:meth:`run`), instead of three (execute, fetch, close).
    """

    dialect = "sqlite"
    # BEGIN IMMEDIATE already holds the database's write lock for the whole transaction.
    for_update = ""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> Outcome:
        with _constraints():
            async with self.conn.execute(sql, params) as cursor:
                return Outcome(cursor.rowcount)

    async def execute_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        with _constraints():
            async with self.conn.executemany(sql, rows):
                pass

    async def run(self, sql: str) -> None:
        """A statement whose outcome nobody reads (BEGIN, COMMIT), in one trip."""
        with _constraints():
            await self.conn.execute_fetchall(sql)

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        with _constraints():
            return cast(list[Row], list(await self.conn.execute_fetchall(sql, params)))

    async def lock(self, name: str) -> None:
        """Nothing to do: the transaction holds the database's only write lock."""

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        await self.run("SAVEPOINT part")
        try:
            yield
        except BaseException:
            await self.run("ROLLBACK TO part")
            await self.run("RELEASE part")
            raise
        await self.run("RELEASE part")

    def json_elements(self, column: str, alias: str) -> str:
        return f"json_each({column}) {alias}"


async def _connect(path: Path) -> aiosqlite.Connection:
    """A configured, migrated connection to the file at ``path``."""
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a folder, not a database file", str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    # aiosqlite reports a file it cannot open from its worker thread, which may then outlive
    # the event loop and print a traceback of its own: opening the file once here first makes
    # a folder, or a place nobody may write, fail here instead.
    sqlite3.connect(path).close()
    conn = await aiosqlite.connect(path, isolation_level=None)
    try:
        conn.row_factory = aiosqlite.Row
        session = SqliteSession(conn)
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
    return conn


class SqliteDatabase(Database):
    """An open database file with its lock and clock."""

    def __init__(self, conn: aiosqlite.Connection, path: Path, clock: Clock) -> None:
        super().__init__(str(path), clock)
        self._session = SqliteSession(conn)
        self._lock = asyncio.Lock()
        self.path = path

    @property
    def dialect(self) -> str:
        return SqliteSession.dialect

    @classmethod
    async def open(cls, path: Path, clock: Clock) -> SqliteDatabase:
        """Open (creating the file and its folder if needed), configure, and migrate.

        A file that cannot be created, opened or read as a database raises
        :class:`StoreError` saying which file and why.
        """
        try:
            return cls(await _connect(path), path, clock)
        except (OSError, sqlite3.Error) as error:
            raise StoreError(
                f"Cannot open the SQLite database {describe_location(path)}: {redact(str(error))}"
            ) from None

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        async with self._lock:
            await self._session.conn.close()

    async def applied_versions(self) -> list[int]:
        async with self._lock:
            return await applied_versions(self._session.conn)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Session]:
        async with self._lock:
            session = self._session
            await session.run("BEGIN IMMEDIATE")
            try:
                yield session
            except BaseException:
                if session.conn.in_transaction:
                    await session.run("ROLLBACK")
                raise
            await session.run("COMMIT")

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        async with self._lock:
            yield self._session
