"""The store on PostgreSQL: an asyncpg connection pool shared by the whole bot.

Each :meth:`PostgresDatabase.write` block is one transaction on one pooled connection, so
several coroutines (and several bot processes) write at once; what keeps them from undoing
each other is described on :class:`~bot.store.database.Database`. The repositories' SQL keeps
SQLite's ``?`` and ``:name`` parameters, turned here into PostgreSQL's ``$1, $2, ...`` once per
statement text.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import asynccontextmanager, contextmanager
from functools import lru_cache
from typing import Any, cast

import asyncpg
from asyncpg.connection import LoggedQuery

from .database import Clock, Database, Outcome, Params, Row, Session
from .locations import describe_location, redact
from .migrate import CREATE_LEDGER, Migration, bundled_migrations
from .store_errors import ConstraintError, StoreError

#: What :meth:`PostgresDatabase.open` may be given to hear of each statement sent.
QueryLogger = Callable[[LoggedQuery], None]
#: Connections kept open; a bot's writes are short, so a few serve many tables.
POOL_SIZE = 10
#: The name of the lock under which migrations run, so two processes starting together
#: never apply the same migration twice.
MIGRATION_LOCK = "cinch:migrations"

# A string literal, a `::` cast, a `?`, or a `:name` parameter: literals and casts are
# copied as they are, parameters replaced.
_TOKEN = re.compile(r"'(?:[^']|'')*'|::|\?|:([A-Za-z_][A-Za-z0-9_]*)")

_CONSTRAINT_KINDS: dict[type[Exception], str] = {
    asyncpg.UniqueViolationError: "unique",
    asyncpg.ForeignKeyViolationError: "foreign_key",
    asyncpg.CheckViolationError: "check",
    asyncpg.NotNullViolationError: "not_null",
}


@lru_cache(maxsize=512)
def translate(sql: str) -> tuple[str, tuple[str, ...] | None]:
    """PostgreSQL's form of a statement with ``?`` or ``:name`` parameters, and the names in
    ``$n`` order (``None`` for positional parameters). One statement uses one style."""
    names: list[str] = []
    positional = 0

    def replace(match: re.Match[str]) -> str:
        nonlocal positional
        token = match[0]
        if token == "?":
            positional += 1
            return f"${positional}"
        if match[1] is None:
            return token
        if match[1] not in names:
            names.append(match[1])
        return f"${names.index(match[1]) + 1}"

    translated = _TOKEN.sub(replace, sql)
    if positional and names:
        raise ValueError("a statement uses ? or :name parameters, not both")
    return translated, (tuple(names) if names else None)


def _arguments(names: tuple[str, ...] | None, params: Params) -> Sequence[object]:
    if names is None:
        if isinstance(params, Mapping):
            raise TypeError("named parameters given to a statement with ? placeholders")
        return params
    if not isinstance(params, Mapping):
        raise TypeError("positional parameters given to a statement with :name placeholders")
    return [params[name] for name in names]


def _rowcount(status: str) -> int:
    """The row count at the end of a command status such as ``UPDATE 3``."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


async def _nothing_left_to_reset(connection: asyncpg.Connection) -> None:
    """What a pooled connection is reset with when it goes back to the pool: nothing beyond
    what asyncpg always does (roll back a transaction left open, forget listeners).

    asyncpg's own reset is one more round trip a use, four statements on the server
    (``pg_advisory_unlock_all()``, ``CLOSE ALL``, ``UNLISTEN *``, ``RESET ALL``): two of the
    seven trips an action made. The store leaves nothing for them to undo on its pooled
    connections: its locks are transaction-scoped (``pg_advisory_xact_lock``, ``FOR
    UPDATE``), it declares no cursor and changes no setting, and the relay listens on a
    connection of its own (``tests/store/test_postgres_round_trips.py`` counts the trips)."""


