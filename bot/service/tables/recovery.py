"""After a restart: the results the channel was never shown.

An action is committed before anything is shown, so a process that stops in between leaves a
hand's result (or the game's) stored and never posted. Each result posted is marked in the store
(``store.shown``); at start, a table's unmarked ones are rebuilt from the game's own action log,
exactly as they were first worded and drawn, to be posted before the table itself.
"""

from __future__ import annotations

from bot.engine import Game, GameWon, HandScored
from bot.service.showing.after_action import result_announcements
from bot.service.showing.publishing import PendingAnnouncement
from bot.service.tables.table import Table
from bot.store import Store
from bot.store.shown import GAME_END


async def unshown_results(
    store: Store, table: Table, game: Game, game_id: int
) -> tuple[PendingAnnouncement, ...]:
    """The results of game ``game_id`` (as loaded, possibly finished) never posted, in order."""
    posted = await store.shown.announced(game_id)
    hands = {result.hand_number for result in game.history} - posted
    end = game.is_over and game.winner is not None and GAME_END not in posted
    if not hands and not end:
        return ()
    replaying = game.restarted()
    announcements: list[PendingAnnouncement] = []
    for seat, action in game.log:
        hand_cards = (replaying.tricks, replaying.thrown, replaying.dead)
        ends = [
            event
            for event in replaying.apply(seat, action)
            if (isinstance(event, HandScored) and event.result.hand_number in hands)
            or (isinstance(event, GameWon) and end)
        ]
        if ends:
            announcements += result_announcements(table, replaying, game_id, ends, hand_cards)
    return tuple(announcements)
