"""How long each action waits to be seen: from being applied to the table message showing it.

An action is noted when it is applied, with its game and how many moves that game holds with it.
The table message says which game it shows and how many of its moves
(:attr:`~bot.service.shown.PublicTable.moves`); once one is shown, every action it covers is
told to the observer with its own delay, so a run of moves folded into one edit counts each
move. A message of another game, or of the lobby after a game, covers every action noted before
it (the game they belong to is over). A table that closes forgets what it noted.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

from bot.service.observer import ServiceObserver

#: The most actions noted per table and not shown yet. A table shows its moves within seconds,
#: so a few wait at a time; the bound only keeps one whose message cannot be shown for a long
#: time from holding on to every move it makes.
MOST_NOTED = 500

#: An action noted: its game's id, how many moves that game holds with it, when it was applied.
Noted = tuple[int | None, int, float]


class ShowDelays:
    """The actions each table applied and its message has not shown yet."""

    def __init__(
        self, observer: ServiceObserver, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._observer = observer
        self._clock = clock
        self._noted: dict[int, deque[Noted]] = {}

    def applied(self, table_id: int, game_id: int | None, moves: int) -> None:
        """An action was applied: the game ``game_id`` now holds ``moves`` moves."""
        noted = self._noted.setdefault(table_id, deque(maxlen=MOST_NOTED))
        noted.append((game_id, moves, self._clock()))

    def shown(self, table_id: int, game_id: int | None, moves: int) -> None:
        """The table message now shows ``moves`` moves of the game ``game_id`` (None: the
        lobby)."""
        noted = self._noted.get(table_id)
        if not noted:
            return
        now = self._clock()
        kept: deque[Noted] = deque(maxlen=MOST_NOTED)
        for game, move, applied_at in noted:
            if game == game_id and move > moves:
                kept.append((game, move, applied_at))
            else:
                self._observer.table_shown_after(now - applied_at)
        if kept:
            self._noted[table_id] = kept
        else:
            del self._noted[table_id]

    def forget(self, table_id: int) -> None:
        """The table closed: what it applied will not be shown."""
        self._noted.pop(table_id, None)
