"""The table service: the one object the Discord layer (and the demo) calls for every table.

One object serves every channel. Commands and buttons bring intentions (a person opens a table,
takes a seat, plays a card) and get plain data back (:mod:`bot.service.shown`): the live tables
and their games never leave this package. Each table has a lock, so two clicks arriving together
are applied one after the other, and the second is judged against the state the first left.
Each change is committed to the store before the caller hears back; what it makes the channel
and the players see is published in the background through the
:class:`~bot.service.outbox.Outbox`.

This module checks who may do what and in which order things happen; the work itself lives in
the modules beside it (game records, automation, publishing, private hands, the table message).

Every table lives and ends on its own. One whose stored rows cannot be read back is set aside
(closed, the reason stored, its channel told) and the others play on; one whose channel or
server went away closes without a word; one that another process closed, or moved on, is
reloaded from the store, and the player told so.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from bot.ai.pool import DecisionPool
from bot.engine import (
    Action,
    Card,
    HandScored,
    IllegalAction,
    Keep,
    KeepDecision,
    PlayDecision,
)
from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, lookup, t
from bot.presentation.rules_summary import rules_sections
from bot.presentation.texts import action_text
from bot.presentation.user_text import in_message
from bot.replays import Replays
from bot.service import display
from bot.service.after_action import after_action
from bot.service.automation import Automation, Sleep, decision_seed
from bot.service.closing import GAME_OVER as GAME_OVER
from bot.service.closing import TableClosing
from bot.service.drawing import Drawing
from bot.service.finding import table_facts
from bot.service.game_records import GameRecords
from bot.service.life_cycle import LifeCycle
from bot.service.lobby_actions import DEFAULT_COMPUTER_LEVEL, LobbyActions
from bot.service.lobby_texts import house_rules_lines
from bot.service.observer import ServiceObserver, Unobserved
from bot.service.options import TableOptions, language_chosen, turn_timer_chosen
from bot.service.outbox import Outbox
from bot.service.pacing import HAND_REQUESTS, HINT_REQUESTS, RequestPace
from bot.service.people import People, Person
from bot.service.private_hands import PrivateHands
from bot.service.publishing import Pending, Publisher, Update
from bot.service.refusals import OutOfDate, TableAlreadyOpen, past_limit, refusal
from bot.service.rematches import GameSeat, Rematch, finished_seats
from bot.service.restoring import UnreadableTable, read_options
from bot.service.shown import (
    HandPlace,
    HandReply,
    RematchReply,
    SeatInfo,
    TableFacts,
)
from bot.service.table import Table, TableRegistry
from bot.service.table_showing import TableShowing
from bot.service.tasks import BackgroundTasks
from bot.stats.forgetting import forget_person
from bot.store import (
    ConstraintError,
    Forgotten,
    GameEndedError,
    Store,
    TableExistsError,
    TableLimitError,
    TableRecord,
    UserPreferences,
)

log = logging.getLogger(__name__)


class TableService(LifeCycle, LobbyActions, TableClosing):
    """Open tables by channel; lobby, play, computer players, timers, persistence."""

    def __init__(
        self,
        store: Store,
        outbox: Outbox,
        *,
        decisions: DecisionPool | None = None,
        random_source: random.Random | None = None,
        sleep: Sleep = asyncio.sleep,
        edit_sleep: Sleep | None = None,
        drawing: Drawing | None = None,
        owns: Callable[[int], bool] | None = None,
        replays: Replays | None = None,
        observer: ServiceObserver | None = None,
    ) -> None:
        self.store = store
        self.observer = observer or Unobserved()
        self._owns = owns
        self._outbox = outbox
        self._own_decisions = decisions is None
        self._decisions = decisions or DecisionPool()
        self._replays = replays or Replays(store, self._decisions)
        self._draw = drawing or Drawing()
        self.seeds = random_source or random.SystemRandom()
        clock: Callable[[], datetime] = store.clock
        self.registry = TableRegistry()
        self._unshown = {}
        self.people = People(store, clock)
        self._hand_requests = RequestPace(HAND_REQUESTS, clock)
        self._hint_requests = RequestPace(HINT_REQUESTS, clock)
        self._tasks = BackgroundTasks()
        self._records = GameRecords(store)
        self._reopening = asyncio.Lock()
        self.showing = TableShowing(
            store=store,
            registry=self.registry,
            outbox=outbox,
            draw=self._draw,
            people=self.people,
            clock=clock,
            sleep=edit_sleep or sleep,
            channel_gone=self._channel_lost,
            observer=self.observer,
        )
        self._hands = PrivateHands(
            store=store, outbox=outbox, draw=self._draw, people=self.people, clock=clock
        )
        self._publisher = Publisher(
            store=store,
            outbox=outbox,
            draw=self._draw,
            tasks=self._tasks,
            showing=self.showing,
            hands=self._hands,
            channel_gone=self._channel_lost,
        )
        self._automation = Automation(
            decisions=self._decisions,
            apply=self._apply,
            close=self._close,
            publisher=self._publisher,
            outbox=outbox,
            tasks=self._tasks,
            sleep=sleep,
        )

    # ------------------------------------------------------------------ tournament matches

    async def open_match(
        self,
        *,
        guild_id: int,
        channel_id: int,
        organiser: int,
        seats: Sequence[Person | None],
        options: TableOptions,
        language: str | None,
        turn_timer: int | None,
    ) -> TableFacts:
        """Open a tournament match's table in its channel (a thread of its own), everyone in
        their seat (None: a computer player), and deal its game at once, seats kept. Its
        creator is the organiser, who may end it alone. It is opened without the server's
        limits: a tournament that started is never stopped half-way by them (docs/league.md).
        Opened again (the channel already has this match's table, after a restart), it is
        the same table."""
        existing = self.registry.find_in_channel(channel_id)
        if existing is not None and existing.options.match:
            return table_facts(existing)
        try:
            record = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=organiser,
                house_rules=options.to_json(),
                language=language_chosen(language),
                turn_timer=turn_timer_chosen(turn_timer),
            )
        except TableExistsError as error:
            raise TableAlreadyOpen(error.table) from None
        seated = {}
        for seat, person in enumerate(seats):
            computer = t("player.computer", record.language, number=seat + 1)
            seated[seat] = await self.store.tables.sit(
                record.id,
                seat,
                display_name=person.name if person is not None else computer,
                user_id=person.user_id if person is not None else None,
                computer_level=None if person is not None else DEFAULT_COMPUTER_LEVEL,
            )
        table = Table(record=record, options=options, seats=seated)
        self.registry.add(table)
        async with table.lock:
            pending = await self._deal(table, keep_seats=True)
        self._publisher.publish(table, pending)
        return table_facts(table)

    async def stop(self, table_id: int, text: str, *, reason: str) -> None:
        """Close a table the league no longer plays (a round's deadline, a pair that withdrew):
        ``text`` says why in its channel, and its game, if one is going on, is stored as
        abandoned, with the score it had."""
        table = self.registry.get(table_id)
        if table is None:
            return
        async with table.lock:
            if table.closed:
                return
            pending = await self._close(table, text, reason=reason)
        self._publisher.publish(table, pending)

    # ------------------------------------------------------------------ rematches

    async def rematch(self, game_id: int, person: Person) -> RematchReply:
        """The person confirms a rematch of a finished game they played
        (:mod:`bot.service.rematches`): at the table in its lobby in the game's channel, or
        one opened again there with the game's seats. The game starts once every person
        seated has confirmed, and they are answered with their hand."""
        record, seats = await self._finished_game(game_id)
        if person.user_id not in {seat.user_id for seat in seats}:
            raise UserFacingError("errors.rematch_not_played")
        async with self._reopening:
            table = self.registry.find_in_channel(record.channel_id)
            reopened = table is None
            if table is None:
                table = await self._reopen(record, seats)
        async with table.lock:
            pending = await self._confirm_rematch(table, game_id, seats, person)
        self._publisher.publish(table, pending)
        if table.playing:
            hand = await self._hands.reply(table, person, acted=False)
            return RematchReply(started=True, waiting=(), reopened=reopened, hand=hand)
        rematch = table.rematch
        waiting = tuple(rematch.waiting(table.seats)) if rematch is not None else ()
        return RematchReply(started=False, waiting=waiting, reopened=reopened)

    async def _finished_game(self, game_id: int) -> tuple[TableRecord, tuple[GameSeat, ...]]:
        """The table a game was played at, and its seats, when it ended with a winner."""
        game = await self.store.games.get(game_id)
        result = await self.store.games.result(game_id)
        record = await self.store.tables.get(game.table_id) if game is not None else None
        if record is None or result is None or result.status != "finished":
            raise UserFacingError("errors.rematch_unavailable")
        return record, finished_seats(result)

    async def _reopen(self, record: TableRecord, seats: tuple[GameSeat, ...]) -> Table:
        """Open the game's table again in its channel, as it was opened, everyone in the seat
        they had; within the server's limits."""
        try:
            options = read_options(record.house_rules)
            reopened = await self.store.tables.create(
                guild_id=record.guild_id,
                channel_id=record.channel_id,
                creator_id=record.creator_id,
                house_rules=record.house_rules,
                language=record.language,
                turn_timer=record.turn_timer,
                limits=await self.store.limits.get(record.guild_id),
            )
        except UnreadableTable:
            raise UserFacingError("errors.rematch_unavailable") from None
        except TableExistsError:
            raise UserFacingError("errors.rematch_busy") from None
        except TableLimitError as error:
            raise past_limit(error) from None
        seated = {
            seat.seat: await self.store.tables.sit(
                reopened.id,
                seat.seat,
                display_name=seat.name,
                user_id=seat.user_id,
                computer_level=seat.computer_level,
            )
            for seat in seats
        }
        table = Table(record=reopened, options=options, seats=seated)
        self.registry.add(table)
        self._automation.schedule(table)
        self._publisher.publish(table, Pending(Update(repost=True)))
        return table

    async def _confirm_rematch(
        self, table: Table, game_id: int, seats: tuple[GameSeat, ...], person: Person
    ) -> Pending:
        """Count the person's confirmation (back in their seat if they had left it), and deal
        the game once everyone seated confirmed. Called with the table's lock held."""
        if table.playing:
            raise UserFacingError("errors.rematch_busy")
        rematch = table.rematch
        if rematch is None or rematch.game_id != game_id:
            rematch = Rematch(game_id, seats)
        if not rematch.kept(table.seats):
            raise UserFacingError("errors.rematch_seats_changed")
        seat = table.seat_of(person.user_id)
        if seat is None:
            own = rematch.seat_of(person.user_id)
            assert own is not None and own not in table.seats, "a person's own seat is theirs"
            table.sit(
                await self.store.tables.sit(
                    table.id, own, display_name=person.name, user_id=person.user_id
                )
            )
        elif table.seats[seat].away:
            table.sit(await self.store.tables.update_seat(table.id, seat, away=False, auto_moves=0))
        rematch.ready.add(person.user_id)
        table.rematch = rematch
        if table.full and set(table.people()) <= rematch.ready:
            return await self._deal(table, keep_seats=True)
        return Pending(self._seats_changed(table))

    # ------------------------------------------------------------------ playing

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
                review = self._replays.review_finished_hand(
                    table.record.guild_id, table.game_id, event.result.hand_number
                )
                self._tasks.spawn(review)
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

    # ------------------------------------------------------------------ a player's own view

    async def show_hand(self, table_id: int, person: Person) -> HandReply:
        """A seated player's hand, picture and text, and what they may do now."""
        table = self.registry.table(table_id)
        self._hand_requests.take(person.user_id, table.id, table.version)
        return await self._hands.reply(table, person, acted=False)

    async def hand_shown(
        self, table_id: int, user_id: int, place: HandPlace, *, new_message: bool
    ) -> None:
        """The player was just shown their hand at ``place`` (``new_message``: not by editing
        the message they clicked): that message is the one refreshed from now on."""
        table = self.registry.get(table_id)
        if table is None:
            return  # closed in the meantime: nothing more to refresh
        replaced = await self._hands.shown(table, user_id, place, new_message=new_message)
        if replaced is not None:
            moved = t("reply.hand_moved", replaced.locale)
            self._tasks.spawn(self._outbox.retire_hand(replaced, moved))

    async def hint(self, table_id: int, person: Person) -> str:
        """What the strongest computer player would do in this player's place, and why."""
        table = self.registry.table(table_id)
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
        seat = table.seat_of(user_id) if table is not None else None
        game = table.game if table is not None else None
        if game is None or seat is None:
            return ()
        decision = game.decision_for(seat)
        return tuple(decision.cards if isinstance(decision, PlayDecision) else game.view(seat).hand)

    # ------------------------------------------------------------------ the table as a whole

    def repost(self, table_id: int) -> None:
        """Post the table message again at the bottom of the channel."""
        self.registry.table(table_id)
        self.showing.mark(table_id, settled=True, repost=True)

    def score_text(self, table_id: int, locale: str | None) -> str:
        """The score, and the change of every hand played, for ``/cinch score``."""
        return display.score_text(self.registry.table(table_id), locale)

    def house_rules(self, channel_id: int, locale: str | None) -> list[str] | None:
        """The settings of this channel's table, one line each; None without a table."""
        table = self.registry.find_in_channel(channel_id)
        if table is None:
            return None
        return house_rules_lines(table.options, table.record.turn_timer, locale)

    def rules_summary(self, channel_id: int, locale: str | None) -> list[tuple[str, str]]:
        """The rules in short, (title, body) per section, as this channel's table plays them
        (its target, lowest bid and other house rules); the defaults without a table."""
        table = self.registry.find_in_channel(channel_id)
        if table is None:
            return rules_sections(locale)
        return rules_sections(locale, table.options.rules)

    def seat_infos(self, channel_id: int, locale: str | None) -> tuple[SeatInfo, ...]:
        """Every seat of this channel's table (none without a table): its name, who sits there,
        whether a person may take it."""
        table = self.registry.find_in_channel(channel_id)
        return () if table is None else display.seat_infos(table, locale)

    # ------------------------------------------------------------------ people

    async def forget_person(self, user_id: int) -> Forgotten:
        """Forget a person who asks for it (:func:`bot.stats.forgetting.forget_person`).

        They first leave every table this process holds, as if they had left each one (a
        game going on keeps their seat, away, for the computer to play); the tables are then
        read back under the pseudonym, so the games they were in finish without them. A table
        of another process cannot be changed from here: while they sit at one, they are asked
        to leave it first."""
        elsewhere = [
            table_id
            for table_id in await self.store.people.open_tables(user_id)
            if not self.holds(table_id)
        ]
        if elsewhere:
            raise UserFacingError("errors.forget_seated_elsewhere")
        await self._leave_tables(user_id)
        forgotten = await forget_person(self.store, user_id)
        for table_id in forgotten.open_tables:
            table = self.registry.get(table_id)
            if table is None:
                continue
            async with table.lock:
                table.seat_requests.discard(user_id)
                table.reseat(await self.store.tables.seats(table_id))
                record = await self.store.tables.get(table_id)
                if record is not None:
                    table.record = record
                update = self._seats_changed(table)
            self._publisher.publish(table, Pending(update))
        self.people.forget(user_id)
        return forgotten

    # ------------------------------------------------------------------ people's settings

    async def settings(self, user_id: int) -> UserPreferences:
        return await self.people.settings(user_id)

    async def change_settings(self, user_id: int, **changes: Any) -> UserPreferences:
        """Store the person's new settings; the next hand they are shown follows them."""
        return await self.people.change(user_id, **changes)
