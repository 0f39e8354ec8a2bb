"""Handing what a change should show to the outbox: pictures drawn, shown in order.

A change is decided under the table's lock, but its pictures are drawn and its messages sent
afterwards, in the background, so the next click is not kept waiting. Each table's updates wait
in a queue of their own, shown one after the other by one task, in the order the changes
happened: a hand's result before the next hand's table, the table before the hands it refreshes.
The queue also tells how far the channel lags behind the table: a computer player moves only
once the updates before its move have been shown (:meth:`Publisher.after_shown`), so a slow
Discord slows the game instead of piling updates up without end. When the outbox finds the
table's channel gone, the rest of the change is not shown, and the service hears of it
(``channel_gone``) to close the table.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bot.errors import UserFacingError
from bot.service.outbox import ChannelGone, Outbox
from bot.service.showing.drawing import Drawing, Picture
from bot.service.showing.private_hands import PrivateHands
from bot.service.showing.table_showing import TableShowing
from bot.service.shown import Announcement
from bot.service.tables.table import Table
from bot.service.tasks import BackgroundTasks
from bot.store import Store, TableRecord, UnreadableTableRecord
from bot.store.shown import GAME_END

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Update:
    """One change at a table, as the channel and the players should see it."""

    #: Nothing automatic is about to happen (a person is to act, or the table waits): show the
    #: table now. While computer players are still moving, the edit can wait and fold them in.
    settled: bool = True
    #: Post the table message anew below the announcements (a new hand, game or lobby).
    repost: bool = False
    #: People whose private hand view changed (their cards, or whether it is their turn).
    private: frozenset[int] = frozenset()
    #: Those of them who were dealt new cards (a DM hand starts a new message).
    dealt: frozenset[int] = frozenset()
    #: The person whose own reply shows their hand (they acted here): theirs is refreshed only
    #: for a new deal they take by DM, wherever they played the last card.
    answered: int | None = None
    #: The table was closed: its message loses its buttons and nothing more comes.
    closed: bool = False
    #: The table message when the table was closed.
    message_id: int | None = None
    #: The person who just moved themselves (a click or a command, here or relayed from another
    #: process): they are watching the table, so their turn coming straight back needs no ping.
    mover: int | None = None
    #: The process just started: a hand message may have gone out just before the last one
    #: stopped, never recorded.
    restarted: bool = False


@dataclass(frozen=True, slots=True)
class PendingAnnouncement:
    """An announcement whose picture (if any) is still to be drawn from ``scene``."""

    text: str
    scene: Any = None
    render: Callable[[Any], bytes] | None = None
    filename: str | None = None
    #: (game id, hand number) of a hand's result (its replay is offered; marked once posted).
    hand: tuple[int, int] | None = None
    #: The game whose end this announces (marked once posted).
    game_end: int | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """An update and its announcements, before their pictures are drawn."""

    update: Update
    announcements: tuple[PendingAnnouncement, ...] = ()


#: One table's updates still to show, and what to do once those before it are shown.
Queue = deque[Pending | Callable[[], None]]


class Publisher:
    """Shows each pending change in the background: announcements, the table, private hands."""

    def __init__(
        self,
        *,
        store: Store,
        outbox: Outbox,
        draw: Drawing,
        tasks: BackgroundTasks,
        showing: TableShowing,
        hands: PrivateHands,
        channel_gone: Callable[[Table], None],
    ) -> None:
        self._store = store
        self._outbox = outbox
        self._draw = draw
        self._tasks = tasks
        self._showing = showing
        self._hands = hands
        self._channel_gone = channel_gone
        #: The tables with updates still to show, by id (a table leaves once all are shown).
        self._queues: dict[int, Queue] = {}

    async def _mark_posted(self, item: PendingAnnouncement) -> None:
        """A result posted is marked so, so that a restart does not post it again (and posts
        one that never went out)."""
        if item.hand is not None:
            await self._store.shown.mark_announced(*item.hand)
        if item.game_end is not None:
            await self._store.shown.mark_announced(item.game_end, GAME_END)

    def publish(self, table: Table, pending: Pending) -> None:
        """Show ``pending`` after the table's updates before it."""
        self._enqueue(table, pending)

    def after_shown(self, table: Table, then: Callable[[], None]) -> None:
        """Call ``then`` once every update published for the table so far has been shown (at
        once when none is waiting)."""
        if table.id in self._queues:
            self._enqueue(table, then)
        else:
            then()

    def waiting(self, table_id: int) -> int:
        """How many of the table's updates are not shown yet (the one being shown counts)."""
        queue = self._queues.get(table_id)
        return 0 if queue is None else sum(isinstance(item, Pending) for item in queue)

    def _enqueue(self, table: Table, item: Pending | Callable[[], None]) -> None:
        queue = self._queues.get(table.id)
        if queue is None:
            queue = self._queues[table.id] = deque()
            self._tasks.spawn(self._show_queue(table, queue))
        queue.append(item)

    async def _show_queue(self, table: Table, queue: Queue) -> None:
        """Show the table's updates one after the other, until none is left."""
        try:
            while queue:
                item = queue[0]  # still waiting while it is shown
                try:
                    if isinstance(item, Pending):
                        await self._deliver(table, item)
                    else:
                        item()
                except Exception:
                    log.exception("Could not show an update of table %s", table.id)
                queue.popleft()
        finally:
            if self._queues.get(table.id) is queue:
                del self._queues[table.id]

    def publish_set_aside(self, record: TableRecord | UnreadableTableRecord, text: str) -> None:
        """Say in its channel, once, that a table which could not be read back is closed, and
        take the buttons off its message (when the channel is still there)."""
        self._tasks.spawn(self._deliver_set_aside(record, text))

    async def _deliver_set_aside(
        self, record: TableRecord | UnreadableTableRecord, text: str
    ) -> None:
        notice = Announcement(text, locale=record.language)
        try:
            await _attempt(self._outbox.announce(record.channel_id, notice), record.id)
            closing = self._outbox.close_table(record.id, record.channel_id, record.message_id)
            await _attempt(closing, record.id)
        except ChannelGone:
            pass  # nobody is left there to tell

    async def _deliver(self, table: Table, pending: Pending) -> None:
        try:
            await self._deliver_in_order(table, pending)
        except ChannelGone:
            self._channel_gone(table)

    async def _deliver_in_order(self, table: Table, pending: Pending) -> None:
        update = pending.update
        if update.mover is not None:
            self._showing.turns.acted(update.mover)
        for item in pending.announcements:
            picture = None
            if item.render is not None:
                picture = await self._draw(
                    item.render, item.scene, Picture.RESULT, owner=table.id
                )
            rematch = None if table.options.match else item.game_end
            shown = Announcement(
                item.text, picture, item.filename, item.hand, table.locale, rematch=rematch
            )
            if await _attempt(self._outbox.announce(table.channel_id, shown), table.id):
                await self._mark_posted(item)
        if update.closed:
            await self._refresh_hands(table, update)
            closing = self._outbox.close_table(table.id, table.channel_id, update.message_id)
            await _attempt(closing, table.id)
            if table.options.thread:
                await _attempt(self._outbox.archive_thread(table.channel_id), table.id)
            return
        self._showing.mark(table.id, settled=update.settled, repost=update.repost)
        await self._refresh_hands(table, update)

    async def _refresh_hands(self, table: Table, update: Update) -> None:
        """Bring the private hands the update changed up to date, each on its own."""
        for user_id in sorted(update.private):
            refresh = self._hands.refresh(
                table,
                user_id,
                dealt=user_id in update.dealt,
                answered=user_id == update.answered,
                restarted=update.restarted,
            )
            await _attempt(refresh, table.id)


async def _attempt(work: Awaitable[None], table_id: int) -> bool:
    """Show one part of an update; whether it was shown. Each part is tried on its own: one
    that cannot be shown (a message deleted, a player's DMs closed) must not keep the others
    from showing. Only a channel gone (:class:`ChannelGone`) stops the rest, which could not be
    shown either."""
    try:
        await work
    except ChannelGone:
        raise
    except UserFacingError:
        return False  # the table or the seat changed in the meantime: nothing left to show
    except Exception:
        log.exception("Could not show part of an update of table %s", table_id)
        return False
    return True
