"""Playing: a person's action, or a computer's, checked, stored, and what it shows worked out.

A button names its game and hand, so one of a finished game or an earlier hand is refused; a
click delivered twice (here, or to another process) is applied once. Each action is committed
to the store before anyone hears of it; when the store refuses it because the game moved on
without this process, the table is read back and the player told to look again, so nothing is
applied twice. The computer players' moves and the turn timers (:mod:`bot.service.areas.automation`)
come through the same :meth:`Playing._apply`.
"""

from __future__ import annotations

import logging
from functools import partial

from bot.engine import Action, Game, HandScored, IllegalAction, Keep, KeepDecision
from bot.errors import UserFacingError
from bot.people import Person
from bot.presentation.user_text import in_message
from bot.replays.steps import HandReplay, replay_hand
from bot.service.areas.closing import TableClosing
from bot.service.refusals import OutOfDate, refusal
from bot.service.showing.after_action import after_action
from bot.service.showing.publishing import Pending
from bot.service.shown import HandReply
from bot.service.tables.table import Table
from bot.store import ConstraintError, GameEndedError

log = logging.getLogger(__name__)


class Playing(TableClosing):
    """Actions applied, stored and published."""

    async def act(
        self,
        table_id: int,
        person: Person,
        action: Action,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
        request_id: int | None = None,
        answered: bool = True,
    ) -> HandReply | None:
        """Apply a person's action for their seat, and answer them with their hand as it is
        now. A button names its game and hand: one of a finished game or an earlier hand is
        refused. A robbing dealer may name only the cards they choose freely; the ones they must
        keep are added. Raises :class:`UserFacingError` with the game untouched.

        ``request_id`` (the Discord interaction) makes the action idempotent: delivered again,
        here or to another process, it is applied once. ``answered`` says the caller answers
        the player with their hand; a move relayed from another process is not answered (None):
        the player's hand is refreshed like everyone else's."""
        table = self.registry.table(table_id)
        self.showing.looked_at(table.id)  # a person's click, here or relayed
        async with table.lock:
            if request_id is not None and request_id in table.recent_requests:
                pending = None  # the same click delivered again: applied once
            else:
                pending = await self._act(
                    table, person, action, game_id, hand_number, request_id, answered
                )
        if pending is not None:
            self._publisher.publish(table, pending)
        if not answered:
            return None
        return await self._hands.reply(table, person, acted=True)

    async def _act(
        self,
        table: Table,
        person: Person,
        action: Action,
        game_id: int | None,
        hand_number: int | None,
        request_id: int | None,
        answered: bool,
    ) -> Pending:
        """Check and apply a person's action. Called with the table's lock held."""
        seat = table.require_seat(person.user_id)
        if game_id is not None and game_id != table.game_id:
            raise UserFacingError("errors.game_over")
        game = table.require_game()
        if hand_number is not None and hand_number != game.hand_number:
            raise UserFacingError("errors.stale_button")
        decision = game.decision()
        if isinstance(action, Keep) and isinstance(decision, KeepDecision):
            action = Keep(decision.completed(action.cards))
        pending = await self._apply(
            table,
            seat,
            action,
            responder=person.user_id,
            request_id=request_id,
            answered=answered,
        )
        if request_id is not None:
            table.recent_requests.append(request_id)
        table.person_moved()
        return pending

    async def _apply(
        self,
        table: Table,
        seat: int,
        action: Action,
        *,
        responder: int | None = None,
        timed_out: bool = False,
        request_id: int | None = None,
        answered: bool = True,
    ) -> Pending:
        """Apply, persist, and say what to show. Called with the table's lock held.

        If the store refuses the action because the stored game moved on without this process
        (another one stored a move, or this very request, first), the table is reloaded from
        the store and the player is told to look again: nothing is applied twice."""
        game = table.require_game()
        hand_cards = (game.tricks, game.thrown, game.dead)
        acting_before = table.user_at(game.to_act)
        try:
            events = game.apply(seat, action)
        except IllegalAction as error:
            names = table.names(None)
            raise refusal(error, lambda seat: in_message(names[seat])) from None
        try:
            await self._records.record_action(
                table,
                game,
                seat,
                action,
                events,
                timed_out=timed_out,
                responder=responder,
                request_id=request_id,
            )
        except (ConstraintError, GameEndedError):
            log.warning("Table %s moved on in the store without this process; reloading", table.id)
            await self._reload(table)
            raise OutOfDate("errors.table_changed") from None
        except BaseException:
            log.exception("Could not store an action at table %s; reloading it", table.id)
            await self._reload(table)
            raise
        for event in events:
            if isinstance(event, HandScored) and table.game_id is not None:
                number = event.result.hand_number
                replayed = partial(hand_replayed, game, number)
                self._tasks.spawn(
                    self._replays.review_finished_hand(table.game_id, number, replayed)
                )
        self.observer.action_applied()
        self.showing.delays.applied(table.id, table.game_id, len(game.log))
        shown_by_caller = responder if answered else None
        pending = after_action(
            table, game, events, hand_cards, acting_before, shown_by_caller, mover=responder
        )
        if game.is_over:
            table.end_game()  # the table goes back to its lobby
            if table.options.thread:
                pending = await self._close_with_its_game(table, pending)
        self._changed(table)
        return pending


def hand_replayed(game: Game, number: int) -> HandReplay:
    """Hand ``number`` of the table's own ``game`` rebuilt by the engine from the game's log:
    the replay the stored actions give (the very actions stored), without reading them back or
    parsing a snapshot of the whole game. The log only grows, and the rebuild stops at the
    hand's end, so it may be called any time later."""
    return replay_hand(game.restarted(), game.log, number)
