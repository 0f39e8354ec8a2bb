"""The store's database interface, one for both engines, and the value codecs every repository
shares.

:class:`Database` and :class:`Session` are what repositories and ``bot/stats`` use; the engine
underneath is SQLite (``sqlite_backend``) or PostgreSQL (``postgres_backend``), chosen by
:func:`bot.store.backends.open_database`. Each :meth:`Database.write` block is one transaction,
committed before the block's caller gets its answer, which is what lets the bot reply only after
an action is safely stored.

Repositories write one SQL text for both engines, with ``?`` or ``:name`` parameters. Where
the engines really differ, the session says how (:attr:`Session.for_update`,
:meth:`Session.lock`, :meth:`Session.json_elements`).
"""

from __future__ import annotations

import enum
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar, Protocol, overload

from .records import JSON
from .store_errors import NotFoundError, UnreadableValue

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


class Unset(enum.Enum):
    """Marks "leave this field as it is" where ``None`` is a meaningful new value."""

    UNSET = enum.auto()


UNSET = Unset.UNSET
#: The largest whole number either engine stores (a signed 64-bit integer): no id is larger.
LARGEST_ID = 2**63 - 1


def encode_json(value: JSON) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def decode_json(text: str | None) -> JSON:
    """A stored JSON value back; :class:`UnreadableValue` when the text is not JSON."""
    if text is None:
        return None
    try:
        return json.loads(text)
    except (TypeError, ValueError) as error:
        raise UnreadableValue(f"not JSON: {error}") from None


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
    """A stored time back (a column that may be empty gives None); :class:`UnreadableValue`
    when the text is not a time."""
    if text is None:
        return None
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError) as error:
        raise UnreadableValue(f"not a time: {error}") from None


def only_given(**fields: object) -> dict[str, object]:
    """The fields a caller actually passed (everything but :data:`UNSET`)."""
    return {name: value for name, value in fields.items() if value is not UNSET}


class Row(Protocol):
    """A result row of either engine: read by column name or position, or unpacked."""

    def __getitem__(self, key: str | int, /) -> Any: ...
    def __iter__(self) -> Iterator[Any]: ...
    def __len__(self) -> int: ...


@dataclass(frozen=True)
class Outcome:
    rowcount: int


class Session(ABC):
    """Statements on one connection: inside a :meth:`Database.write` transaction, or each
    committing on its own in :meth:`Database.session`."""

    #: Which engine: ``"sqlite"`` or ``"postgres"``.
    dialect: ClassVar[str]
    #: Appended to a ``SELECT`` of rows a transaction is about to change, so that no other
    #: transaction can change them in between (see :meth:`Database.write`).
    for_update: ClassVar[str]

    @abstractmethod
    async def execute(self, sql: str, params: Params = ()) -> Outcome: ...

    @abstractmethod
    async def execute_many(self, sql: str, rows: Iterable[Sequence[object]]) -> None: ...

    @abstractmethod
    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None: ...

    @abstractmethod
    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]: ...

    @abstractmethod
    async def lock(self, name: str) -> None:
        """Hold the lock called ``name`` until the transaction ends: writers of the same name
        (in any process) then run one after the other."""

    @abstractmethod
    def savepoint(self) -> AbstractAsyncContextManager[None]:
        """A part of the transaction that can fail alone: when its block raises, what it wrote
        is undone and the error passes on, and the transaction may go on and commit the rest
        (on PostgreSQL a failed statement otherwise spoils the whole transaction)."""

    @abstractmethod
    def json_elements(self, column: str, alias: str) -> str:
        """A FROM item with one row per element of the JSON array in ``column``, the element
        readable as ``<alias>.value`` (``->>`` works on it in both engines)."""

    async def fetch_required(self, sql: str, params: Params) -> Row:
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


class Database(ABC):
    """An open database with its clock. Repositories share one instance.

    Several bot processes may share one PostgreSQL database, so a transaction that reads rows
    and then changes them according to what it read takes them with :attr:`Session.for_update`
    (a row lock on PostgreSQL, held until commit), or takes a named :meth:`Session.lock` when
    what it guards is not one row (a server's statistics). On SQLite every write transaction
    holds the whole database's write lock from its first statement (``BEGIN IMMEDIATE``), which
    gives the same guarantee, so there both are no-ops.
    """

    def __init__(self, location: str, clock: Clock) -> None:
        self.location = location
        self.clock = clock
        self.closed = False

    @property
    @abstractmethod
    def dialect(self) -> str: ...

    @abstractmethod
    def write(self) -> AbstractAsyncContextManager[Session]:
        """One transaction: committed when the block ends, rolled back if it raises."""

    @abstractmethod
    def session(self) -> AbstractAsyncContextManager[Session]:
        """A connection without a transaction: each statement commits on its own. For reads,
        and for writes whose statements are each safe alone."""

    @abstractmethod
    async def applied_versions(self) -> list[int]:
        """The migrations recorded as applied."""

    @abstractmethod
    async def close(self) -> None:
        """Close the connection(s); safe to call more than once."""

    def now(self) -> str:
        return encode_time(self.clock())

    async def fetch_one(self, sql: str, params: Params = ()) -> Row | None:
        async with self.session() as session:
            return await session.fetch_one(sql, params)

    async def fetch_all(self, sql: str, params: Params = ()) -> list[Row]:
        async with self.session() as session:
            return await session.fetch_all(sql, params)
