"""Telling a player their turn has come, in a way Discord actually notifies.

Discord notifies a mention only in a message as it is created, never one added by an edit, so
the mention in an edited table message reaches nobody. When a person's turn starts, the table
message itself is posted anew (and the old one deleted), mentioning them alone: that one new
message is the ping, costs no call more than an edit and a separate ping would, and keeps the
table at the bottom of the channel where the player looks. If they asked for it in
``/cinch settings``, a direct message says so too. The turn timer's reminders are deleted when
the turn moves on. A player who acted a few seconds ago is watching the table, so their turn
coming straight back (after computer players, say) only edits the table and pings nobody.
"""

from __future__ import annotations

import contextlib
import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord

from bot.i18n import t
from bot.service import PublicTable

if TYPE_CHECKING:
    from bot.factory import CinchBot

log = logging.getLogger(__name__)

#: A player who acted this recently is watching the table: their turn needs no ping.
WATCHING = timedelta(seconds=10)

#: Whose turn it is, in which game, after how many moves: a turn pinged once is not pinged again
#: when the table is only shown again.
Turn = tuple[int, int | None, int]


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


class TurnPings:
    """The pings and reminders standing in each table's channel."""

    def __init__(self, bot: CinchBot) -> None:
        self.bot = bot
        self._last_acted: dict[int, datetime] = {}
        self._turns: dict[int, Turn | None] = {}
        self._standing: dict[int, list[discord.Message]] = {}

    def acted(self, user_id: int) -> None:
        """The player just acted themselves (a click or a command)."""
        self._last_acted[user_id] = discord.utils.utcnow()

    def reminder_sent(self, table_id: int, message: discord.Message) -> None:
        """A turn timer's reminder: it goes when the turn moves on, like a ping."""
        self._standing.setdefault(table_id, []).append(message)

    async def turn_started(self, table_id: int, public: PublicTable) -> int | None:
        """Showing ``public`` moves the turn on: clear the last turn's reminders, and return the
        person to notify (None when the turn has not moved, is nobody's, or they are watching).
        A turn is notified once, however often the table is shown again."""
        table = self.bot.tables.table(table_id)
        user = public.mention
        turn = (user, table.game_id, len(table.game.log)) if user and table.game else None
        if turn == self._turns.get(table_id):
            return None
        self._turns[table_id] = turn
        await self.clear(table_id)
        if user is None or self._watching(user):
            return None
        return user

    async def clear(self, table_id: int) -> None:
        """Delete the table's standing reminders (the turn moved on, or it closed)."""
        for message in self._standing.pop(table_id, []):
            with contextlib.suppress(discord.HTTPException):
                await message.delete()

    def _watching(self, user_id: int) -> bool:
        acted = self._last_acted.get(user_id)
        return acted is not None and discord.utils.utcnow() - acted < WATCHING

    async def ping_by_dm(self, user_id: int, channel_id: int) -> None:
        """A direct message too, for a player who asked for it in ``/cinch settings``."""
        preferences = await self.bot.store.preferences.get(user_id)
        if not preferences.turn_dm:
            return
        text = t("ping.your_turn_dm", preferences.locale, channel=f"<#{channel_id}>")
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text)
        except discord.HTTPException:
            log.info("Could not tell %s by DM that their turn started", user_id)
