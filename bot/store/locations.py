"""Where the store lives: a SQLite file or a PostgreSQL database, read from a path or a URL.

The accepted forms are those of ``DATABASE_URL``: ``sqlite:////absolute/file``,
``sqlite:///relative/file`` (from the working folder), ``postgresql://user:password@host:port/db``
(or ``postgres://``), and, where a path is expected anyway (``Store.open``, the demo's
``--database``), a plain file path.
"""

from __future__ import annotations

import os
from pathlib import Path
from urllib.parse import urlsplit

from .store_errors import StoreError

POSTGRES_SCHEMES = ("postgresql", "postgres")
EXAMPLE_SQLITE_URL = "sqlite:////var/lib/cinch/cinch.sqlite3"
EXAMPLE_POSTGRES_URL = "postgresql://cinch:password@localhost:5432/cinch"


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return isinstance(target, str) and urlsplit(target).scheme in POSTGRES_SCHEMES


def sqlite_path_from_url(url: str) -> Path:
    """Turn ``sqlite:///relative/file`` or ``sqlite:////absolute/file`` into a path."""
    parts = urlsplit(url)
    if parts.scheme != "sqlite" or parts.netloc or not parts.path.startswith("/"):
        raise StoreError(
            f"a database URL must look like {EXAMPLE_SQLITE_URL!r} (an absolute path),"
            " 'sqlite:///relative/path.sqlite3' (from the folder the bot starts in) or"
            f" {EXAMPLE_POSTGRES_URL!r}; got {url!r}."
        )
    path = parts.path[1:]
    if not path or path.endswith("/"):
        raise StoreError(f"the database URL {url!r} does not name a database file.")
    return Path(path)


def check_postgres_url(url: str) -> str:
    """``url`` itself if it names a host and a database; :class:`StoreError` otherwise."""
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 - reading it checks that the port is a number
    except ValueError:
        raise StoreError("the PostgreSQL URL has a port that is not a number.") from None
    if not parts.hostname or parts.path in ("", "/"):
        raise StoreError(
            f"a PostgreSQL URL must name a host and a database, like {EXAMPLE_POSTGRES_URL!r}."
        )
    return url


def describe_location(target: str | os.PathLike[str]) -> str:
    """The target fit for messages and logs: a PostgreSQL URL loses its password."""
    if not is_postgres_url(target):
        return str(target)
    parts = urlsplit(str(target))
    host = parts.hostname or "localhost"
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return f"{parts.scheme}://{user}{host}{port}{parts.path}"


def resolve(target: str | os.PathLike[str]) -> Path | str:
    """A SQLite file's path, or a checked PostgreSQL URL."""
    if is_postgres_url(target):
        return check_postgres_url(str(target))
    if isinstance(target, str) and target.startswith("sqlite:"):
        return sqlite_path_from_url(target)
    return Path(target)
