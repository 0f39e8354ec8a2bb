"""The open tables in memory, found by id (from a button) or by channel (from a command)."""

from __future__ import annotations

from bot.errors import UserFacingError
from bot.service.table import Table


class TableRegistry:
    """Every open table, by id and by channel: at most one table is open in a channel."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def table(self, table_id: int) -> Table:
        """The open table with this id; a button of a closed table says it was closed."""
        table = self._tables.get(table_id)
        if table is None:
            raise UserFacingError("errors.table_closed")
        return table

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def table_in_channel(self, channel_id: int) -> Table:
        table = self.find_in_channel(channel_id)
        if table is None:
            raise UserFacingError("errors.no_table")
        return table

    def find_in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables[table_id]

    def add(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        self._by_channel.pop(table.channel_id, None)
