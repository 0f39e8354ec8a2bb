"""Whether a server opens its new tables in a thread of their own by default.

A table in a thread keeps a busy channel readable: the game's messages stay in the thread, and
the thread is archived when the game ends. ``/cinch new thread:`` chooses for one table; this
is what its admins chose for the others (``/cinch threads``).
"""

from __future__ import annotations

from .database import Database


class ThreadsRepository:
    """Each server's choice of where new tables open."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def in_threads(self, guild_id: int) -> bool:
        """Whether the server's new tables open in a thread of their own (no by default)."""
        row = await self._db.fetch_one(
            "SELECT in_threads FROM server_threads WHERE guild_id = ?", (guild_id,)
        )
        return row is not None and bool(row["in_threads"])

    async def set_in_threads(self, guild_id: int, in_threads: bool) -> None:
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO server_threads (guild_id, in_threads, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET in_threads = excluded.in_threads,"
                " updated_at = excluded.updated_at",
                (guild_id, int(in_threads), self._db.now()),
            )
