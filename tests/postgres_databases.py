"""The tests' databases on the session's PostgreSQL server (``postgres_server.py``): empty ones,
created for a test and dropped after it, and migrated ones, handed from test to test.

Creating a database and dropping it costs the server some 170 ms of CPU, a few hundred times a
run. A migrated database is therefore copied from one migrated once, and when its test ends it
is emptied (every table's rows deleted, every sequence restarted: 2-3 ms) and kept for the next
test, which finds it as the migrations leave it. A test that changed the schema, or the
migrations recorded, gives back a database that no longer matches the copy it started from:
that one is dropped, never handed on.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import asyncpg

from bot.store import Store
from tests.postgres_server import PostgresServer

#: The database each server's migrated databases are copied from.
_MIGRATED = "cinch_migrated"

_numbers = itertools.count(1)


@dataclass(frozen=True)
class _Migrated:
    """A server's migrated database as the tests find it: its schema in one line (`_SCHEMA`),
    and the statements that empty a copy of it."""

    schema: str
    emptying: str


#: Each server's migrated database, by port.
_migrated: dict[int, _Migrated] = {}

#: Each server's emptied migrated databases, waiting for their next test, by port.
_spare: dict[int, list[str]] = {}

#: The schema of a database in one line: its tables' columns, indexes, constraints, sequences
#: and functions, and the migrations it records.
_SCHEMA = """
SELECT concat_ws('|',
    (SELECT string_agg(concat_ws(':', table_name, column_name, data_type, column_default,
                                 is_nullable), ',' ORDER BY table_name, column_name)
     FROM information_schema.columns WHERE table_schema = 'public'),
    (SELECT string_agg(indexdef, ',' ORDER BY indexdef) FROM pg_indexes
     WHERE schemaname = 'public'),
    (SELECT string_agg(pg_get_constraintdef(c.oid), ',' ORDER BY conrelid::regclass::text, conname)
     FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE n.nspname = 'public'),
    (SELECT string_agg(sequencename, ',' ORDER BY sequencename) FROM pg_sequences
     WHERE schemaname = 'public'),
    (SELECT string_agg(proname, ',' ORDER BY proname) FROM pg_proc p
     JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'),
    (SELECT string_agg(version::text, ',' ORDER BY version) FROM schema_migrations))
"""


async def _admin(server: PostgresServer, statement: str) -> None:
    connection = await asyncpg.connect(server.url("postgres"))
    try:
        await connection.execute(statement)
    finally:
        await connection.close()


async def _new_database(server: PostgresServer, template: str) -> str:
    name = f"cinch_test_{next(_numbers)}"
    await _admin(server, f"CREATE DATABASE {name} TEMPLATE {template}")
    return name


async def _read_migrated(url: str) -> _Migrated:
    connection = await asyncpg.connect(url)
    try:
        tables = await connection.fetch(
            "SELECT quote_ident(tablename) FROM pg_tables"
            " WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
        )
        sequences = await connection.fetch(
            "SELECT quote_ident(sequencename) FROM pg_sequences WHERE schemaname = 'public'"
        )
        # Replica mode skips the foreign keys' checks, so the tables empty in any order.
        emptying = (
            "SET session_replication_role = replica;"
            + "".join(f"DELETE FROM {table};" for (table,) in tables)
            + "".join(f"ALTER SEQUENCE {sequence} RESTART;" for (sequence,) in sequences)
            + "SET session_replication_role = origin;"
        )
        return _Migrated(str(await connection.fetchval(_SCHEMA)), emptying)
    finally:
        await connection.close()


async def _new_migrated(server: PostgresServer) -> str:
    """A new copy of the server's migrated database (migrating it first, once)."""
    first = server.port not in _migrated
    if first:
        await _admin(server, f"CREATE DATABASE {_MIGRATED} TEMPLATE template0")
        await (await Store.open(server.url(_MIGRATED))).close()
    name = await _new_database(server, _MIGRATED)
    if first:
        # Read off the copy: a template cannot be copied while anyone is connected to it.
        _migrated[server.port] = await _read_migrated(server.url(name))
    return name


async def _emptied(server: PostgresServer, name: str) -> bool:
    """Empty the database for its next test; False if its schema is no longer the migrated
    one (it is then left as it is, to be dropped)."""
    migrated = _migrated[server.port]
    connection = await asyncpg.connect(server.url(name))
    try:
        await connection.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        if await connection.fetchval(_SCHEMA) != migrated.schema:
            return False
        await connection.execute(migrated.emptying)
        return True
    finally:
        await connection.close()


@asynccontextmanager
async def fresh_postgres_database(
    server: PostgresServer, *, migrated: bool = False
) -> AsyncIterator[str]:
    """The URL of a database for one test: empty (created, and dropped after), or as the
    migrations leave it (handed on to the next test after, emptied)."""
    if not migrated:
        name = await _new_database(server, "template0")
    else:
        spare = _spare.setdefault(server.port, [])
        name = spare.pop() if spare else await _new_migrated(server)
    try:
        yield server.url(name)
    finally:
        if migrated and await _emptied(server, name):
            _spare[server.port].append(name)
        else:
            await _admin(server, f"DROP DATABASE {name} WITH (FORCE)")
