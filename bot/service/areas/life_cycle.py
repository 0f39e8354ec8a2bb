"""The table service's life: tables brought back at start, shown again, and everything stopped.

A process that starts brings back every open table of the servers it runs, each read on its
own, so one whose rows cannot be read is set aside without keeping the others (or the bot) from
starting. What a stop cut short (a result stored and not posted, an edit waiting, a hand
showing a turn already played) is shown once the bot is connected again. At the end every
pending computer move, timer and delivery stops; the tools and tests that wait for the service
to be idle ask it here what is still running.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.engine import Game
from bot.i18n import t
from bot.service.areas.finding import FindingTables
from bot.service.showing.publishing import Pending, PendingAnnouncement, Update
from bot.service.tables.recovery import unshown_results
from bot.service.tables.restoring import UnreadableTable, read_options, read_seats
from bot.service.tables.table import Table
from bot.service.tables.table_changes import TableChanges
from bot.store import TableRecord, UnreadableTableRecord, UnreadableValue


class LifeCycle(FindingTables, TableChanges):
    """Restoring the tables, showing them again, closing the service."""

    async def restore(self) -> int:
        """Bring back every open table this process owns from the store, with its game where
        it was (the tables of a process that stopped, when it is this one's shards now).

        Each table is read on its own: one whose rows cannot be read back is set aside, and
        never keeps the others (or the bot) from starting."""
        set_aside = 0
        for record in await self.store.tables.list_open():
            if not self.owns(record.guild_id):
                continue
            if isinstance(record, UnreadableTableRecord):
                await self._set_aside(record, record.problem)
                set_aside += 1
                continue
            try:
                table, loaded = await self._read(record)
                if loaded is not None:
                    self._unshown[table.id] = await unshown_results(self.store, table, *loaded)
                await self._hands.load(table)
            except (UnreadableTable, UnreadableValue) as error:
                await self._set_aside(record, str(error))
                set_aside += 1
                continue
            self.registry.add(table)
            self._automation.schedule(table)
        self.observer.tables_restored(len(self.registry), set_aside)
        return len(self.registry)

    async def _read(self, record: TableRecord) -> tuple[Table, tuple[Game, int] | None]:
        """The stored table in memory, every row of it checked, its game where it was; and
        that game with its id (also one the stored actions finished), if one was going on."""
        options = read_options(record.house_rules)
        seats = read_seats(await self.store.tables.seats(record.id), options)
        table = Table(
            record=record,
            options=options,
            seats=seats,
            message_mentions=record.message_id is not None,
        )
        return table, await self._records.load(table)

    def show_restored_tables(self) -> None:
        """Bring every restored table's channel and players up to the stored state: the
        results never posted, then a word that the bot restarted at each game going on, the
        table message (posted anew below new results), and every person's hand messages.

        Anything may have been cut short when the process stopped: a result stored and not
        posted, the last edit of the table (it waits for the edit coalescer), a private hand
        still showing a turn already played, the DMs of a new deal.
        """
        for table in self.registry:
            results = self._unshown.pop(table.id, ())
            notice = (PendingAnnouncement(t("text.restarted", table.locale)),)
            people = frozenset(table.people()) if table.playing else frozenset()
            update = Update(repost=bool(results), private=people, restarted=True)
            self._publisher.publish(
                table, Pending(update, (*results, *(notice if table.playing else ())))
            )

    async def close(self) -> None:
        """Stop every pending computer move, timer and delivery (the store stays open)."""
        await self._tasks.cancel_all()
        await self.showing.edits.close()
        if self._own_decisions:
            self._decisions.close()
        self._draw.close()

    def updates_to_show(self, table_id: int) -> int:
        """How many of the table's updates its channel has not been shown yet: a channel slow
        or throttled by Discord falls behind its game (the metrics count them)."""
        return self._publisher.waiting(table_id)

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[Any]]:
        """Computer moves, timers, deliveries and table edits not finished yet (for tools and
        tests that wait for the service to have nothing left to do)."""
        return self._tasks.pending | self.showing.edits.pending_tasks
