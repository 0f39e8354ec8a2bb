"""The table service: the one object the Discord layer (and the demo) calls for every table.

One object serves every channel. Each table has a lock, so two clicks arriving together are
applied one after the other, and the second is judged against the state the first left. Each
change is committed to the store before the caller hears back, and what should be shown after it
is handed to the :class:`~bot.service.updates.Outbox` as plain data.

This module checks who may do what and in which order things happen; the work itself lives in
the modules beside it (seating, starting, game records, automation, views, publishing).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable, Iterable
from typing import Any

from bot.ai import LEVELS
from bot.ai.pool import DecisionPool
from bot.engine import Action, HandScored, IllegalAction, Keep, KeepDecision
from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, lookup, t
from bot.presentation.texts import action_text
from bot.replays import Replays
from bot.service import display
from bot.service.after_action import after_action
from bot.service.automation import Automation, Sleep, decision_seed
from bot.service.drawing import Drawing
from bot.service.game_records import GameRecords, start_game
from bot.service.options import TableOptions
from bot.service.people import Person
from bot.service.publishing import Pending, PendingAnnouncement, Publisher
from bot.service.refusals import CountedError, TableAlreadyOpen, refusal
from bot.service.table import EndVote, Table, TableRegistry
from bot.service.tasks import BackgroundTasks
from bot.service.updates import Outbox, PrivateHand, PublicTable, SeatInfo, Update
from bot.store import ConstraintError, Store, TableExistsError

log = logging.getLogger(__name__)

DEFAULT_COMPUTER_LEVEL = "normal"


class TableService:
    """Open tables by channel; lobby, play, computer players, timers, persistence."""

    def __init__(
        self,
        store: Store,
        outbox: Outbox,
        *,
        decisions: DecisionPool | None = None,
        random_source: random.Random | None = None,
        sleep: Sleep = asyncio.sleep,
        drawing: Drawing | None = None,
        owns: Callable[[int], bool] | None = None,
        replays: Replays | None = None,
    ) -> None:
        self.store = store
        #: Whether this process owns a server's tables (by guild id): with shards split over
        #: several processes each restores and plays only its own servers' tables.
        self._owns = owns
        self.outbox = outbox
        #: Closed with the service only when the service made it (a bot shares its own).
        self._own_decisions = decisions is None
        self._decisions = decisions or DecisionPool()
        #: Each hand is reviewed as it ends, so its replay opens at once.
        self._replays = replays or Replays(store, self._decisions)
        self._draw = drawing or Drawing()
        #: Where new games' seeds come from (a seeded generator makes tests repeatable).
        self.seeds = random_source or random.SystemRandom()
        self._tables = TableRegistry()
        self._tasks = BackgroundTasks()
        self._records = GameRecords(store)
        self._publisher = Publisher(outbox, self._draw, self._tasks)
        self._automation = Automation(
            decisions=self._decisions,
            apply=self._apply,
            close=self._close,
            publisher=self._publisher,
            outbox=outbox,
            tasks=self._tasks,
            sleep=sleep,
        )

    # ------------------------------------------------------------------ life cycle

    async def restore(self) -> int:
        """Bring back every open table this process owns from the store, with its game where
        it was (the tables of a process that stopped, when it is this one's shards now)."""
        for record in await self.store.tables.list_open():
            if self._owns is not None and not self._owns(record.guild_id):
                continue
            table = Table(
                record=record,
                options=TableOptions.from_json(record.house_rules or {}),
                seats={seat.seat: seat for seat in await self.store.tables.seats(record.id)},
            )
            await self._records.load(table)
            self._tables.add(table)
            self._automation.schedule(table)
        return len(self._tables)

    async def close(self) -> None:
        """Stop every pending computer move, timer and delivery (the store stays open)."""
        await self._tasks.cancel_all()
        if self._own_decisions:
            self._decisions.close()
        self._draw.close()

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[Any]]:
        """Computer moves, timers and deliveries not finished yet (for tools and tests that
        wait for the service to have nothing left to do)."""
        return self._tasks.pending

    # ------------------------------------------------------------------ finding tables

    def table(self, table_id: int) -> Table:
        """The open table with this id; a button of a closed table says it was closed."""
        return self._tables.table(table_id)

    def holds(self, table_id: int) -> bool:
        """Whether the table is open in this process (another may own it)."""
        return self._tables.get(table_id) is not None

    def open_tables(self) -> list[Table]:
        """Every open table, lobbies included."""
        return list(self._tables)

    def table_in_channel(self, channel_id: int) -> Table:
        return self._tables.table_in_channel(channel_id)

    def find_in_channel(self, channel_id: int) -> Table | None:
        return self._tables.find_in_channel(channel_id)

    # ------------------------------------------------------------------ the lobby

    async def open_table(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator: Person,
        options: TableOptions,
        language: str | None,
        turn_timer: int | None,
    ) -> Table:
        """Open a table in a channel and seat its creator."""
        try:
            record = await self.store.tables.create(
                guild_id=guild_id,
                channel_id=channel_id,
                creator_id=creator.user_id,
                house_rules=options.to_json(),
                language=language,
                turn_timer=turn_timer,
            )
        except TableExistsError as error:
            raise TableAlreadyOpen(error.table) from None
        seat = await self.store.tables.sit(
            record.id, 0, display_name=creator.name, user_id=creator.user_id
        )
        table = Table(record=record, options=options, seats={0: seat})
        self._tables.add(table)
        self._publisher.publish(table, Pending(Update(table.id, table.channel_id, repost=True)))
        return table

    async def set_message(self, table_id: int, message_id: int | None) -> None:
        """Remember the table message, so it is edited in place even after a restart."""
        table = self._tables.get(table_id)
        if table is None or table.record.message_id == message_id:
            return
        table.record = await self.store.tables.update(table_id, message_id=message_id)

    async def join(self, table_id: int, person: Person, seat: int | None = None) -> int:
        """Seat ``person``: in the lobby any free seat; during a game a seat that is away or
        held by a computer player. Returns the seat."""
        table = self.table(table_id)
        async with table.lock:
            current = table.seat_of(person.user_id)
            if current is not None and (seat is None or seat == current):
                if not table.seats[current].away:
                    raise UserFacingError("errors.already_seated")
                seat = current
            seat = table.seat_to_take(seat)
            if current is not None and current != seat:
                if table.playing:
                    raise UserFacingError("errors.already_seated")
                await self.store.tables.leave(table.id, current)
                table.unseat(current)
            table.sit(
                await self.store.tables.sit(
                    table.id, seat, display_name=person.name, user_id=person.user_id
                )
            )
            update = self._seats_changed(table, private={person.user_id})
        self._publisher.publish(table, Pending(update))
        return seat

    async def add_computer(
        self,
        table_id: int,
        user_id: int,
        seat: int | None = None,
        level: str = DEFAULT_COMPUTER_LEVEL,
    ) -> int:
        """Put a computer player in a free seat (or one that is away). Returns the seat."""
        if level not in LEVELS:
            raise ValueError(f"no computer level {level!r}")
        table = self.table(table_id)
        async with table.lock:
            if table.seat_of(user_id) is None and user_id != table.record.creator_id:
                raise UserFacingError("errors.not_seated")
            seat = table.seat_to_take(seat)
            replaced = table.user_at(seat)
            table.sit(
                await self.store.tables.sit(
                    table.id,
                    seat,
                    display_name=table.new_computer_name(seat),
                    computer_level=level,
                )
            )
            update = self._seats_changed(table, private=set() if replaced is None else {replaced})
        self._publisher.publish(table, Pending(update))
        return seat

    async def leave(self, table_id: int, user_id: int) -> int:
        """Leave the lobby, or step away from a game (the seat plays on its own and anyone
        may take it). Returns the seat left."""
        table = self.table(table_id)
        async with table.lock:
            seat = table.require_seat(user_id)
            announcements: tuple[PendingAnnouncement, ...] = ()
            if table.playing:
                table.sit(await self.store.tables.update_seat(table.id, seat, away=True))
                name = table.seats[seat].display_name
                announcements = (
                    PendingAnnouncement(t("text.left_game", table.locale, player=name)),
                )
            else:
                await self.store.tables.leave(table.id, seat)
                table.unseat(seat)
            table.withdraw_vote(user_id)
            update = self._seats_changed(table)
        self._publisher.publish(table, Pending(update, announcements))
        return seat

    def _changed(self, table: Table) -> None:
        """The one way a table moves on: its version changes, so a computer move or a turn
        timer decided before gives up, and the table gets the automation it now needs."""
        table.version += 1
        self._automation.schedule(table)

    def _seats_changed(self, table: Table, private: Iterable[int] = ()) -> Update:
        self._changed(table)
        return Update(
            table.id,
            table.channel_id,
            settled=table.settled(),
            private=frozenset(private) if table.playing else frozenset(),
        )

    # ------------------------------------------------------------------ starting and ending

    async def start(self, table_id: int, user_id: int) -> None:
        """Start a game: draw for seats and the first dealer, deal, and persist it."""
        table = self.table(table_id)
        async with table.lock:
            if table.playing:
                raise UserFacingError("errors.game_running")
            if user_id != table.record.creator_id:
                creator = table.creator_name()
                if creator is not None:
                    raise UserFacingError("errors.not_creator", player=creator)
                table.require_seat(user_id)
            if not table.full:
                raise CountedError("errors.not_enough_players", table.players)
            text = await start_game(self.store, table, self.seeds.getrandbits(64))
            people = frozenset(table.people())
            self._changed(table)
            update = Update(
                table.id,
                table.channel_id,
                settled=table.settled(),
                repost=True,
                private=people,
                dealt=people,
            )
        self._publisher.publish(table, Pending(update, (PendingAnnouncement(text),)))

    async def end(self, table_id: int, person: Person, *, can_manage: bool) -> EndVote:
        """Close the table (its creator, or someone allowed to manage messages), or count
        a seated person's vote: a majority of the seated people closes it."""
        table = self.table(table_id)
        async with table.lock:
            if person.user_id == table.record.creator_id or can_manage:
                pending = await self._close(
                    table, t("text.closed_by", table.locale, player=person.name)
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
                        player=person.name,
                        votes=vote.votes,
                        needed=vote.needed,
                    )
                    pending = Pending(
                        Update(table.id, table.channel_id, settled=table.settled()),
                        (PendingAnnouncement(text),),
                    )
        self._publisher.publish(table, pending)
        return vote

    async def _close(self, table: Table, text: str) -> Pending:
        """Close the table, storing a game going on as abandoned (the boards leave those out
        unless a server asks for them). Called with the table's lock held."""
        game = table.game
        if game is not None and table.game_id is not None:
            await self._records.finish(table, game, table.game_id, winner=None)
        await self.store.tables.end(table.id)
        table.close()
        self._changed(table)
        self._tables.forget(table)
        update = Update(table.id, table.channel_id, closed=True, message_id=table.record.message_id)
        return Pending(update, (PendingAnnouncement(text),))

    # ------------------------------------------------------------------ playing

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
        request_id: int | None = None,
        answered: bool = True,
    ) -> None:
        """Apply a person's action for their seat. A button names its game and hand: one of
        a finished game or an earlier hand is refused. A robbing dealer may name only the cards
        they choose freely; the ones they must keep are added. Raises :class:`UserFacingError`
        with the game untouched.

        ``request_id`` (the Discord interaction) makes the action idempotent: delivered again,
        here or to another process, it is applied once. ``answered`` says the caller shows the
        player their hand itself (it answers their click); a move relayed from another process
        is not, so the player's hand is refreshed like everyone else's."""
        table = self.table(table_id)
        async with table.lock:
            if request_id is not None and request_id in table.recent_requests:
                return
            seat = table.require_seat(user_id)
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
                responder=user_id,
                request_id=request_id,
                answered=answered,
            )
            if request_id is not None:
                table.recent_requests.append(request_id)
            table.person_moved()
        self._publisher.publish(table, pending)

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
            raise refusal(error, names.__getitem__) from None
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
        except ConstraintError:
            log.warning("Table %s moved on in the store without this process; reloading", table.id)
            await self._reload(table)
            raise UserFacingError("errors.table_changed") from None
        except BaseException:
            log.exception("Could not store an action at table %s; reloading it", table.id)
            await self._reload(table)
            raise
        for event in events:
            if isinstance(event, HandScored) and table.game_id is not None:
                number = event.result.hand_number
                review = self._replays.review_finished_hand(
                    table.record.guild_id, table.game_id, number
                )
                self._tasks.spawn(review)
        shown_by_caller = responder if answered else None
        pending = after_action(
            table, game, events, hand_cards, acting_before, shown_by_caller, mover=responder
        )
        if game.is_over:
            table.end_game()  # the table goes back to its lobby
        self._changed(table)
        return pending

    async def _reload(self, table: Table) -> None:
        """Make the table what the store says it is, after a failed write."""
        table.reseat(await self.store.tables.seats(table.id))
        await self._records.load(table)
        self._changed(table)

    # ------------------------------------------------------------------ what to show

    async def public_table(
        self, table_id: int, mention: Callable[[int], str] | None = None
    ) -> PublicTable:
        """The table message: lobby text, or the table picture and its text summary.

        ``mention(user_id)`` writes the person to act as a mention (the Discord layer's form).
        """
        return await display.public_table(self.table(table_id), self._draw, mention)

    def seat_infos(self, table: Table, locale: str | None) -> tuple[SeatInfo, ...]:
        """Every seat of the table: its name, who sits there, whether a person may take it."""
        return display.seat_infos(table, locale)

    async def private_hand(self, table_id: int, user_id: int, locale: str | None) -> PrivateHand:
        """A seated player's hand, picture and text, and what they may do now."""
        four_colour = (await self.store.preferences.get(user_id)).four_colour
        return await display.private_hand(
            self.table(table_id), user_id, locale, self._draw, four_colour=four_colour
        )

    def score_text(self, table_id: int, locale: str | None) -> str:
        """The score, and the change of every hand played, for ``/cinch score``."""
        return display.score_text(self.table(table_id), locale)

    async def hint(self, table_id: int, user_id: int, locale: str | None) -> str:
        """What the strongest computer player would do in this player's place, and why."""
        table = self.table(table_id)
        seat = table.require_seat(user_id)
        game = table.require_game()
        if not table.options.hints:
            raise UserFacingError("errors.hints_off")
        if game.to_act != seat:
            name = table.names(None)[game.to_act] if game.to_act is not None else ""
            raise UserFacingError("errors.not_your_turn", player=name)
        view = game.view(seat)
        # The search runs in the computer players' worker process, so a hint never holds up
        # the event loop (or the interpreter lock) that every other table shares.
        action, (key, params) = await self._decisions.hint(view, decision_seed(game))
        shown = action_text(action, locale)
        if lookup(key, DEFAULT_LOCALE) is None:
            return t("text.hint_plain", locale, action=shown)
        return t("text.hint", locale, reason=t(key, locale, **params))
