"""What a seated player sees for themselves: their hand, a hint, the cards they may type.

A player may ask for their hand again, or for a hint, only so often (:mod:`bot.service.pacing`).
Where their hand message lives, a DM or the reply to their last click, is kept by
:mod:`bot.service.showing.private_hands`: the one they were shown last is the one refreshed, and the
one it replaces says where the hand went.
"""

from __future__ import annotations

from dataclasses import replace

from bot.engine import Card, PlayDecision
from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, lookup, t
from bot.people import Person
from bot.presentation.texts import action_text
from bot.presentation.user_text import in_message
from bot.service.areas.automation import decision_seed
from bot.service.service_state import ServiceState
from bot.service.shown import HandDelivery, HandPlace, HandReply
from bot.store import HandBeingSent, PendingNote


class PlayerView(ServiceState):
    """A player's own hand, where it is shown, and hints."""

    async def show_hand(self, table_id: int, person: Person) -> HandReply:
        """A seated player's hand, picture and text, and what they may do now."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        self._hand_requests.take(person.user_id, table.id, table.version)
        return await self._hands.reply(table, person, acted=False)

    async def hand_shown(
        self,
        table_id: int,
        user_id: int,
        place: HandPlace,
        *,
        new_message: bool,
        noted: tuple[PendingNote, ...] = (),
    ) -> None:
        """The player was just shown their hand at ``place`` (``new_message``: not by editing
        the message they clicked): that message is the one refreshed from now on, and the
        notes it showed (``HandReply.noted``) are not told again."""
        await self._hands.told(user_id, noted)
        table = self.registry.get(table_id)
        if table is None:
            return  # closed in the meantime: nothing more to refresh
        replaced = await self._hands.shown(table, user_id, place, new_message=new_message)
        if replaced is not None:
            moved = t("reply.hand_moved", replaced.locale)
            self._tasks.spawn(self._outbox.retire_hand(replaced, moved))

    async def hand_being_sent(self, table_id: int, sending: HandBeingSent) -> None:
        """A private hand is about to be sent as the response to ``sending``'s interaction:
        recorded first, so that a process that stops before :meth:`hand_shown` leaves the
        next one a way to find that message and bring it up to date."""
        table = self.registry.get(table_id)
        if table is not None:
            await self._hands.being_sent(table, sending)

    async def answer_in_dm(self, reply: HandReply, user_id: int, clicked: HandPlace) -> None:
        """Answer a click on a hand's direct message that another process received (Discord
        sends every DM click to shard 0): the clicked message shows ``reply``, as the answer
        to a click here would, and is the one refreshed from now on."""
        table_id, locale = reply.table_id, reply.locale
        delivery = HandDelivery(
            table_id, reply.channel_id, user_id, locale, reply.hand, clicked, by_dm=True
        )
        place = (await self._outbox.show_hand(delivery)).place
        if place is None or reply.hand is None:
            return
        hand = reply.hand
        place = replace(place, locale=locale, game_id=hand.game_id, hand_number=hand.hand_number)
        new_message = place.message_id != clicked.message_id
        await self.hand_shown(table_id, user_id, place, new_message=new_message)

    async def hint(self, table_id: int, person: Person) -> str:
        """What the strongest computer player would do in this player's place, and why."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)
        seat = table.require_seat(person.user_id)
        game = table.require_game()
        if not table.options.hints:
            raise UserFacingError("errors.hints_off")
        if game.to_act != seat:
            name = in_message(table.names(None)[game.to_act]) if game.to_act is not None else ""
            raise UserFacingError("errors.not_your_turn", player=name)
        self._hint_requests.take(person.user_id, table.id, table.version)
        view = game.view(seat)
        locale = await self.people.locale_for(person)
        # The search runs in the computer players' worker processes (this table taking turns
        # with the others there), so a hint never holds up the event loop (or the interpreter
        # lock) that every other table shares.
        action, (key, params) = await self._decisions.hint(
            view, decision_seed(game), table=table.id
        )
        shown = action_text(action, locale)
        if lookup(key, DEFAULT_LOCALE) is None:
            return t("text.hint_plain", locale, action=shown)
        return t("text.hint", locale, reason=t(key, locale, **params))

    def playable_cards(self, channel_id: int, user_id: int) -> tuple[Card, ...]:
        """The cards a player at this channel's table may play now (their whole hand when it
        is not their turn), for typing a card; none when they hold no cards here."""
        table = self.registry.find_in_channel(channel_id)
        if table is not None:
            self.showing.looked_at(table.id)
        seat = table.seat_of(user_id) if table is not None else None
        game = table.game if table is not None else None
        if game is None or seat is None:
            return ()
        decision = game.decision_for(seat)
        return tuple(decision.cards if isinstance(decision, PlayDecision) else game.view(seat).hand)
