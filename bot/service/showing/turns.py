"""Whose turn starts, and whether to notify them.

A person whose turn starts is notified once: the table message posted anew mentions them (and
a DM tells them too if they asked for one). A player who acted within the last few seconds
(``WATCHING``) is watching the table, so their turn coming straight back (after computer
players, say) only edits the table and pings nobody. Showing the table again without the turn
moving (an edit folded in, ``/cinch table``) notifies nobody.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from datetime import datetime, timedelta
from itertools import islice

#: A player who acted this recently is watching the table: their turn needs no ping.
WATCHING = timedelta(seconds=10)
#: The most people forgotten at one click: a click adds one at most, so the record shrinks
#: back to those watching faster than it grows.
FORGOTTEN_AT_ONCE = 8

#: Whose turn it is, in which game, after how many moves: a turn notified once is not notified
#: again when the table is only shown again.
Turn = tuple[int, int | None, int]


class TurnNotices:
    """The last turn shown at each table, and when each person last acted."""

    def __init__(self, clock: Callable[[], datetime]) -> None:
        self._clock = clock
        self._turns: dict[int, Turn | None] = {}
        #: When each person last acted, the longest ago first.
        self._last_acted: OrderedDict[int, datetime] = OrderedDict()

    def acted(self, user_id: int) -> None:
        """The person just acted themselves (a click or a command)."""
        now = self._clock()
        self._last_acted[user_id] = now
        self._last_acted.move_to_end(user_id)
        # Only the last few seconds matter: those who acted longer ago are forgotten, the
        # longest ago first, each once (a busy server's thousands of players are not all
        # looked at again at every click).
        for user, when in list(islice(self._last_acted.items(), FORGOTTEN_AT_ONCE)):
            if now - when < WATCHING:
                break
            del self._last_acted[user]

    def shown(self, table_id: int, turn: Turn | None) -> tuple[bool, int | None]:
        """The table is shown with ``turn``: whether the turn moved on since it was last shown,
        and the person to notify (None when it has not moved, is nobody's, or they watch)."""
        if turn == self._turns.get(table_id):
            return False, None
        self._turns[table_id] = turn
        if turn is None or self.watching(turn[0]):
            return True, None
        return True, turn[0]

    def passes_to_a_person(self, table_id: int, turn: Turn | None) -> bool:
        """Whether showing the table with ``turn`` would show a person a turn of theirs that it
        has not shown yet (they are notified, or watch the table)."""
        return turn is not None and turn != self._turns.get(table_id)

    def forget(self, table_id: int) -> None:
        """The table closed."""
        self._turns.pop(table_id, None)

    def watching(self, user_id: int) -> bool:
        """Whether the person acted within the last few seconds."""
        acted = self._last_acted.get(user_id)
        return acted is not None and self._clock() - acted < WATCHING
