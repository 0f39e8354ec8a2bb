"""Showing each table's message: when (edits folded by the coalescer), and with whom to notify.

The publisher marks a table as changed; when the edit coalescer says it is due, the table is
drawn as it is then, whose turn it is decides whom the message notifies, and the outbox shows
it. The message's id is stored with the table, so it is edited in place after a restart too.
When the outbox finds the table's channel gone, the service hears of it (``channel_gone``).
Each message shown tells the observer how long the actions it shows waited for it
(:mod:`bot.service.showing.show_delays`).

A table picture is drawn only when someone will see it. Someone will when a person looked at the
table since its last picture (a click, a command at the table or in its channel: see
:meth:`TableShowing.looked_at`), or when the turn passes to a person (they are notified, or are
watching). A change nobody will see (computer players, or turns played for an absent person, at
a table nobody came to since) is not drawn: the table owes a showing, and the first person who
looks gets it, folding every change made meanwhile. A lobby has no picture and always shows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime

from bot.people import People
from bot.service.observer import ServiceObserver
from bot.service.outbox import ChannelGone, Outbox
from bot.service.showing import display
from bot.service.showing.coalesce import EditCoalescer, Sleep
from bot.service.showing.drawing import Drawing
from bot.service.showing.show_delays import ShowDelays
from bot.service.showing.turns import Turn, TurnNotices
from bot.service.shown import TableShown
from bot.service.tables.table import Table, TableRegistry
from bot.store import Store


class TableShowing:
    """The table messages of the open tables, edited through one coalescer."""

    def __init__(
        self,
        *,
        store: Store,
        registry: TableRegistry,
        outbox: Outbox,
        draw: Drawing,
        people: People,
        clock: Callable[[], datetime],
        sleep: Sleep,
        channel_gone: Callable[[Table], None],
        observer: ServiceObserver,
    ) -> None:
        self._store = store
        self._channel_gone = channel_gone
        self._registry = registry
        self._outbox = outbox
        self._draw = draw
        self._people = people
        self.turns = TurnNotices(clock)
        #: The actions applied and not shown yet, timed until they are.
        self.delays = ShowDelays(observer)
        #: Folds the table changes that follow each other into few edits (tests pace it).
        self.edits = EditCoalescer(self._show, sleep=sleep)
        #: The tables a person looked at since their last picture.
        self._looked: set[int] = set()
        #: The tables someone watches throughout (the offline demo's): every change is seen.
        self._watched: set[int] = set()
        #: The tables with changes nobody saw, each with whether its showing must be anew.
        self.owed: dict[int, bool] = {}

    def mark(self, table_id: int, *, settled: bool, repost: bool = False) -> None:
        """The table changed: show it when the coalescer says so (``repost``: anew)."""
        self.edits.mark(table_id, settled=settled, repost=repost)

    def looked_at(self, table_id: int) -> None:
        """A person came to the table (clicked, or used a command at it or in its channel): the
        next change is drawn for them, and a showing the table owes is made now."""
        self._looked.add(table_id)
        if table_id in self.owed:
            self.mark(table_id, settled=True, repost=self.owed.pop(table_id))

    def watch(self, table_id: int) -> None:
        """Someone watches the table throughout (the offline demo, which shows every move):
        each of its changes is drawn, as if looked at each time."""
        self._watched.add(table_id)
        self.looked_at(table_id)

    def forget(self, table_id: int) -> None:
        """The table closed: nothing more is shown for it."""
        self.turns.forget(table_id)
        self.delays.forget(table_id)
        self._looked.discard(table_id)
        self._watched.discard(table_id)
        self.owed.pop(table_id, None)

    def _seen(self, table: Table) -> bool:
        """Whether someone will see the table shown now: a lobby (no picture) always; a game
        when a person looked since its last picture, or the turn passes to a person."""
        if table.game is None or table.id in self._looked or table.id in self._watched:
            return True
        return self.turns.passes_to_a_person(table.id, _turn(table))

    async def _show(self, table_id: int, repost: bool) -> None:
        table = self._registry.get(table_id)
        if table is None:
            return  # closed in the meantime
        if not self._seen(table):
            self.owed[table_id] = self.owed.get(table_id, False) or repost
            return
        self._looked.discard(table_id)  # a look from now on asks for the next picture
        self.owed.pop(table_id, None)
        game_id = table.game_id
        moved, notify = self.turns.shown(table_id, _turn(table))
        # Only the message that notifies the person to act mentions them: any other names
        # them, and notifies nobody.
        mention = self._outbox.mention_format.format if notify is not None else None
        public = await display.public_table(table, self._draw, mention)
        if table.closed:
            self.turns.forget(table_id)
            return  # closed while it was drawn: its last message stands, without buttons
        shown = TableShown(public, repost, notify, moved, old_mentions=table.message_mentions)
        if notify is not None:
            settings = await self._people.settings(notify)
            shown = replace(shown, dm_ping=settings.turn_dm, dm_ping_locale=settings.locale)
        try:
            message_id = await self._outbox.show_table(shown)
        except ChannelGone:
            self._channel_gone(table)
            return
        self.delays.shown(table_id, game_id, public.moves)
        if table.closed:
            return
        if message_id != table.record.message_id:
            # A new message notified whom it mentions; an edit notifies nobody, but leaves a
            # message that notified someone as it was: never to be deleted.
            table.message_mentions = notify is not None
            table.record = await self._store.tables.update(table_id, message_id=message_id)


def _turn(table: Table) -> Turn | None:
    """The turn the table shows: the person to act, in this game, after this many moves."""
    user, game = display.person_to_act(table), table.game
    return (user, table.game_id, len(game.log)) if user and game else None
