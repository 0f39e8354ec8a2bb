"""The steps every area of the table service takes a held table through.

A table moves on in one way only: its version changes, so a computer move or a turn timer
decided before gives up, and it gets the automation it now needs. A game is dealt the same way
from the lobby, for a tournament's match and for a rematch. And when the store says this process
fell out of step with it (another process stored a move, started the game, or closed the table),
the table is read back from the store, set aside when its rows can no longer be read, or dropped.
The areas of :class:`~bot.service.service.TableService` build on these steps.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from bot.i18n import t
from bot.service.refusals import OutOfDate
from bot.service.service_state import ServiceState
from bot.service.showing.publishing import Pending, PendingAnnouncement, Update
from bot.service.tables.game_records import start_game
from bot.service.tables.restoring import UnreadableTable, read_seats
from bot.service.tables.table import Table
from bot.store import (
    GameActiveError,
    TableClosedError,
    TableRecord,
    UnreadableTableRecord,
    UnreadableValue,
)

log = logging.getLogger(__name__)

#: How the reason of a table set aside begins; what could not be read follows.
UNREADABLE = "unreadable: "


class TableChanges(ServiceState):
    """A table changed, dealt, read back from the store, set aside or dropped."""

    def _changed(self, table: Table) -> None:
        """The one way a table moves on: its version changes, so a computer move or a turn
        timer decided before gives up, and the table gets the automation it now needs."""
        table.version += 1
        self._automation.schedule(table)

    def _seats_changed(self, table: Table, private: Iterable[int] = ()) -> Update:
        self._changed(table)
        return Update(
            settled=table.settled(),
            private=frozenset(private) if table.playing else frozenset(),
        )

    async def _deal(self, table: Table, *, keep_seats: bool = False) -> Pending:
        """Deal the table's new game and store it (``keep_seats``: everyone keeps their seat);
        what it shows. Called with the table's lock held."""
        try:
            text = await start_game(
                self.store, table, self.seeds.getrandbits(64), keep_seats=keep_seats
            )
        except (TableClosedError, GameActiveError):
            # Another process closed the table, or started its game: this one is behind.
            await self._reload(table)
            raise OutOfDate("errors.table_changed") from None
        people = frozenset(table.people())
        self._changed(table)
        update = Update(settled=table.settled(), repost=True, private=people, dealt=people)
        return Pending(update, (PendingAnnouncement(text),))

    async def _reload(self, table: Table) -> None:
        """Make the table what the store says it is, after a failed write. Called with the
        table's lock held.

        A table another process closed is dropped here too, and one whose rows can no longer
        be read is set aside: both are refused to the player as closed."""
        try:
            record = await self.store.tables.get(table.id)
            if record is None or record.status != "open":
                log.warning("Table %s was closed without this process; dropping it", table.id)
                self._drop(table)
                raise OutOfDate("errors.table_closed")
            table.record = record
            seats = read_seats(await self.store.tables.seats(table.id), table.options)
            table.reseat(list(seats.values()))
            await self._records.load(table)
        except (UnreadableTable, UnreadableValue) as error:
            await self._set_aside(table.record, str(error))
            self._drop(table)
            raise OutOfDate("errors.table_closed") from None
        self._changed(table)

    async def _set_aside(self, record: TableRecord | UnreadableTableRecord, problem: str) -> None:
        """Close a table that cannot be read back, store why, log it (one line), and tell its
        channel once."""
        log.error(
            "Table %s (server %s, channel %s) cannot be read back and is closed: %s",
            record.id,
            record.guild_id,
            record.channel_id,
            problem,
        )
        await self.store.tables.set_aside(record.id, UNREADABLE + problem)
        self._publisher.publish_set_aside(record, t("text.set_aside", record.language))

    def _drop(self, table: Table) -> None:
        """The table is closed: nothing is scheduled or shown for it, and this process
        forgets it."""
        table.close()
        self._changed(table)
        self.registry.forget(table)
        self.showing.forget(table.id)
