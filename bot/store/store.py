"""The store: one SQLite database file, opened once, shared by the whole bot."""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

from .database import Clock, Database, utc_now
from .games import GamesRepository
from .migrate import applied_versions
from .preferences import PreferencesRepository
from .reviews import ReviewsRepository
from .tables import TablesRepository


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

    @classmethod
    async def open(cls, path: str | os.PathLike[str], *, clock: Clock = utc_now) -> Store:
        """Open the database file at ``path``, creating it and its folder if missing.

        ``clock`` returns the current time (timezone-aware) for every stored timestamp; the
        bot passes Discord's clock so simulated time in tests moves stored times too.
        """
        return cls(await Database.open(Path(path), clock))

    @property
    def database(self) -> Database:
        """The shared connection, for packages that keep tables of their own in this file
        (``bot/stats``) and so share its lock, transactions and clock."""
        return self._db

    @property
    def path(self) -> Path:
        return self._db.path

    @property
    def closed(self) -> bool:
        return self._db.closed

    async def schema_version(self) -> int:
        """The highest migration applied (0 for an empty database)."""
        async with self._db.connection() as conn:
            versions = await applied_versions(conn)
        return max(versions, default=0)

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
