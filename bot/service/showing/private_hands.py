"""Each player's private hand: the answer to their own click or command, and bringing their
live hand messages up to date when their cards or their turn change.

A player who takes their hand by DM gets a new DM at each deal, edited as the hand goes on; if
Discord refuses it, their setting is marked failed, they are told once, and their hand shows
privately in the channel from then on. Otherwise their last private message in the channel is
edited while its interaction still allows it (``PRIVATE_LIFETIME``); after that "Show my hand"
brings a fresh one. A hand shown in a new message makes the one before say where it went, so
no old message keeps a turn and buttons that are no longer live; so does a new DM that replaces
one that may still show a turn (the answer to a hand's last card showed the new deal there, or
the process stopped before that answer).

Where each person's hand messages are is stored with the table (``store.shown``), so after a
restart the same messages are brought up to date as if the process had never stopped, and a
deal whose DM never went out gets it then.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import datetime, timedelta

from bot.i18n import t
from bot.people import People, Person
from bot.service.outbox import Outbox
from bot.service.showing import display
from bot.service.showing.drawing import Drawing
from bot.service.shown import HandDelivery, HandPlace, HandReply, PrivateHand
from bot.service.tables.table import HandMessages, Table
from bot.store import HandBeingSent, HandMessageKind, HandMessageRecord, PendingNote, Store

#: How long a private hand message stays editable through its interaction (Discord allows
#: 15 minutes; a margin for clocks and slow requests).
PRIVATE_LIFETIME = timedelta(minutes=14)


class PrivateHands:
    """Draws each player's hand in their language and deck, and shows it where it lives."""

    def __init__(
        self,
        *,
        store: Store,
        outbox: Outbox,
        draw: Drawing,
        people: People,
        clock: Callable[[], datetime],
    ) -> None:
        self._store = store
        self._outbox = outbox
        self._draw = draw
        self._people = people
        self._clock = clock

    async def load(self, table: Table) -> None:
        """Bring back where the table's people's hand messages are (after a restart), and the
        private hands whose sending began and whose place was never stored, while Discord
        can still give them back."""
        for record in await self._store.shown.hand_messages(table.id):
            messages = table.hand_messages.setdefault(record.user_id, HandMessages())
            place = _place(record)
            if record.kind == "dm":
                messages.dm = place
            else:
                messages.private = place
        now = self._clock()
        for sending in await self._store.shown.hands_being_sent(table.id):
            if sending.editable_until <= now:
                await self._store.shown.hand_sent(table.id, sending.user_id, sending.token)
                continue
            messages = table.hand_messages.setdefault(sending.user_id, HandMessages())
            messages.being_sent.append(sending)

    async def being_sent(self, table: Table, sending: HandBeingSent) -> None:
        """A private hand is about to be sent as an interaction's response: written ahead, so
        that the next start finds that message if this process stops before :meth:`shown`."""
        if not table.closed:
            await self._store.shown.hand_being_sent(table.id, sending)

    async def reply(self, table: Table, person: Person, *, acted: bool) -> HandReply:
        """The answer to a seated player: their hand now, with what they must still be told.
        After the action that ended the game (``acted``) there is no hand left to show."""
        locale = await self._people.locale_for(person)
        if acted and not table.playing:
            return HandReply(table.id, table.channel_id, locale, None)
        hand = await self._hand(table, person.user_id, locale)
        notes, noted = await self._people.notes(person.user_id, locale)
        return HandReply(table.id, table.channel_id, locale, hand, notes, noted)

    async def told(self, user_id: int, noted: tuple[PendingNote, ...]) -> None:
        """The player was shown ``noted`` with their hand: none is told again."""
        await self._people.told(user_id, noted)

    async def shown(
        self, table: Table, user_id: int, place: HandPlace, *, new_message: bool
    ) -> HandPlace | None:
        """The player was just shown their hand at ``place``: refresh that message from now on.

        Returns the message it replaces when that one is still editable: shown in a new
        message, the hand leaves the last one with its old turn and live buttons, so that one
        must now say where the hand went; and a DM answered after a newer one of a new deal
        went out is itself the one to say so. Nothing is kept for someone no longer seated (their
        seat was taken while the answer was on its way).
        """
        if new_message and place.token is not None:
            await self._store.shown.hand_sent(table.id, user_id, place.token)
        if table.seat_of(user_id) is None:
            return None
        messages = table.hand_messages.setdefault(user_id, HandMessages())
        if place.by_dm:
            # A reply in an older DM does not take over from the newer one of a new deal
            # (message ids grow with time): it must say where the hand went.
            if messages.dm is None or place.message_id >= messages.dm.message_id:
                await self._keep(table, user_id, "dm", place, messages)
                return None
            return place
        previous = messages.private
        await self._keep(table, user_id, "private", place, messages)
        if (
            new_message
            and previous is not None
            and previous.message_id != place.message_id
            and previous.editable(self._clock())
        ):
            return previous
        return None

    async def refresh(
        self,
        table: Table,
        user_id: int,
        *,
        dealt: bool,
        answered: bool = False,
        restarted: bool = False,
    ) -> None:
        """Bring the player's hand messages up to date (``dealt``: new cards, a new DM): their
        DM, and their private message in the channel while it can be edited (one who takes
        their hand by DM may have shown it there too: it must not keep a turn played since).
        One whose own reply shows their hand (``answered``) gets only a new deal's DM. Just
        after a start (``restarted``), any other DM of the table's that still offers moves (one
        sent as the last process stopped, never recorded) says where the hand went."""
        settings = await self._people.settings(user_id)
        if answered and not (dealt and settings.wants_dm):
            return
        if table.seat_of(user_id) is None:
            return  # they left, or their seat was taken, since the change: nothing to show
        messages = table.hand_messages.setdefault(user_id, HandMessages())
        if restarted:
            await self._found_again(table, user_id, messages)
        if settings.wants_dm:
            await self._by_dm(table, user_id, messages, dealt=dealt)
            current = messages.dm
            if restarted and current is not None:
                moved = t("reply.hand_moved", current.locale)
                await self._outbox.retire_other_dms(user_id, table.id, current.message_id, moved)
        private = messages.private
        if answered or private is None:
            return
        if not private.editable(self._clock()):
            await self._keep(table, user_id, "private", None, messages)
            return
        hand = await self._current(table, user_id, private.locale)
        delivery = HandDelivery(
            table.id, table.channel_id, user_id, private.locale, hand, private, by_dm=False
        )
        shown = (await self._outbox.show_hand(delivery)).place
        latest = messages.private
        if latest is not private:
            # The player was shown their hand meanwhile (a newer answer stands), perhaps in a
            # new message: then the one just edited must say where the hand went.
            if shown is not None and latest is not None and latest.message_id != shown.message_id:
                await self._outbox.retire_hand(shown, t("reply.hand_moved", shown.locale))
            return
        await self._keep(table, user_id, "private", _showing(shown, hand), messages)

    async def _found_again(self, table: Table, user_id: int, messages: HandMessages) -> None:
        """The private hands sent as the last process stopped, their place never stored: each
        that Discord gives back (its interaction answered) is the player's newest, as if it
        had been stored, and the one before it says where the hand went."""
        while messages.being_sent:
            sending = messages.being_sent.pop(0)
            place = HandPlace(
                0,
                application_id=sending.application_id,
                token=sending.token,
                editable_until=sending.editable_until,
                locale=sending.locale,
            )
            if place.editable(self._clock()):
                message_id = await self._outbox.original_response(place)
                if message_id is not None:
                    place = replace(place, message_id=message_id)
                    replaced = await self.shown(table, user_id, place, new_message=True)
                    if replaced is not None:
                        moved = t("reply.hand_moved", replaced.locale)
                        await self._outbox.retire_hand(replaced, moved)
            await self._store.shown.hand_sent(table.id, user_id, sending.token)

    async def _by_dm(
        self, table: Table, user_id: int, messages: HandMessages, *, dealt: bool
    ) -> None:
        """Send or edit the hand's DM; where Discord refuses DMs to this player, their hand
        shows in the channel from now on, and they are told. A DM that shows an earlier deal
        (its DM may never have gone out) gets a new one."""
        settings = await self._people.settings(user_id)
        private = messages.private
        locale = settings.locale or (private.locale if private else None) or table.locale
        stored = previous = messages.dm
        if dealt or (previous is not None and not _shows_current_deal(previous, table)):
            previous = None
        if previous is None and not table.playing:
            return  # nothing to tell in a new DM once the game is over
        hand = await self._current(table, user_id, locale)
        delivery = HandDelivery(
            table.id, table.channel_id, user_id, locale, hand, previous, by_dm=True
        )
        shown = await self._outbox.show_hand(delivery)
        if not shown.dm_refused:
            await self._keep(table, user_id, "dm", _showing(shown.place, hand), messages)
            if stored is not None and stored != previous and _may_show_a_turn(stored, table, dealt):
                await self._outbox.retire_hand(stored, t("reply.hand_moved", stored.locale))
            return
        await self._people.change(user_id, dm_failed=True)
        await self._keep(table, user_id, "dm", None, messages)
        await self._tell_once(table, user_id, locale, messages, "errors.dm_closed")

    async def _tell_once(
        self, table: Table, user_id: int, locale: str | None, messages: HandMessages, key: str
    ) -> None:
        """Tell the player now, by a way Discord still accepts (this may be a new process,
        long after their last click): beside their private hand message while its interaction
        lives, else in the table's channel naming them; failing both, with their next hand."""
        private = messages.private
        beside = private if private is not None and private.editable(self._clock()) else None
        if beside is not None:
            locale = beside.locale
        if not await self._outbox.tell(user_id, table.channel_id, t(key, locale), beside):
            await self._people.note(table.id, user_id, key)

    async def _keep(
        self,
        table: Table,
        user_id: int,
        kind: HandMessageKind,
        place: HandPlace | None,
        messages: HandMessages,
    ) -> None:
        """Remember (in memory and in the store) where the person's hand of ``kind`` is."""
        before = messages.dm if kind == "dm" else messages.private
        if place == before:
            return
        if kind == "dm":
            messages.dm = place
        else:
            messages.private = place
        if table.closed:
            return
        if place is None:
            await self._store.shown.forget_hand_message(table.id, user_id, kind)
        else:
            await self._store.shown.keep_hand_message(table.id, _record(user_id, kind, place))

    async def _current(self, table: Table, user_id: int, locale: str | None) -> PrivateHand | None:
        """The player's hand as it is now; None once the game is over."""
        if not table.playing:
            return None
        return await self._hand(table, user_id, locale)

    async def _hand(self, table: Table, user_id: int, locale: str | None) -> PrivateHand:
        four_colour = (await self._people.settings(user_id)).four_colour
        return await display.private_hand(
            table, user_id, locale, self._draw, four_colour=four_colour
        )


