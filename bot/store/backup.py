"""A consistent copy of a live SQLite database, taken while the bot keeps playing.

Copying the file (and its WAL) by hand can catch a half-written page; SQLite's online backup
API copies a consistent snapshot page by page, letting the bot write between steps. PostgreSQL
has its own tool for this (`pg_dump`), described in the README.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

#: Pages copied per step; between steps the bot may write, so a backup never stalls a game.
PAGES_PER_STEP = 256


class BackupError(Exception):
    """The backup could not be made; the message says why."""


def backup_sqlite(source: Path, target: Path) -> int:
    """Copy the database at `source` into a new file `target`; the number of pages copied."""
    if not source.is_file():
        raise BackupError(f"There is no database at {source}.")
    if target.exists():
        raise BackupError(f"{target} already exists; choose a new file for the backup.")
    target.parent.mkdir(parents=True, exist_ok=True)
    copied = 0

    def progress(status: int, remaining: int, total: int) -> None:
        nonlocal copied
        copied = total - remaining

    with closing(sqlite3.connect(source)) as live, closing(sqlite3.connect(target)) as copy:
        live.backup(copy, pages=PAGES_PER_STEP, progress=progress)
    return copied
