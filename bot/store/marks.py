"""What the bot remembers about itself between starts, by name (a short text each).

The first use is the fingerprint of the slash commands last published to Discord: Discord
limits how often commands are published, so a start whose command tree did not change skips it.
Another is the secret the daily deals and puzzles are dealt from (``bot/daily``), chosen once.
"""

from __future__ import annotations

from .database import Database


class MarksRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, name: str) -> str | None:
        """The value last kept under ``name``, or ``None``."""
        row = await self._db.fetch_one("SELECT value FROM bot_marks WHERE name = ?", (name,))
        return None if row is None else str(row["value"])

    async def put(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name``, replacing what was there."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO bot_marks (name, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO UPDATE SET value = excluded.value,"
                " updated_at = excluded.updated_at",
                (name, value, self._db.now()),
            )

    async def keep_first(self, name: str, value: str) -> str:
        """The value kept under ``name``: ``value`` if there was none yet, else the one kept
        first (two processes asking at once both get the same one)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO bot_marks (name, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (name) DO NOTHING",
                (name, value, self._db.now()),
            )
            row = await tx.fetch_required("SELECT value FROM bot_marks WHERE name = ?", (name,))
        return str(row["value"])
