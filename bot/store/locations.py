"""Where the store lives: a SQLite file or a PostgreSQL database, read from a path or a URL.

The accepted forms are those of ``DATABASE_URL``: ``sqlite:////absolute/file``,
``sqlite:///relative/file`` (from the working folder), ``postgresql://user:password@host:port/db``
(or ``postgres://``), and, where a path is expected anyway (``Store.open``, the demo's
``--database``), a plain file path. Anything else that starts like a URL is refused, never
taken for a file name.

A location may carry a password, and what the operator types may be any URL at all (another
driver's ``postgresql+asyncpg://``, ``mysql://``, ``jdbc:...&password=...``) or a malformed one.
So every message, log line and repr that shows a location or a driver's error text passes it
through :func:`redact`, which hides passwords in whatever form, well formed or not.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from .store_errors import StoreError

POSTGRES_SCHEMES = ("postgresql", "postgres")
SQLITE_URL_START = "sqlite:///"
EXAMPLE_SQLITE_URL = "sqlite:////var/lib/cinch/cinch.sqlite3"
EXAMPLE_POSTGRES_URL = "postgresql://cinch:password@localhost:5432/cinch"
HIDDEN = "***"

#: A URL's scheme; two letters at least, so that a drive letter is not taken for one.
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]+):")

#: What stands in front of a secret: a user name and its colon, after one or more schemes and
#: slashes (``jdbc:postgresql://user:``, ``mysql:/user:``) or at the start of a word
#: (``user:``); or a ``password=``-like key (``&password=``, ``Pwd=``, ``sslpassword=``).
#: After slashes, the password runs to the last ``@`` of the address, even past a space or an
#: ``@`` typed unencoded. A number after ``//host:`` or ``@host:`` is a port; anything else
#: there may be a password put in the wrong place (``postgresql://user:password/db``), unless
#: a password already stands before the ``@`` (then it is a port typed wrong, and shown).
_SECRETS = re.compile(
    r"""
    (?P<after_slashes> (?:[A-Za-z][\w+.\-]*:)+ /+ [^\s:/@?#'"\[\]]* : )
        (?P<password> [^\n]*? ) (?= @[^\s@]*(?:\s|$) )
    | (?<![^\s'"(=,]) (?P<in_word> (?:[A-Za-z][\w+.\-]*:)* [^\s:/@?#'"\[\]]* : )
        (?!/) (?P<word_password> \S*? ) (?= @[^\s@]*(?:\s|$) )
    | (?P<before_port> (?://|@) [^\s:/@?#'"\[\]]* : )
        (?P<not_a_port> (?=[^\s/?#'"@]*[^\d\s/?#'"@]) [^\s/?#'"@]+ )
    | (?P<key> \b[\w.\-]*(?:password|passwd|pwd|pass|secret) \s*=\s* )
        (?P<value> '[^']*' | "[^"]*" | [^\s&;'"]* )
    """,
    re.VERBOSE | re.IGNORECASE,
)


def redact(text: str) -> str:
    """``text`` with every password in it replaced by ``***``: the user-info password of a URL
    of any scheme, and the value of ``password=``-like parameters, even in malformed URLs."""

    def hide(match: re.Match[str]) -> str:
        if match["before_port"] and _password_before(match.string, match.start()):
            # The password is in its place (and hidden there): this is a port typed wrong,
            # which the operator needs to see.
            return match[0]
        kept = match["after_slashes"] or match["in_word"] or match["before_port"] or match["key"]
        return kept + HIDDEN

    return _SECRETS.sub(hide, text)


def _password_before(text: str, at: int) -> bool:
    """Whether the user-info that ends at ``at`` (the ``@`` in front of a host) holds a
    password: ``//user:password@host``, not ``//user@host``."""
    if text[at : at + 1] != "@":
        return False
    slashes = text.rfind("//", 0, at)
    return slashes >= 0 and ":" in text[slashes + 2 : at]


def describe_location(target: str | os.PathLike[str]) -> str:
    """The target fit for messages, logs and reprs: without its password."""
    return redact(os.fspath(target))


def url_scheme(target: str | os.PathLike[str]) -> str | None:
    """The scheme of a target written as a URL (lower case), None for a path."""
    if not isinstance(target, str):
        return None
    match = _SCHEME.match(target)
    return match[1].lower() if match else None


def is_postgres_url(target: str | os.PathLike[str]) -> bool:
    return url_scheme(target) in POSTGRES_SCHEMES


def sqlite_path_from_url(url: str) -> Path:
    """Turn ``sqlite:///relative/file`` or ``sqlite:////absolute/file`` into a path.

    Exactly three slashes come before a relative path and four before an absolute one:
    ``sqlite:/var/lib/...`` is refused rather than read as ``var/lib/...`` in the working folder.
    """
    if url[: len(SQLITE_URL_START)].lower() != SQLITE_URL_START or any(
        character in url for character in "?#"
    ):
        raise StoreError(
            f"a database URL must look like {EXAMPLE_SQLITE_URL!r} (an absolute path),"
            " 'sqlite:///relative/path.sqlite3' (from the folder the bot starts in) or"
            f" {EXAMPLE_POSTGRES_URL!r}; got {describe_location(url)!r}."
        )
    path = url[len(SQLITE_URL_START) :]
    if not path or path.endswith("/"):
        raise StoreError(
            f"the database URL {describe_location(url)!r} does not name a database file."
        )
    return Path(path)


def check_postgres_url(url: str) -> str:
    """``url`` itself if it names a host and a database; :class:`StoreError` otherwise."""
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - reading it checks that the port is a number
    except ValueError:
        # Python's reason may quote what stands where the port should be: a password, when
        # the host was forgotten (postgresql://user:password/db).
        raise StoreError(
            f"the PostgreSQL URL {describe_location(url)!r} cannot be read: it must look like"
            f" {EXAMPLE_POSTGRES_URL!r}, the port a number from 0 to 65535."
        ) from None
    if not parts.hostname or parts.path in ("", "/"):
        raise StoreError(
            f"a PostgreSQL URL must name a host and a database, like {EXAMPLE_POSTGRES_URL!r}."
        )
    return url


def resolve(target: str | os.PathLike[str]) -> Path | str:
    """A SQLite file's path, or a checked PostgreSQL URL."""
    if is_postgres_url(target):
        return check_postgres_url(str(target))
    if url_scheme(target) is not None:
        return sqlite_path_from_url(str(target))
    return Path(target)
