"""How a table closes: by its people, with its game, or because its place went away.

Its creator (or anyone allowed to manage messages) closes it, or a majority of the people seated
vote to. Ending a tournament match's table decides the match on its score, so there only its
creator (the organiser) and its players' vote may: a moderator who is neither leaves it to the
round's deadline. A table in a thread of its own closes when its game ends; the league stops the
ones it no longer plays; one whose channel or server went away closes without a word, since
nobody is left there to read one. Every way ends in the same steps: a game going on is stored as
abandoned, the table is closed in the store and this process forgets it.
"""

from __future__ import annotations

import contextlib
import logging
from dataclasses import replace

from bot.errors import UserFacingError
from bot.i18n import t
from bot.people import Person
from bot.presentation.user_text import in_message
from bot.service.showing.publishing import Pending, PendingAnnouncement, Update
from bot.service.tables.table import EndVote, Table
from bot.service.tables.table_changes import TableChanges
from bot.store import GameEndedError

log = logging.getLogger(__name__)

#: Why a table closed without a word, as the store keeps it.
CHANNEL_GONE, SERVER_GONE = "channel gone", "server gone"
#: Why a table in a thread of its own closed: its game ended.
GAME_OVER = "game over"


class TableClosing(TableChanges):
    """Closing tables, and the reasons the store keeps."""

    async def end(self, table_id: int, person: Person, *, can_manage: bool) -> EndVote:
        """Close the table (its creator, or someone allowed to manage messages, except at a
        tournament match), or count a seated person's vote: a majority of the seated people
        closes it."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        async with table.lock:
            creator, match = person.user_id == table.record.creator_id, table.options.match
            if match and not creator and table.seat_of(person.user_id) is None:
                raise UserFacingError("errors.match_end_not_yours")
            if creator or (can_manage and not match):
                pending = await self._close(
                    table, t("text.closed_by", table.locale, player=in_message(person.name))
                )
                vote = EndVote(ended=True)
            else:
                table.require_seat(person.user_id)
                vote = table.vote_to_end(person.user_id)
                if vote.ended:
                    pending = await self._close(table, t("text.closed_by_vote", table.locale))
                else:
                    text = t(
                        "text.end_vote",
                        table.locale,
                        player=in_message(person.name),
                        votes=vote.votes,
                        needed=vote.needed,
                    )
                    pending = Pending(
                        Update(settled=table.settled()), (PendingAnnouncement(text),)
                    )
        self._publisher.publish(table, pending)
        return vote

    async def _close(self, table: Table, text: str, *, reason: str | None = None) -> Pending:
        """Close the table, storing a game going on as abandoned (the boards leave those out
        unless a server asks for them), and say ``text``. Called with the table's lock held."""
        await self._end_table(table, reason)
        update = Update(closed=True, message_id=table.record.message_id)
        return Pending(update, (PendingAnnouncement(text),))

    async def _close_with_its_game(self, table: Table, pending: Pending) -> Pending:
        """A table in a thread of its own closes when its game ends: the results are posted,
        everyone's hand says the game is over, then its message loses its buttons and its
        thread is archived. Called with the table's lock held."""
        await self._end_table(table, GAME_OVER)
        update = replace(pending.update, closed=True, message_id=table.record.message_id)
        return replace(pending, update=update)

    async def _end_table(self, table: Table, reason: str | None) -> None:
        """Close the table in the store (its game abandoned) and here. With the lock held."""
        game = table.game
        if game is not None and table.game_id is not None:
            # A game that ended in another process meanwhile has nothing left to store.
            with contextlib.suppress(GameEndedError):
                await self._records.finish(table, game, table.game_id, winner=None)
        await self.store.tables.end(table.id, reason=reason)
        await self.store.shown.forget_hand_messages(table.id)
        self._drop(table)

    # ------------------------------------------------------------------ places that went away

    async def channel_gone(self, channel_id: int) -> None:
        """The channel was deleted, or the bot may no longer see or post in it: its table
        closes without a word (nobody is left there to read one), its game abandoned."""
        table = self.registry.find_in_channel(channel_id)
        if table is not None:
            await self._close_quietly(table, CHANNEL_GONE)

    async def guild_gone(self, guild_id: int) -> None:
        """The server removed the bot: each of its tables closes without a word."""
        for table in self.registry:
            if table.record.guild_id == guild_id:
                await self._close_quietly(table, SERVER_GONE)

    def _channel_lost(self, table: Table) -> None:
        """The outbox found the table's channel gone while showing it."""
        if not table.closed:
            self._tasks.spawn(self._close_quietly(table, CHANNEL_GONE))

    async def _close_quietly(self, table: Table, reason: str) -> None:
        async with table.lock:
            if table.closed:
                return
            log.info("Table %s closes: %s", table.id, reason)
            await self._end_table(table, reason)
