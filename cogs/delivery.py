"""Showing the table service's updates in Discord: the :class:`~bot.service.Outbox` of the bot.

- The table message (one per channel) is edited in place, through an
  :class:`~bot.service.coalesce.EditCoalescer` so fast moves never exceed Discord's per-channel
  rate limit; it is posted anew (and the old one deleted) at each new hand, game or lobby.
- Announcements (a hand's or game's result, news) are new messages, posted in order.
- Private hands: a player who prefers direct messages gets a new DM at each deal, edited when
  their hand or turn changes; if Discord refuses (error 50007) the preference is marked failed,
  the player is told once, and their hand shows privately in the channel from then on. Other
  players' last private hand message is edited in place while Discord still allows it
  (an interaction's token lasts 15 minutes); otherwise "Show my hand" brings a fresh one.
- Only the person to act is ever mentioned, and only in a new message (``allowed_mentions``
  names them alone): the table posted anew when their turn starts is their ping.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord

from bot.errors import UserFacingError
from bot.i18n import t
from bot.service import Reminder, TableService, Update
from bot.service.coalesce import EditCoalescer
from bot.service.updates import Announcement
from cogs.hand_message import hand_parts
from cogs.interaction import CinchInteraction
from cogs.message_parts import Parts
from cogs.replay import ReplayOpenButton
from cogs.table_message import table_parts
from cogs.turn_pings import TurnPings, mention

if TYPE_CHECKING:
    from bot.factory import CinchBot

log = logging.getLogger(__name__)

#: Discord refuses a DM to this user (they closed DMs from server members, or blocked the bot).
CANNOT_DM = 50007
#: How long a private hand message stays editable through its interaction (15 min, a margin).
EPHEMERAL_LIFETIME = timedelta(minutes=14)


#: The channels a table can be played in: their messages can be edited by id.
MessageChannel = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel


@dataclass
class _HandMessage:
    """A player's last private hand message at a table, and the language it was shown in."""

    interaction: CinchInteraction
    locale: str | None
    shown_at: datetime