def _shows_current_deal(place: HandPlace, table: Table) -> bool:
    game = table.game
    return game is not None and (place.game_id, place.hand_number) == (
        table.game_id,
        game.hand_number,
    )


def _may_show_a_turn(replaced: HandPlace, table: Table, dealt: bool) -> bool:
    """Whether a DM a new one replaces may still show a turn, with live buttons: one of this
    deal (the answer to the click that dealt it showed the new cards there), or any when the
    new DM is not the deal's own (after a restart, when the old one's click was never
    answered). A DM of the last deal replaced at the deal shows no turn: it is left as it is."""
    return not dealt or _shows_current_deal(replaced, table)


def _showing(place: HandPlace | None, hand: PrivateHand | None) -> HandPlace | None:
    """``place``, marked with the hand it now shows."""
    if place is None or hand is None:
        return place
    return replace(place, game_id=hand.game_id, hand_number=hand.hand_number)


def _record(user_id: int, kind: HandMessageKind, place: HandPlace) -> HandMessageRecord:
    return HandMessageRecord(
        user_id=user_id,
        kind=kind,
        message_id=place.message_id,
        dm_channel_id=place.dm_channel_id,
        application_id=place.application_id,
        token=place.token,
        editable_until=place.editable_until,
        locale=place.locale,
        game_id=place.game_id,
        hand_number=place.hand_number,
    )


def _place(record: HandMessageRecord) -> HandPlace:
    return HandPlace(
        record.message_id,
        dm_channel_id=record.dm_channel_id,
        application_id=record.application_id,
        token=record.token,
        editable_until=record.editable_until,
        locale=record.locale,
        game_id=record.game_id,
        hand_number=record.hand_number,
    )
