"""Which tables this process holds, and the facts commands need of one.

Commands name a table by its id or by its channel; what they get back is :class:`TableFacts`,
plain data, never the live table. With shards split over several processes, this is also where
a process says which servers it runs.
"""

from __future__ import annotations

from bot.errors import UserFacingError
from bot.service.service_state import ServiceState
from bot.service.shown import TableFacts
from bot.service.tables.table import Table


class FindingTables(ServiceState):
    """The tables held here, found by id or channel."""

    def owns(self, guild_id: int) -> bool:
        """Whether this process runs the server: its tables, and the league's work for it
        (each process runs the servers of its shards)."""
        return self._owns is None or self._owns(guild_id)

    def holds(self, table_id: int) -> bool:
        """Whether the table is open in this process (another may own it)."""
        return self.registry.get(table_id) is not None

    def held(self) -> list[TableFacts]:
        """Every open table this process holds, lobbies included."""
        return [table_facts(table) for table in self.registry]

    def facts(self, table_id: int) -> TableFacts:
        """What a command needs to know of an open table (a refusal when it closed)."""
        return table_facts(self.registry.table(table_id))

    async def server_of(self, table_id: int) -> int:
        """The server of an open table, held here or by another process (a refusal when it
        closed or never was)."""
        if self.holds(table_id):
            return self.facts(table_id).guild_id
        record = await self.store.tables.get(table_id)
        if record is None or record.ended_at is not None:
            raise UserFacingError("errors.table_closed")
        return record.guild_id

    def facts_in_channel(self, channel_id: int) -> TableFacts:
        """The table of a channel, for a command used there (a refusal when there is none):
        someone is looking at the table."""
        table = self.registry.table_in_channel(channel_id)
        self.showing.looked_at(table.id)
        return table_facts(table)


def table_facts(table: Table) -> TableFacts:
    """What a command is told of a table it found, opened or opened again."""
    record = table.record
    return TableFacts(
        table_id=table.id,
        guild_id=record.guild_id,
        channel_id=table.channel_id,
        locale=table.locale,
        players=table.players,
        playing=table.playing,
    )