@contextmanager
def _constraints() -> Iterator[None]:
    """Raise PostgreSQL's broken constraints as the store's :class:`ConstraintError`."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        kind = next(
            (kind for cls, kind in _CONSTRAINT_KINDS.items() if isinstance(error, cls)), "other"
        )
        raise ConstraintError(kind, str(error)) from error


class PostgresSession(Session):
    """Statements on one pooled connection."""

    dialect = "postgres"
    for_update = " FOR UPDATE"

    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> Outcome:
        text, names = translate(sql)
        with _constraints():
            status = await self.conn.execute(text, *_arguments(names, params))
        return Outcome(_rowcount(cast(str, status)))

    async def execute_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None:
        text, names = translate(sql)
        if names is not None:
            raise TypeError("execute_many takes ? placeholders")
        batch = [tuple(row) for row in rows]
        if not batch:
            return
        with _constraints():
            await self.conn.executemany(text, batch)

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        text, names = translate(sql)
        with _constraints():
            row = await self.conn.fetchrow(text, *_arguments(names, params))
        return cast(Row | None, row)

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        text, names = translate(sql)
        with _constraints():
            rows = await self.conn.fetch(text, *_arguments(names, params))
        return cast(list[Row], rows)

    async def lock(self, name: str) -> None:
        """A transaction-scoped advisory lock on the name's 64-bit hash, released at commit
        or rollback (a crashed process never leaves it held)."""
        await self.conn.execute("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", name)

    @asynccontextmanager
    async def savepoint(self) -> AsyncIterator[None]:
        # Within the block's transaction, asyncpg makes a nested one a savepoint.
        async with self.conn.transaction():
            yield

    def json_elements(self, column: str, alias: str) -> str:
        return f"jsonb_array_elements(CAST({column} AS jsonb)) AS {alias}(value)"


class PostgresDatabase(Database):
    """A pool of connections to one PostgreSQL database, with the store's clock."""

    def __init__(self, pool: Any, url: str, clock: Clock) -> None:
        super().__init__(url, clock)
        self._pool = pool

    @property
    def dialect(self) -> str:
        return PostgresSession.dialect

    @classmethod
    async def open(
        cls, url: str, clock: Clock, *, query_logger: QueryLogger | None = None
    ) -> PostgresDatabase:
        """Connect, and apply the migrations this database lacks.

        A URL that cannot be used or a server that cannot be reached raises
        :class:`StoreError` saying which database and why, without the password.
        ``query_logger`` is told of every statement each connection sends (one round trip
        each, in the order they went), to see what an operation costs.
        """

        async def watched(connection: asyncpg.Connection) -> None:
            if query_logger is not None:
                connection.add_query_logger(query_logger)

        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=POOL_SIZE,
                init=watched,
                reset=_nothing_left_to_reset,
            )
        except (OSError, ValueError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(
                f"Cannot connect to the PostgreSQL database {describe_location(url)}:"
                f" {redact(str(error))}"
            ) from None
        database = cls(pool, url, clock)
        try:
            await database.migrate(bundled_migrations("postgres"))
        except asyncpg.PostgresError as error:
            await pool.close()
            raise StoreError(
                f"Cannot bring the PostgreSQL database {describe_location(url)} up to date:"
                f" {redact(str(error))}"
            ) from None
        except BaseException:
            await pool.close()
            raise
        return database

    async def migrate(self, migrations: list[Migration]) -> list[int]:
        """Apply every migration not yet recorded, each in one transaction with its ledger
        row; the versions applied now."""
        applied = []
        for migration in migrations:
            async with self.write() as tx:
                await tx.lock(MIGRATION_LOCK)
                await tx.execute(CREATE_LEDGER)
                done = await tx.fetch_one(
                    "SELECT 1 FROM schema_migrations WHERE version = ?", (migration.version,)
                )
                if done is not None:
                    continue
                # Without parameters, asyncpg sends the text as it is, several statements
                # at once.
                await cast(PostgresSession, tx).conn.execute(migration.sql)
                # The server's own clock, as SQLite's ledger uses SQLite's: when it really ran.
                await tx.execute(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?,"
                    " to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"'))",
                    (migration.version, migration.name),
                )
            applied.append(migration.version)
        return applied

    async def applied_versions(self) -> list[int]:
        rows = await self.fetch_all("SELECT version FROM schema_migrations ORDER BY version")
        return [row[0] for row in rows]

    async def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        await self._pool.close()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[Session]:
        async with self._pool.acquire() as conn, conn.transaction():
            yield PostgresSession(conn)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[Session]:
        async with self._pool.acquire() as conn:
            yield PostgresSession(conn)
