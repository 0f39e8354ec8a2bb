"""The table service's refusals, as catalogue messages the Discord layer shows to the player.

Every refusal is a :class:`bot.errors.UserFacingError`: the game and the table are untouched when
one is raised. The engine's :class:`IllegalAction` is translated here, with names and cards as
players read them ("It is Bob's turn", "You must play a trump: you hold 5♦"), by
``bot.presentation.refusals``, which the daily deal shares.
"""

from __future__ import annotations

from bot.errors import UserFacingError
from bot.presentation.refusals import CountedError, refusal
from bot.store import TableLimitError, TableRecord

__all__ = [
    "CountedError",
    "OutOfDate",
    "TableAlreadyOpen",
    "message_link",
    "past_limit",
    "refusal",
]


def message_link(table: TableRecord) -> str:
    """A link to the table's message (or its channel, before the message is posted)."""
    link = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return link if table.message_id is None else f"{link}/{table.message_id}"


class TableAlreadyOpen(UserFacingError):
    """The channel has a table already: the message links to it."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__("errors.table_exists", link=message_link(table))
        self.table = table


class OutOfDate(UserFacingError):
    """The table changed (``errors.table_changed``) or closed (``errors.table_closed``) in
    another process: this one has reloaded it from the store, or dropped it."""


def past_limit(error: TableLimitError) -> CountedError:
    """The refusal of a table that would pass one of the server's limits."""
    key = "errors.tables_per_member" if error.per_member else "errors.tables_per_server"
    return CountedError(key, error.limit)