class Delivery:
    """The bot's outbox: the service says what changed; this shows it in Discord."""

    def __init__(self, bot: CinchBot) -> None:
        self.bot = bot
        self.coalescer = EditCoalescer(self._show_table)
        self.pings = TurnPings(bot)
        self._started: asyncio.Task[None] | None = None
        self._ephemeral: dict[tuple[int, int], _HandMessage] = {}
        self._dms: dict[tuple[int, int], discord.Message] = {}
        self._notes: dict[int, list[str]] = {}

    @property
    def tables(self) -> TableService:
        return self.bot.tables

    async def close(self) -> None:
        if self._started is not None:
            self._started.cancel()
        await self.coalescer.close()

    def refresh_after_start(self) -> None:
        """Once connected, bring every open table's message up to date with the store.

        The last edit before the process stopped may never have gone out (it waits for the
        edit coalescer), so a table message can show a state before the last stored action.
        Players whose private hand message can no longer be refreshed (its interaction died
        with the process) are told so, with the table's own message, at each game going on.
        """
        self._started = asyncio.get_running_loop().create_task(self._refresh_open_tables())

    async def _refresh_open_tables(self) -> None:
        await self.bot.wait_until_ready()
        for table in self.tables.open_tables():
            if table.playing:
                notice = Announcement(t("text.restarted", table.locale))
                await self._attempt(self._announce(table.channel_id, notice), table.id)
            self.coalescer.mark(table.id, settled=True)

    # ------------------------------------------------------------------ the outbox

    async def deliver(self, update: Update) -> None:
        """Show one update. Each part is tried on its own: Discord refusing one message
        (a deleted channel, a missing permission) must not keep the others from showing."""
        await self.bot.wait_until_ready()
        if update.mover is not None:
            self.pings.acted(update.mover)
        locale = self._table_locale(update.table_id)
        for announcement in update.announcements:
            shown = self._announce(update.channel_id, announcement, locale)
            await self._attempt(shown, update.table_id)
        if update.closed:
            await self._attempt(self.pings.clear(update.table_id), update.table_id)
            await self._attempt(self._retire_table_message(update), update.table_id)
            return
        self.coalescer.mark(update.table_id, settled=update.settled, repost=update.repost)
        for user_id in sorted(update.private):
            refresh = self._refresh_hand(update.table_id, user_id, dealt=user_id in update.dealt)
            await self._attempt(refresh, update.table_id)

    @staticmethod
    async def _attempt(work: Awaitable[None], table_id: int) -> None:
        try:
            await work
        except UserFacingError:
            pass  # the table or the seat changed in the meantime: nothing left to show
        except discord.HTTPException:
            log.warning("Discord refused part of an update of table %s", table_id, exc_info=True)

    async def remind(self, reminder: Reminder) -> None:
        await self.bot.wait_until_ready()
        table = self.tables.table(reminder.table_id)
        text = t(
            "text.reminder",
            table.locale,
            player=mention(reminder.user_id),
            seconds=reminder.seconds_left,
        )
        channel = await self._channel(reminder.channel_id)
        sent = await channel.send(**Parts(text, mention=reminder.user_id).send_kwargs())
        self.pings.reminder_sent(reminder.table_id, sent)

    # ------------------------------------------------------------------ the table message

    async def _channel(self, channel_id: int) -> MessageChannel:
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            channel = await self.bot.fetch_channel(channel_id)
        assert isinstance(channel, MessageChannel)
        return channel

    async def _show_table(self, table_id: int, repost: bool) -> None:
        """Edit the table message in place, or post it anew and delete the old one: anew at
        each new hand, game or lobby, and when a person's turn starts whom the new message
        must notify (see `cogs.turn_pings`)."""
        try:
            public = await self.tables.public_table(table_id, mention=mention)
        except UserFacingError:
            return  # closed in the meantime
        table = self.tables.table(table_id)
        notify = await self.pings.turn_started(table_id, public)
        parts = replace(table_parts(public, table.locale), mention=notify)
        channel = await self._channel(public.channel_id)
        edit = None if repost or notify is not None else public.message_id
        if not await self._edited(channel, edit, parts):
            message = await channel.send(**parts.send_kwargs())
            await self.tables.set_message(table_id, message.id)
            if public.message_id is not None:
                with contextlib.suppress(discord.HTTPException):
                    await channel.get_partial_message(public.message_id).delete()
        if notify is not None:
            await self.pings.ping_by_dm(notify, public.channel_id)

    @staticmethod
    async def _edited(channel: MessageChannel, message_id: int | None, parts: Parts) -> bool:
        """Edit the table message in place; False when there is none to edit (any more)."""
        if message_id is None:
            return False
        try:
            await channel.get_partial_message(message_id).edit(**parts.edit_kwargs())
        except discord.NotFound:
            return False
        return True

    async def _retire_table_message(self, update: Update) -> None:
        """A closed table keeps its last message, without buttons."""
        if update.message_id is None:
            return
        channel = await self._channel(update.channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(update.message_id).edit(view=None)

    def _table_locale(self, table_id: int) -> str | None:
        try:
            return self.tables.table(table_id).locale
        except UserFacingError:
            return None  # closed in the meantime

    async def _announce(
        self, channel_id: int, announcement: Announcement, locale: str | None = None
    ) -> None:
        """Post an announcement; a hand's result offers its replay ("Replay hand")."""
        channel = await self._channel(channel_id)
        view = None
        if announcement.hand is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(ReplayOpenButton(*announcement.hand, locale=locale))
        parts = Parts(announcement.text, announcement.picture, announcement.filename or "", view)
        await channel.send(**parts.send_kwargs())

    # ------------------------------------------------------------------ private hands

    async def remember_hand(
        self,
        interaction: CinchInteraction,
        table_id: int,
        locale: str | None,
        *,
        new_message: bool,
    ) -> None:
        """The player was just shown their hand: refresh that same message from now on.

        When it was shown in a new message (a command, "Show my hand"), the one shown before
        would keep its old turn and live buttons: it now points to the new one instead.
        """
        key = (interaction.user.id, table_id)
        if interaction.guild_id is None and interaction.message is not None:
            self._dms[key] = interaction.message
            return
        previous = self._ephemeral.get(key)
        self._ephemeral[key] = _HandMessage(interaction, locale, discord.utils.utcnow())
        if new_message and previous is not None and self._still_editable(previous):
            moved = Parts(t("reply.hand_moved", previous.locale))
            with contextlib.suppress(discord.HTTPException):
                await previous.interaction.edit_original_response(**moved.edit_kwargs())

    def take_notes(self, user_id: int) -> list[str]:
        """Catalogue keys of what this player must still be told (once)."""
        return self._notes.pop(user_id, [])

    async def _refresh_hand(self, table_id: int, user_id: int, *, dealt: bool) -> None:
        preferences = await self.bot.store.preferences.get(user_id)
        if preferences.wants_dm and await self._send_dm(
            table_id, user_id, preferences.locale, dealt=dealt
        ):
            return
        await self._edit_ephemeral(table_id, user_id)

    def _locale_for(self, user_id: int, table_id: int, chosen: str | None) -> str | None:
        if chosen is not None:
            return chosen
        shown = self._ephemeral.get((user_id, table_id))
        return shown.locale if shown is not None else self.tables.table(table_id).locale

    async def _current_hand(self, table_id: int, user_id: int, locale: str | None) -> Parts:
        """The player's hand as it is now; once the game is over, only that it is over."""
        if not self.tables.table(table_id).playing:
            return Parts(t("reply.game_finished", locale))
        return hand_parts(await self.tables.private_hand(table_id, user_id, locale), locale)

    def where(self, table_id: int, locale: str | None) -> str:
        """Which server and channel a hand sent by DM belongs to."""
        channel = self.bot.get_channel(self.tables.table(table_id).channel_id)
        guild = getattr(channel, "guild", None)
        if channel is None or guild is None:
            return ""
        return t("dm.where", locale, server=guild.name, channel=f"<#{channel.id}>")

    async def _send_dm(
        self, table_id: int, user_id: int, locale: str | None, *, dealt: bool
    ) -> bool:
        """Send or update the hand by DM, saying where it is played; False when Discord
        refuses DMs to this player."""
        locale = self._locale_for(user_id, table_id, locale)
        current = await self._current_hand(table_id, user_id, locale)
        where = self.where(table_id, locale)
        content = f"{where}\n{current.content}" if where else current.content
        parts = replace(current, content=content)
        key = (user_id, table_id)
        previous = self._dms.get(key)
        try:
            if previous is not None and not dealt:
                self._dms[key] = await previous.edit(**parts.edit_kwargs())
                return True
            if not self.tables.table(table_id).playing:
                return True  # nothing to tell in a new DM once the game is over
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            self._dms[key] = await user.send(**parts.send_kwargs())
            return True
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                raise
        await self.bot.store.preferences.update(user_id, dm_failed=True)
        self._dms.pop(key, None)
        await self._tell_once(user_id, table_id, "errors.dm_closed")
        return False

    async def _tell_once(self, user_id: int, table_id: int, key: str) -> None:
        """Tell the player privately now if possible, else with their next hand."""
        shown = self._ephemeral.get((user_id, table_id))
        if shown is not None and self._still_editable(shown):
            with contextlib.suppress(discord.HTTPException):
                await shown.interaction.followup.send(t(key, shown.locale), ephemeral=True)
                return
        self._notes.setdefault(user_id, []).append(key)

    @staticmethod
    def _still_editable(shown: _HandMessage) -> bool:
        return discord.utils.utcnow() - shown.shown_at < EPHEMERAL_LIFETIME

    async def _edit_ephemeral(self, table_id: int, user_id: int) -> None:
        key = (user_id, table_id)
        shown = self._ephemeral.get(key)
        if shown is None:
            return
        if not self._still_editable(shown):
            del self._ephemeral[key]
            return
        parts = await self._current_hand(table_id, user_id, shown.locale)
        try:
            await shown.interaction.edit_original_response(**parts.edit_kwargs())
        except discord.HTTPException:
            log.info("Private hand of %s at table %s can no longer be edited", user_id, table_id)
            self._ephemeral.pop(key, None)
