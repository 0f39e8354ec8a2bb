"""Showing in Discord what the table service publishes: the bot's :class:`~bot.service.Outbox`.

Built from the Discord client alone: the service hands it finished, plain things to show (the
table message and whom it notifies, an announcement, a player's hand and where it lives) and
it only shows them.

- The table message is edited in place, or posted anew (and the old one deleted) at each new
  hand, game or lobby and when a person's turn starts whom it must notify: only that person is
  ever mentioned, in a new message (``allowed_mentions`` names them alone).
- A message that notified someone is never deleted (the notification would lead to nothing:
  a "ghost ping"): when the table moves below it, it shrinks to a bare line without mention,
  picture or buttons, and stays. Only messages that notified nobody are deleted
  (``docs/messages.md``, "Notifying without ghost pings").
- Announcements (a hand's or game's result, news) are new messages; a hand's result offers its
  replay, a game's its rematch.
- Private hands: a DM sent or edited, or the player's private message in the channel edited
  through its interaction's token (so it works after a restart too, while the token lives).
- A turn timer's reminders stand until the turn moves on.
- When Discord answers that the table's channel is gone (deleted, in a server that removed the
  bot, or one the bot may no longer see or post in), the table message and announcements raise
  :class:`~bot.service.ChannelGone`, and the service closes the table without a word.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta

import discord
from discord.webhook.async_ import async_context

from bot.i18n import t
from bot.service import (
    Announcement,
    ChannelGone,
    HandDelivery,
    HandPlace,
    HandShown,
    Reminder,
    TableShown,
)
from cogs.records.replay import ReplayOpenButton
from cogs.shared.message_parts import Parts
from cogs.tables.channel_pace import ChannelPace, plan
from cogs.tables.hand_message import hand_parts, offers_moves, where_line
from cogs.tables.rematch import RematchButton
from cogs.tables.table_message import table_parts

log = logging.getLogger(__name__)

#: Discord refuses a DM to this user (they closed DMs from server members, or blocked the bot).
CANNOT_DM = 50007
#: Discord's answers that the bot can no longer use a channel: Unknown Channel, Missing Access
#: and Missing Permissions.
CHANNEL_GONE = frozenset({10003, 50001, 50013})

#: Discord throttles edits of messages older than an hour (error 30046): one this old is no
#: longer edited but replaced.
EDITED_UNTIL = timedelta(minutes=50)
#: What a message that notified someone says once the table moved on below it.
MENTION_REMOVED = "⏩"
NO_MENTIONS = discord.AllowedMentions.none()
#: Discord's type of the webhook an interaction's token stands for (its followups).
APPLICATION_WEBHOOK = 3
#: How many of a player's last DMs are read after a start for hands never recorded.
DMS_READ_AFTER_A_START = 10

#: The channels a table can be played in: their messages can be edited by id.
MessageChannel = discord.TextChannel | discord.Thread | discord.VoiceChannel | discord.StageChannel


class Delivery:
    """The bot's outbox: the service says what to show; this shows it in Discord."""

    def __init__(self, client: discord.Client) -> None:
        self.client = client
        #: Each table's turn-timer reminders still standing in its channel.
        self._reminders: dict[int, list[discord.Message]] = {}
        #: What each table's channel has left of Discord's message limits.
        self.pace = ChannelPace()

    mention_format = "<@{}>"

    # ------------------------------------------------------------------ the table message

    async def show_table(self, shown: TableShown) -> int | None:
        """Edit the table message in place, or post it anew below everything and take the old
        one away, from whichever of the channel's budgets shows it soonest (`channel_pace`).

        A message that notified a player is never deleted (moderation bots report that as a
        "ghost ping", and the player's notification would lead nowhere): it shrinks to a bare
        line. A message
        close to an hour old is not edited (Discord throttles those edits): the table is posted
        anew. A new message that notifies nobody goes out silently.
        """
        await self.client.wait_until_ready()
        public = shown.table
        if shown.turn_moved:
            await self._clear_reminders(public.table_id)
        parts = replace(table_parts(public), mention=shown.notify, silent=shown.notify is None)
        old = public.message_id
        with _unless_gone(public.channel_id):
            channel = await self._channel(public.channel_id)
            now = _now()
            how = plan(
                has_message=old is not None,
                wants_new=shown.repost,
                notifies=shown.notify is not None,
                old_mentions=shown.old_mentions,
                may_edit_old=not _aged(old),
                edits_left=self.pace.left(channel.id, "edit", now),
                sends_left=self.pace.left(channel.id, "send", now),
            )
            if how.edit and old is not None and await self._edited(channel, old, parts):
                return old
            message_id = (await self._send(channel, parts)).id
        if old is not None:
            await self._take_away(channel.get_partial_message(old), how.unmention_old)
        if shown.notify is not None and shown.dm_ping:
            text = t("ping.your_turn_dm", shown.dm_ping_locale, channel=f"<#{public.channel_id}>")
            try:
                await (await self._user(shown.notify)).send(text)
            except discord.HTTPException:
                log.info("Could not tell %s by DM that their turn started", shown.notify)
        return message_id

    async def _send(self, channel: MessageChannel, parts: Parts) -> discord.Message:
        """Post in a table's channel, counting it against the channel's posts."""
        self.pace.spent(channel.id, "send", _now())
        return await channel.send(**parts.send_kwargs())

    async def _take_away(
        self, message: discord.PartialMessage | discord.Message, mentions: bool
    ) -> None:
        """Take a message of the bot's out of the way. One that ``mentions`` someone notified
        them: it is never deleted, but becomes a bare line (no mention, no picture, no
        buttons) that stays, unless it is too old to be edited freely (then it stays as it
        is). One that notified nobody is deleted."""
        if not mentions:
            try:
                await message.delete()
            except discord.HTTPException:
                log.info("Could not delete message %s", message.id)
            return
        if _aged(message.id):
            return
        self.pace.spent(message.channel.id, "edit", _now())
        try:
            await message.edit(
                content=MENTION_REMOVED, attachments=[], view=None, allowed_mentions=NO_MENTIONS
            )
        except discord.HTTPException:
            log.info("Could not take the mention off message %s", message.id)

    async def _edited(self, channel: MessageChannel, message_id: int, parts: Parts) -> bool:
        """Edit the table message in place; False when there is none to edit (any more)."""
        self.pace.spent(channel.id, "edit", _now())
        try:
            await channel.get_partial_message(message_id).edit(**parts.edit_kwargs())
        except discord.NotFound as error:
            if error.code in CHANNEL_GONE:
                raise
            return False  # the message was deleted: a new one is posted
        return True

    async def close_table(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        """A closed table keeps its last message, without buttons; its reminders go."""
        await self.client.wait_until_ready()
        await self._clear_reminders(table_id)
        self.pace.forget(channel_id)
        # A tournament's match may be over: the league's clock looks (cogs/league/clock.py).
        self.client.dispatch("cinch_table_closed", table_id)
        if message_id is None:
            return
        channel = await self._channel(channel_id)
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(message_id).edit(view=None)

    async def archive_thread(self, channel_id: int) -> None:
        """Archive the thread a table was opened in, now that the table closed. Discord may
        refuse (the bot lacks Manage Threads): the thread then archives itself after an hour
        without messages (``cogs/tables/table_threads.py``)."""
        await self.client.wait_until_ready()
        try:
            thread = await self._channel(channel_id)
            if isinstance(thread, discord.Thread) and not thread.archived:
                await thread.edit(archived=True)
        except discord.HTTPException:
            log.info("Could not archive thread %s", channel_id)

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        """Post an announcement; a hand's result offers its replay ("Replay hand"), a game's
        its rematch ("Rematch")."""
        await self.client.wait_until_ready()
        view = None
        if announcement.hand is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(ReplayOpenButton(*announcement.hand, locale=announcement.locale))
        if announcement.rematch is not None:
            view = view or discord.ui.View(timeout=None)
            view.add_item(RematchButton(announcement.rematch, locale=announcement.locale))
        parts = Parts(announcement.text, announcement.picture, announcement.filename or "", view)
        with _unless_gone(channel_id):
            channel = await self._channel(channel_id)
            await self._send(channel, parts)

    async def remind(self, reminder: Reminder) -> None:
        await self.client.wait_until_ready()
        # Counted as standing before it is sent: a turn that moves on (or a table that closes)
        # while it is on its way takes the list away, and the reminder then goes at once
        # instead of being kept for a table that will never clear it.
        standing = self._reminders.setdefault(reminder.table_id, [])
        channel = await self._channel(reminder.channel_id)
        sent = await self._send(channel, Parts(reminder.text, mention=reminder.user_id))
        if self._reminders.get(reminder.table_id) is standing:
            standing.append(sent)
        else:
            await self._take_away(sent, mentions=True)

    async def _clear_reminders(self, table_id: int) -> None:
        """The turn moved on: its reminders go (each mentions the player it reminded)."""
        for message in self._reminders.pop(table_id, []):
            await self._take_away(message, mentions=True)

    # ------------------------------------------------------------------ private hands

    async def show_hand(self, delivery: HandDelivery) -> HandShown:
        """Send or edit the player's hand by DM, or edit their private message in the channel."""
        await self.client.wait_until_ready()
        parts = hand_parts(delivery.hand, delivery.locale)
        if delivery.by_dm:
            return await self._show_by_dm(delivery, parts)
        place = delivery.place
        assert place is not None, "a hand outside DMs is only ever edited where it is"
        try:
            await self._webhook(place).edit_message(place.message_id, **parts.edit_kwargs())
        except discord.HTTPException:
            user, table = delivery.user_id, delivery.table_id
            log.info("The hand of %s at table %s can no longer be edited", user, table)
            return HandShown(None)
        return HandShown(place)

    async def _show_by_dm(self, delivery: HandDelivery, parts: Parts) -> HandShown:
        where = where_line(self.client, delivery.channel_id, delivery.locale)
        content = f"{where}\n{parts.content}" if where else parts.content
        parts = Parts(content, parts.picture, parts.filename, parts.view)
        place = delivery.place
        # A DM near an hour old is not edited (Discord throttles that): a new one replaces it.
        if place is not None and _aged(place.message_id):
            place = None
        try:
            if place is not None and place.dm_channel_id is not None:
                channel = self.client.get_partial_messageable(place.dm_channel_id)
                await channel.get_partial_message(place.message_id).edit(**parts.edit_kwargs())
                return HandShown(place)
            user = await self._user(delivery.user_id)
            sent = await user.send(**parts.send_kwargs())
        except discord.Forbidden as error:
            if error.code == CANNOT_DM:
                return HandShown(None, dm_refused=True)
            log.warning("Could not send the hand of %s by DM", delivery.user_id, exc_info=True)
            return HandShown(None)
        except discord.HTTPException:
            log.warning("Could not send the hand of %s by DM", delivery.user_id, exc_info=True)
            return HandShown(None)
        return HandShown(HandPlace(sent.id, dm_channel_id=sent.channel.id, locale=delivery.locale))

    async def retire_hand(self, place: HandPlace, text: str) -> None:
        """Edit a hand message another replaced to say where the hand went: a DM directly,
        a private message in the channel through its interaction."""
        await self.client.wait_until_ready()
        parts = Parts(text).edit_kwargs()
        with contextlib.suppress(discord.HTTPException):
            if place.dm_channel_id is not None:
                channel = self.client.get_partial_messageable(place.dm_channel_id)
                await channel.get_partial_message(place.message_id).edit(**parts)
            else:
                await self._webhook(place).edit_message(place.message_id, **parts)

    async def retire_other_dms(self, user_id: int, table_id: int, current: int, text: str) -> None:
        """Read the player's last DMs (a process that stopped between sending a hand's DM and
        recording it left one nobody knows of) and make each of the table's that still has
        live moves, but the ``current`` one, say where the hand is now."""
        await self.client.wait_until_ready()
        me = self.client.user
        try:
            channel = await (await self._user(user_id)).create_dm()
            async for message in channel.history(limit=DMS_READ_AFTER_A_START):
                if message.id == current or me is None or message.author.id != me.id:
                    continue
                if offers_moves(message, table_id):
                    await message.edit(**Parts(text).edit_kwargs())
        except discord.HTTPException:
            log.info("Could not read the DMs of %s for table %s", user_id, table_id)

    async def original_response(self, place: HandPlace) -> int | None:
        """The message that answered the interaction of ``place``'s token, through Discord's
        ``@original`` route for it (``Webhook.fetch_message`` would escape the ``@``)."""
        await self.client.wait_until_ready()
        webhook = self._webhook(place)
        try:
            data = await async_context.get().get_original_interaction_response(
                webhook.id,
                place.token or "",
                session=webhook.session,
                proxy=webhook.proxy,
                proxy_auth=webhook.proxy_auth,
            )
        except discord.HTTPException:
            log.info("A private hand sent as the last process stopped is gone")
            return None
        return int(data["id"])

    async def tell(
        self, user_id: int, channel_id: int, text: str, beside: HandPlace | None
    ) -> bool:
        """A followup of the interaction that showed the player's private hand (``beside``),
        seen by them alone; where that interaction is over (or the service had none), a
        message in the table's channel that names them. That message notified them, so it is
        never taken away."""
        await self.client.wait_until_ready()
        if beside is not None:
            try:
                await self._webhook(beside).send(text, ephemeral=True)
                return True
            except discord.HTTPException:
                log.info("The interaction beside the hand of %s is over", user_id)
        try:
            channel = await self._channel(channel_id)
            named = f"{self.mention_format.format(user_id)} {text}"
            await self._send(channel, Parts(named, mention=user_id))
        except discord.HTTPException:
            log.info("Could not tell %s in channel %s", user_id, channel_id)
            return False
        return True

    def _webhook(self, place: HandPlace) -> discord.Webhook:
        """The webhook of the interaction that showed a private message, from its stored
        token: an application's webhook, as discord.py makes for an interaction's followups
        (only those may send messages that their player alone sees)."""
        assert place.application_id is not None and place.token is not None
        data = {"id": place.application_id, "type": APPLICATION_WEBHOOK, "token": place.token}
        return discord.Webhook.from_state(data, self.client._connection)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ Discord lookups

    async def _channel(self, channel_id: int) -> MessageChannel:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        assert isinstance(channel, MessageChannel)
        return channel

    async def _user(self, user_id: int) -> discord.User:
        return self.client.get_user(user_id) or await self.client.fetch_user(user_id)


def _now() -> float:
    """Discord's clock in seconds (simulated time in tests moves it too)."""
    return discord.utils.utcnow().timestamp()


def _aged(message_id: int | None) -> bool:
    """Whether the message is too old to be edited freely (None: there is no message)."""
    if message_id is None:
        return False
    return discord.utils.utcnow() - discord.utils.snowflake_time(message_id) >= EDITED_UNTIL


@contextlib.contextmanager
def _unless_gone(channel_id: int) -> Iterator[None]:
    """Calls to Discord in a table's channel: an answer that the channel is gone for the bot
    becomes :class:`ChannelGone`, which the service understands."""
    try:
        yield
    except (discord.NotFound, discord.Forbidden) as error:
        if error.code in CHANNEL_GONE:
            raise ChannelGone(channel_id) from error
        raise
