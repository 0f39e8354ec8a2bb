"""Numbered SQL migrations, applied in order at start.

Each file in ``bot/store/migrations/`` is named ``NNNN_what_it_does.sql``, and its SQL serves
both engines. Where PostgreSQL needs different SQL (column types, identity columns), a file
``NNNN_what_it_does.postgres.sql`` next to it is what PostgreSQL runs instead. A migration runs in
one transaction together with its row in ``schema_migrations``, so a failed migration leaves
the database exactly as it was, and running the migrations again applies only the missing
ones. To change the schema, add the next numbered file; never edit one that has shipped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources

import aiosqlite

_FILE_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+?)(?:\.(postgres))?\.sql$")
#: The engines a migration file can be written for.
DIALECTS = ("sqlite", "postgres")
_NAME = re.compile(r"^[a-z0-9_]+$")

CREATE_LEDGER = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def __post_init__(self) -> None:
        # The name is written into the migration script, so it must be plain.
        if not _NAME.match(self.name) or self.version < 1:
            raise ValueError(f"bad migration {self.version!r} {self.name!r}")


def bundled_migrations(dialect: str = "sqlite") -> list[Migration]:
    """The migrations shipped in this package for one engine, in version order."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r}")
    folder = resources.files(__package__).joinpath("migrations")
    common: list[Migration] = []
    variants: dict[tuple[int, str], Migration] = {}
    for entry in folder.iterdir():
        match = _FILE_NAME.match(entry.name)
        if match is None:
            continue
        migration = Migration(int(match[1]), match[2], entry.read_text(encoding="utf-8"))
        if match[3] is None:
            common.append(migration)
        elif match[3] == dialect:
            variants[(migration.version, migration.name)] = migration
    found = [variants.get((m.version, m.name), m) for m in common]
    found.sort(key=lambda migration: migration.version)
    versions = [migration.version for migration in found]
    if len(set(versions)) != len(versions):
        raise RuntimeError(f"two migrations share a version number: {versions}")
    return found


async def applied_versions(conn: aiosqlite.Connection) -> list[int]:
    async with conn.execute(CREATE_LEDGER):
        pass
    async with conn.execute("SELECT version FROM schema_migrations ORDER BY version") as cursor:
        return [row[0] async for row in cursor]


async def apply_migrations(
    conn: aiosqlite.Connection, migrations: list[Migration] | None = None
) -> list[int]:
    """Apply every migration not yet recorded; return the versions applied now.

    ``conn`` must be in autocommit mode (``isolation_level=None``) so the explicit
    transaction around each migration is the only one. Cursors are closed as soon as they
    are used: an open one would keep SQLite from committing.
    """
    done = set(await applied_versions(conn))
    applied = []
    for migration in bundled_migrations() if migrations is None else migrations:
        if migration.version in done:
            continue
        # executescript cannot bind parameters; Migration checked version and name.
        script = (
            "BEGIN IMMEDIATE;\n"
            f"{migration.sql}\n;\n"
            "INSERT INTO schema_migrations (version, name, applied_at) VALUES "
            f"({migration.version:d}, '{migration.name}', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));\n"
            "COMMIT;"
        )
        try:
            async with conn.executescript(script):
                pass
        except BaseException:
            if conn.in_transaction:
                async with conn.execute("ROLLBACK"):
                    pass
            raise
        applied.append(migration.version)
    return applied
