"""How many tables may be open at once in a server, and by one member of it.

Every open table holds a lock, its seats and its game in memory, draws pictures and posts
messages, so one person opening tables in every channel would cost the bot (and the server)
as much as a whole community playing. Each server gets sensible defaults, which its admins may
change with ``/cinch-server limits`` up to a ceiling the bot sets (``MAX_*``). The limits are
checked in the transaction that opens a table (``TablesRepository.create``), so two tables opened at
the same moment, even by two processes, cannot both slip under them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .database import UNSET, Database, Unset, only_given
from .store_errors import StoreError

#: Tables one member may have open in a server unless its admins choose otherwise.
DEFAULT_TABLES_PER_MEMBER = 2
#: Tables open at once in a server unless its admins choose otherwise.
DEFAULT_TABLES_PER_SERVER = 20
#: The most a server's admins may allow, per member and in all.
MAX_TABLES_PER_MEMBER = 10
MAX_TABLES_PER_SERVER = 100


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """A server's limits on open tables (the defaults where its admins chose nothing)."""

    guild_id: int
    tables_per_member: int = DEFAULT_TABLES_PER_MEMBER
    tables_per_server: int = DEFAULT_TABLES_PER_SERVER


class TableLimitError(StoreError):
    """Opening the table would pass one of the server's limits: ``per_member`` says which,
    ``limit`` how many tables it allows."""

    def __init__(self, *, per_member: bool, limit: int) -> None:
        which = "one member" if per_member else "the server"
        super().__init__(f"{which} already has {limit} open tables, the limit")
        self.per_member = per_member
        self.limit = limit


def _checked(value: int | Unset | None, most: int) -> int | Unset | None:
    if isinstance(value, int) and not 1 <= value <= most:
        raise ValueError(f"a limit on tables must be from 1 to {most}, not {value}")
    return value


class LimitsRepository:
    """Each server's limits on open tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, guild_id: int) -> ServerLimits:
        row = await self._db.fetch_one(
            "SELECT tables_per_member, tables_per_server FROM server_limits WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return ServerLimits(guild_id)
        defaults = ServerLimits(guild_id)
        return ServerLimits(
            guild_id,
            tables_per_member=row["tables_per_member"] or defaults.tables_per_member,
            tables_per_server=row["tables_per_server"] or defaults.tables_per_server,
        )

    async def update(
        self,
        guild_id: int,
        *,
        tables_per_member: int | Unset | None = UNSET,
        tables_per_server: int | Unset | None = UNSET,
    ) -> ServerLimits:
        """Change the given limits (``None`` brings back the default) and return them all."""
        changes = only_given(
            tables_per_member=_checked(tables_per_member, MAX_TABLES_PER_MEMBER),
            tables_per_server=_checked(tables_per_server, MAX_TABLES_PER_SERVER),
        )
        now = self._db.now()
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO server_limits (guild_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (guild_id) DO NOTHING",
                (guild_id, now),
            )
            await tx.update(
                "server_limits", {**changes, "updated_at": now}, "guild_id = ?", (guild_id,)
            )
        return await self.get(guild_id)
