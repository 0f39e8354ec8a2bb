"""A consistent copy of a live SQLite database, taken while the bot keeps playing.

Copying the file (and its WAL) by hand can catch a half-written page; SQLite's online backup
API copies a consistent snapshot page by page, letting the bot write between steps. PostgreSQL
has its own tool for this (`pg_dump`); restoring either is described in docs/deploying.md.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

#: Pages copied per step; between steps the bot may write, so a backup never stalls a game.
PAGES_PER_STEP = 256

#: SQLite's answers when it may not open a file, or not write its companion files: reading a
#: database in WAL mode needs the right to write in its folder (for the ``-shm`` file).
_NO_ACCESS = ("SQLITE_CANTOPEN", "SQLITE_READONLY", "SQLITE_PERM")


class BackupError(Exception):
    """The backup could not be made; the message says why, in one line."""


def backup_sqlite(source: Path, target: Path) -> int:
    """Copy the database at `source` into a new file `target`; the number of pages copied.

    A backup that fails leaves no `target` behind.
    """
    if not source.is_file():
        raise BackupError(f"There is no database at {source}.")
    if target.is_dir():
        raise BackupError(f"{target} is a folder; name a new file for the backup.")
    if target.exists():
        raise BackupError(f"{target} already exists; choose a new file for the backup.")
    with closing(_read(source)) as live:
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            return _copy(live, target)
        except (OSError, sqlite3.Error) as error:
            if target.is_file():
                target.unlink()
            raise BackupError(f"Cannot write the backup {target}: {error}.") from None


def _read(source: Path) -> sqlite3.Connection:
    """A connection to `source`, checked to be a database this process can read."""
    try:
        live = sqlite3.connect(source)
    except sqlite3.Error as error:
        raise _unreadable(source, error) from None
    try:
        live.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error as error:
        live.close()
        raise _unreadable(source, error) from None
    return live


def _unreadable(source: Path, error: sqlite3.Error) -> BackupError:
    advice = ""
    if (error.sqlite_errorname or "").startswith(_NO_ACCESS):
        advice = (
            " SQLite reads this database only with the right to write in its folder (for its"
            " -shm file): run the backup as a user who may write there, such as the bot's."
        )
    return BackupError(f"Cannot read the database at {source}: {error}.{advice}")


def _copy(live: sqlite3.Connection, target: Path) -> int:
    copied = 0

    def progress(status: int, remaining: int, total: int) -> None:
        nonlocal copied
        copied = total - remaining

    with closing(sqlite3.connect(target)) as copy:
        live.backup(copy, pages=PAGES_PER_STEP, progress=progress)
    return copied
