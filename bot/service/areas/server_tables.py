"""What a server's admins choose for its tables: how many may be open at once, per member and
in all, and whether new ones open in a thread of their own.

The limits are checked where a table opens (``lobby_actions``, in the store's transaction); this
area reads and changes them (``/cinch-server limits``), each given value checked against the
most the bot allows (``bot/store/limits.py``).
"""

from __future__ import annotations

from bot.errors import require_number
from bot.service.service_state import ServiceState
from bot.service.shown import ServerTables
from bot.store import UNSET
from bot.store.limits import MAX_TABLES_PER_MEMBER, MAX_TABLES_PER_SERVER


class ServerTableSettings(ServiceState):
    """A server's limits on open tables, and where its new tables open."""

    async def server_tables(self, guild_id: int) -> ServerTables:
        """The server's limits and where its new tables open (the defaults until changed)."""
        limits = await self.store.limits.get(guild_id)
        return ServerTables(
            tables_per_member=limits.tables_per_member,
            tables_per_server=limits.tables_per_server,
            in_threads=await self.store.threads.in_threads(guild_id),
        )

    async def change_server_tables(
        self,
        guild_id: int,
        *,
        per_member: int | None = None,
        per_server: int | None = None,
        in_threads: bool | None = None,
    ) -> ServerTables:
        """Change what is given (``None`` keeps it) and return it all; a limit outside what
        the bot allows is refused, naming the option, before anything changes."""
        for value, most, option in (
            (per_member, MAX_TABLES_PER_MEMBER, "cmd.cinch-server.limits.per_member.name"),
            (per_server, MAX_TABLES_PER_SERVER, "cmd.cinch-server.limits.per_server.name"),
        ):
            if value is not None:
                require_number(value, 1, most, option)
        if per_member is not None or per_server is not None:
            await self.store.limits.update(
                guild_id,
                tables_per_member=UNSET if per_member is None else per_member,
                tables_per_server=UNSET if per_server is None else per_server,
            )
        if in_threads is not None:
            await self.store.threads.set_in_threads(guild_id, in_threads)
        return await self.server_tables(guild_id)

    async def opens_in_threads(self, guild_id: int) -> bool:
        """Whether the server's new tables open in a thread of their own unless the person
        opening one chooses otherwise."""
        return await self.store.threads.in_threads(guild_id)
