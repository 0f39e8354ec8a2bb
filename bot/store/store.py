"""The store: one database (a SQLite file or PostgreSQL), opened once, shared by the whole bot."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

from .database import Clock, Database, utc_now
from .games import GamesRepository
from .limits import LimitsRepository
from .locations import resolve
from .marks import MarksRepository
from .people import PeopleRepository
from .postgres_backend import PostgresDatabase
from .preferences import PreferencesRepository
from .reviews import ReviewsRepository
from .shown import ShownRepository
from .sqlite_backend import SqliteDatabase
from .store_errors import StoreError
from .tables import TablesRepository
from .threads import ThreadsRepository


class Store:
    """Persistence for tables, games and preferences, grouped by what they are about.

    ``store.tables``
        :class:`~bot.store.tables.TablesRepository`: open tables per channel and their seats.
    ``store.games``
        :class:`~bot.store.games.GamesRepository`: games, actions, snapshots, hands, results.
    ``store.preferences``
        :class:`~bot.store.preferences.PreferencesRepository`: per-user settings.
    ``store.reviews``
        :class:`~bot.store.reviews.ReviewsRepository`: the review of each finished hand.
    ``store.marks``
        :class:`~bot.store.marks.MarksRepository`: what the bot remembers about itself.
    ``store.shown``
        :class:`~bot.store.shown.ShownRepository`: the results posted, and where each person's
        live hand messages are.
    ``store.limits``
        :class:`~bot.store.limits.LimitsRepository`: each server's limits on open tables.
    ``store.people``
        :class:`~bot.store.people.PeopleRepository`: what is kept about a person, and
        forgetting it.
    ``store.threads``
        :class:`~bot.store.threads.ThreadsRepository`: whether a server's new tables open in
        a thread of their own.

    Every method is a coroutine, and every write is committed before it returns. Open with
    :meth:`open` (which applies pending migrations) and close with :meth:`close`, or use
    ``async with await Store.open(path) as store:``.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self.tables = TablesRepository(db)
        self.games = GamesRepository(db)
        self.preferences = PreferencesRepository(db)
        self.reviews = ReviewsRepository(db)
        self.marks = MarksRepository(db)
        self.shown = ShownRepository(db)
        self.limits = LimitsRepository(db)
        self.people = PeopleRepository(db)
        self.threads = ThreadsRepository(db)

    @classmethod
    async def open(cls, target: str | os.PathLike[str], *, clock: Clock = utc_now) -> Store:
        """Open the database ``target`` names and apply the migrations it lacks.

        ``target`` is a SQLite file's path (created with its folder if missing), or any form
        of ``DATABASE_URL`` (see :mod:`bot.store.locations`): ``postgresql://`` opens a
        connection pool to PostgreSQL. A URL that cannot be used raises :class:`StoreError`.

        ``clock`` returns the current time (timezone-aware) for every stored timestamp; the
        bot passes Discord's clock so simulated time in tests moves stored times too.
        """
        location = resolve(target)
        if isinstance(location, Path):
            return cls(await SqliteDatabase.open(location, clock))
        return cls(await PostgresDatabase.open(location, clock))

    @property
    def database(self) -> Database:
        """The shared connection, for packages that keep tables of their own in this file
        (``bot/stats``) and so share its lock, transactions and clock."""
        return self._db

    @property
    def clock(self) -> Clock:
        """What the store takes the time from (Discord's clock in the bot, so simulated time
        moves everything that keeps time)."""
        return self._db.clock

    @property
    def location(self) -> str:
        """What :meth:`open` was given, resolved: a file's path or a PostgreSQL URL."""
        return self._db.location

    @property
    def path(self) -> Path:
        """The SQLite file (:class:`StoreError` on PostgreSQL, which has no file)."""
        if not isinstance(self._db, SqliteDatabase):
            raise StoreError("a PostgreSQL store has no file")
        return self._db.path

    @property
    def closed(self) -> bool:
        return self._db.closed

    async def schema_version(self) -> int:
        """The highest migration applied (0 for an empty database)."""
        return max(await self._db.applied_versions(), default=0)

    async def close(self) -> None:
        """Close the connection; safe to call more than once."""
        await self._db.close()

    async def __aenter__(self) -> Store:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        await self.close()
