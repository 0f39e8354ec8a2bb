"""The table service: every open table, its lobby, its game, its computer players and timers.

One object serves every channel. Each table has a lock, so two clicks arriving together are
applied one after the other, and the second is judged against the state the first left. Each
change is committed to the store before the caller hears back, and what should be shown after it
is handed to the :class:`~bot.service.updates.Outbox` as plain data.

Computer players (and people whose turn timer ran out) move on their own after a pause, in a
task per table; a move decided while the table changed underneath is dropped (``version``).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Awaitable, Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from bot.ai import LEVELS
from bot.ai.pool import DecisionPool
from bot.engine import (
    Action,
    Drew,
    Event,
    Game,
    GameWon,
    HandDealt,
    HandScored,
    IllegalAction,
    Robbed,
    draw_for_seats,
)
from bot.engine.actions import action_to_dict
from bot.engine.plain import to_plain
from bot.errors import UserFacingError
from bot.i18n import DEFAULT_LOCALE, lookup, t
from bot.render import (
    display_order,
    render_game_summary,
    render_hand,
    render_hand_summary,
    render_table,
)
from bot.service.drawing import Drawing
from bot.service.errors import CountedError, TableAlreadyOpen, refusal
from bot.service.names import player_name, seat_name
from bot.service.options import TableOptions, Teams
from bot.service.scenes import (
    HandCards,
    Seating,
    game_summary_scene,
    hand_scene,
    hand_summary_scene,
    table_scene,
)
from bot.service.table import Table
from bot.service.text import (
    TextContext,
    action_text,
    game_result_text,
    hand_result_text,
    hand_text,
    history_text,
    lobby_text,
    score_line,
    seat_draw_text,
    table_text,
)
from bot.service.updates import (
    Announcement,
    Outbox,
    PrivateHand,
    PublicTable,
    Reminder,
    SeatInfo,
    Update,
)
from bot.stats import record_game
from bot.store import (
    UNSET,
    ResultPlayer,
    SeatRecord,
    Store,
    TableExistsError,
)

log = logging.getLogger(__name__)

Sleep = Callable[[float], Awaitable[None]]

#: Automatic moves in a row after which a person's seat is marked away.
AWAY_AFTER = 3
#: The level that plays for a person whose timer ran out, or who is away.
STAND_IN_LEVEL = "normal"
DEFAULT_COMPUTER_LEVEL = "normal"


@dataclass(frozen=True, slots=True)
class Person:
    """Someone using the bot, as Discord names them."""

    user_id: int
    name: str


@dataclass(frozen=True, slots=True)
class EndVote:
    """What ``/cinch end`` did: closed the table, or counted a vote towards closing it."""

    ended: bool
    votes: int = 0
    needed: int = 0


@dataclass(frozen=True, slots=True)
class _PendingAnnouncement:
    text: str
    scene: Any = None
    render: Callable[[Any], bytes] | None = None
    filename: str | None = None


@dataclass(frozen=True, slots=True)
class _Pending:
    update: Update
    announcements: tuple[_PendingAnnouncement, ...] = ()


def decision_seed(game: Game) -> int:
    """A computer player's seed for the next decision: the same game makes the same moves."""
    return (game.seed * 1_000_003 + len(game.log)) % (2**63)


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
    ) -> None:
        self.store = store
        self.outbox = outbox
        self._decisions = decisions or DecisionPool()
        self._draw = drawing or Drawing()
        #: Where new games' seeds come from (a seeded generator makes tests repeatable).
        self.seeds = random_source or random.SystemRandom()
        self._sleep = sleep
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}
        self._tasks: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ life cycle

    async def restore(self) -> int:
        """Bring back every open table from the store, with its game where it was."""
        for record in await self.store.tables.list_open():
            table = Table(
                record=record,
                options=TableOptions.from_json(record.house_rules or {}),
                seats={seat.seat: seat for seat in await self.store.tables.seats(record.id)},
            )
            await self._load_game(table)
            self._register(table)
            self._schedule(table)
        return len(self._tables)

    async def close(self) -> None:
        """Stop every pending computer move, timer and delivery (the store stays open)."""
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._decisions.close()
        self._draw.close()

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[Any]]:
        """Computer moves, timers and deliveries not finished yet (for tools and tests that
        wait for the service to have nothing left to do)."""
        return frozenset(task for task in self._tasks if not task.done())

    # ------------------------------------------------------------------ finding tables

    def table(self, table_id: int) -> Table:
        """The open table with this id; a button of a closed table says it was closed."""
        table = self._tables.get(table_id)
        if table is None:
            raise UserFacingError("errors.table_closed")
        return table

    def table_in_channel(self, channel_id: int) -> Table:
        table_id = self._by_channel.get(channel_id)
        if table_id is None:
            raise UserFacingError("errors.no_table")
        return self._tables[table_id]

    def find_in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables[table_id]

    def _register(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def _forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        self._by_channel.pop(table.channel_id, None)

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
        self._register(table)
        self._publish(table, _Pending(Update(table.id, table.channel_id, repost=True)))
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
            seat = self._seat_to_take(table, seat)
            if current is not None and current != seat:
                if table.playing:
                    raise UserFacingError("errors.already_seated")
                await self.store.tables.leave(table.id, current)
                del table.seats[current]
            table.seats[seat] = await self.store.tables.sit(
                table.id, seat, display_name=person.name, user_id=person.user_id
            )
            update = self._seats_changed(table, private={person.user_id})
        self._publish(table, _Pending(update))
        return seat

    def _seat_to_take(self, table: Table, seat: int | None) -> int:
        """The seat a newcomer may take: the one asked for if it is free, held by a computer
        player or away; else the first free seat (in the lobby) or seat that is away."""
        if seat is not None and not 0 <= seat < table.players:
            raise UserFacingError("errors.no_such_seat")
        if seat is None:
            free = table.free_seats() if not table.playing else []
            away = [s for s, record in sorted(table.seats.items()) if record.away]
            if not free and not away:
                raise UserFacingError("errors.table_full")
            return (free or away)[0]
        record = table.seats.get(seat)
        if record is not None and record.user_id is not None and not record.away:
            raise UserFacingError("errors.seat_taken")
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
            seat = self._seat_to_take(table, seat)
            replaced = table.user_at(seat)
            table.seats[seat] = await self.store.tables.sit(
                table.id,
                seat,
                display_name=t("player.computer", None, number=seat + 1),
                computer_level=level,
            )
            update = self._seats_changed(table, private=set() if replaced is None else {replaced})
        self._publish(table, _Pending(update))
        return seat

    async def leave(self, table_id: int, user_id: int) -> int:
        """Leave the lobby, or step away from a game (the seat plays on its own and anyone
        may take it). Returns the seat left."""
        table = self.table(table_id)
        async with table.lock:
            seat = self._seat_of(table, user_id)
            announcements: tuple[_PendingAnnouncement, ...] = ()
            if table.playing:
                table.seats[seat] = await self.store.tables.update_seat(table.id, seat, away=True)
                name = table.seats[seat].display_name
                announcements = (
                    _PendingAnnouncement(t("text.left_game", table.locale, player=name)),
                )
            else:
                await self.store.tables.leave(table.id, seat)
                del table.seats[seat]
            table.end_votes.discard(user_id)
            update = self._seats_changed(table)
        self._publish(table, _Pending(update, announcements))
        return seat

    def _seats_changed(self, table: Table, private: Iterable[int] = ()) -> Update:
        table.version += 1
        self._schedule(table)
        return Update(
            table.id,
            table.channel_id,
            settled=table.settled(),
            private=frozenset(private) if table.playing else frozenset(),
        )

    def _seat_of(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise UserFacingError("errors.not_seated")
        return seat

    # ------------------------------------------------------------------ starting and ending

    async def start(self, table_id: int, user_id: int) -> None:
        """Start a game: draw for seats and the first dealer, deal, and persist it."""
        table = self.table(table_id)
        async with table.lock:
            if table.playing:
                raise UserFacingError("errors.game_running")
            if user_id != table.record.creator_id:
                creator = self._creator_name(table)
                if creator is not None:
                    raise UserFacingError("errors.not_creator", player=creator)
                self._seat_of(table, user_id)
            if not table.full:
                raise CountedError("errors.not_enough_players", table.players)
            seed = self.seeds.getrandbits(64)
            rules = table.options.rules
            draw = draw_for_seats(table.players, seed, rules.first_dealer)
            lobby = [table.seats[seat] for seat in range(table.players)]
            if table.options.teams is Teams.DRAW:
                await self._reseat(table, [lobby[index] for index in draw.seating])
                dealer = draw.first_dealer_seat
                new_seats = [draw.seating.index(index) for index in range(table.players)]
            else:
                dealer = draw.seating[draw.first_dealer_seat]
                new_seats = list(range(table.players))
            game = Game.new(rules, table.players, seed, first_dealer=dealer)
            record = await self.store.games.start(
                table.id,
                seed=seed,
                rules=rules.to_dict(),
                player_count=table.players,
                state=game.to_dict(),
            )
            table.game, table.game_id = game, record.id
            table.end_votes.clear()
            context = TextContext(table.names(table.locale), table.locale)
            names = [context.names[seat] for seat in new_seats]
            text = seat_draw_text(draw, names, context.names[dealer], context)
            people = frozenset(table.people())
            table.version += 1
            self._schedule(table)
            update = Update(
                table.id,
                table.channel_id,
                settled=table.settled(),
                repost=True,
                private=people,
                dealt=people,
            )
        self._publish(table, _Pending(update, (_PendingAnnouncement(text),)))

    async def _reseat(self, table: Table, order: Sequence[SeatRecord]) -> None:
        """Move everyone to the seats the draw gave them."""
        if all(record.seat == seat for seat, record in enumerate(order)):
            return
        for seat in list(table.seats):
            await self.store.tables.leave(table.id, seat)
        table.seats = {}
        for seat, record in enumerate(order):
            table.seats[seat] = await self.store.tables.sit(
                table.id,
                seat,
                display_name=record.display_name,
                user_id=record.user_id,
                computer_level=record.computer_level,
            )

    def _creator_name(self, table: Table) -> str | None:
        """The creator's name while they are seated (only then do they alone start)."""
        seat = table.seat_of(table.record.creator_id)
        return table.seats[seat].display_name if seat is not None else None

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
                self._seat_of(table, person.user_id)
                table.end_votes.add(person.user_id)
                people = set(table.people())
                votes = len(table.end_votes & people)
                needed = len(people) // 2 + 1
                if votes >= needed:
                    pending = await self._close(table, t("text.closed_by_vote", table.locale))
                    vote = EndVote(ended=True, votes=votes, needed=needed)
                else:
                    text = t(
                        "text.end_vote",
                        table.locale,
                        player=person.name,
                        votes=votes,
                        needed=needed,
                    )
                    pending = _Pending(
                        Update(table.id, table.channel_id, settled=table.settled()),
                        (_PendingAnnouncement(text),),
                    )
                    vote = EndVote(ended=False, votes=votes, needed=needed)
        self._publish(table, pending)
        return vote

    async def _close(self, table: Table, text: str) -> _Pending:
        game = table.game
        if game is not None and table.game_id is not None:
            await self._finish_game(table, game, table.game_id, winner=None)
        await self.store.tables.end(table.id)
        table.version += 1
        self._cancel_automation(table)
        self._forget(table)
        update = Update(table.id, table.channel_id, closed=True, message_id=table.record.message_id)
        return _Pending(update, (_PendingAnnouncement(text),))

    def _result_players(self, table: Table, game: Game, winner: int | None) -> list[ResultPlayer]:
        return [
            ResultPlayer(
                seat=seat,
                side=game.side_of[seat],
                display_name=record.display_name,
                won=winner is not None and game.side_of[seat] == winner,
                user_id=record.user_id,
                computer_level=record.computer_level,
            )
            for seat, record in sorted(table.seats.items())
        ]

    # ------------------------------------------------------------------ playing

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Action,
        *,
        game_id: int | None = None,
        hand_number: int | None = None,
    ) -> None:
        """Apply a person's action for their seat. A button names its game and hand: one of
        a finished game or an earlier hand is refused. Raises :class:`UserFacingError` with the
        game untouched."""
        table = self.table(table_id)
        async with table.lock:
            seat = self._seat_of(table, user_id)
            if game_id is not None and game_id != table.game_id:
                raise UserFacingError("errors.game_over")
            game = self._game(table)
            if hand_number is not None and hand_number != game.hand_number:
                raise UserFacingError("errors.stale_button")
            pending = await self._apply(table, seat, action, responder=user_id)
        self._publish(table, pending)

    def _game(self, table: Table) -> Game:
        if table.game is None:
            raise UserFacingError("errors.no_game")
        return table.game

    async def _apply(
        self,
        table: Table,
        seat: int,
        action: Action,
        *,
        responder: int | None = None,
        timed_out: bool = False,
    ) -> _Pending:
        """Apply, persist, and say what to show. Called with the table's lock held."""
        game = self._game(table)
        hand_cards = (game.tricks, game.thrown, game.dead)
        acting_before = table.user_at(game.to_act)
        try:
            events = game.apply(seat, action)
        except IllegalAction as error:
            names = table.names(None)
            raise refusal(error, names.__getitem__) from None
        table.version += 1
        try:
            await self._persist(table, game, seat, action, events, timed_out, responder)
        except BaseException:
            log.exception("Could not store an action at table %s; reloading it", table.id)
            await self._reload(table)
            raise
        pending = self._after_action(table, game, events, hand_cards, acting_before, responder)
        self._schedule(table)
        return pending

    async def _persist(
        self,
        table: Table,
        game: Game,
        seat: int,
        action: Action,
        events: list[Event],
        timed_out: bool,
        responder: int | None,
    ) -> None:
        assert table.game_id is not None
        game_id = table.game_id
        snapshot = any(isinstance(event, HandDealt | HandScored) for event in events)
        await self.store.games.append_action(
            game_id,
            action_to_dict(action),
            seat=seat,
            state=game.to_dict() if snapshot else UNSET,
        )
        for event in events:
            if isinstance(event, HandScored):
                result = event.result
                await self.store.games.record_hand(
                    game_id,
                    number=result.hand_number,
                    dealer=result.dealer,
                    bids=to_plain(result.bids),
                    contract=result.contract,
                    maker=result.maker,
                    trump=result.trump.value,
                    points=result.points,
                    score_change=result.changes,
                    captured=to_plain(result.captured),
                )
            elif isinstance(event, GameWon):
                await self._finish_game(table, game, game_id, winner=event.side)
        record = table.seats[seat]
        if timed_out:
            record = await self.store.tables.add_auto_move(table.id, seat)
            if record.auto_moves >= AWAY_AFTER and not record.away:
                record = await self.store.tables.update_seat(table.id, seat, away=True)
        elif responder is not None and (record.away or record.auto_moves):
            record = await self.store.tables.update_seat(table.id, seat, away=False, auto_moves=0)
        table.seats[seat] = record

    def _after_action(
        self,
        table: Table,
        game: Game,
        events: list[Event],
        hand_cards: tuple[Any, Any, Any],
        acting_before: int | None,
        responder: int | None,
    ) -> _Pending:
        """What to show after an action: who needs their hand refreshed, and the results."""
        private = {acting_before, table.user_at(game.to_act)}
        dealt: set[int] = set()
        for event in events:
            if isinstance(event, Drew | Robbed):
                private.add(table.user_at(event.seat))
            elif isinstance(event, HandDealt):
                dealt.update(table.people())
        ends = [event for event in events if isinstance(event, HandScored | GameWon)]
        announcements = self._results(table, game, ends, hand_cards) if ends else ()
        if game.is_over:
            table.game, table.game_id = None, None
            table.end_votes.clear()
            private, dealt = set(), set()
        private |= dealt
        update = Update(
            table.id,
            table.channel_id,
            settled=table.settled(),
            repost=bool(ends),
            private=frozenset(user for user in private if user is not None and user != responder),
            dealt=frozenset(dealt),
        )
        return _Pending(update, announcements)

    def _results(
        self,
        table: Table,
        game: Game,
        ends: list[HandScored | GameWon],
        hand_cards: tuple[Any, Any, Any],
    ) -> tuple[_PendingAnnouncement, ...]:
        """The end-of-hand and end-of-game messages, with their pictures to draw."""
        locale = table.locale
        names = table.names(locale)
        context = TextContext(names, locale)
        seating = Seating(names, self._computers(table), locale)
        rules = game.rules
        announcements = []
        for event in ends:
            if isinstance(event, HandScored):
                tricks, thrown, dead = hand_cards
                played = [card for trick in tricks for _, card in trick.cards]
                cards = HandCards(
                    played=frozenset(played + [card for _, card in thrown]),
                    dead=frozenset(card for pile in dead for card in pile),
                )
                result = event.result
                scene = hand_summary_scene(
                    result, cards, seating, game.sides, rules.high_low, rules.target_score
                )
                text = hand_result_text(result, game.sides, context)
                name = f"hand-{result.hand_number}.png"
                announcements.append(_PendingAnnouncement(text, scene, render_hand_summary, name))
            else:
                scene = game_summary_scene(
                    game.history, event.side, seating, game.sides, rules.target_score
                )
                text = game_result_text(
                    event.side, event.totals, len(game.history), game.sides, context
                )
                announcements.append(
                    _PendingAnnouncement(text, scene, render_game_summary, "game.png")
                )
        return tuple(announcements)

    def _computers(self, table: Table) -> tuple[bool, ...]:
        return tuple(
            table.seats[seat].is_computer if seat in table.seats else False
            for seat in range(table.players)
        )

    # ------------------------------------------------------------------ automatic moves

    def _cancel_automation(self, table: Table) -> None:
        task = table.automation
        table.automation = None
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    def _schedule(self, table: Table) -> None:
        """After a change: start the computer move or the turn timer the table now needs."""
        self._cancel_automation(table)
        game = table.game
        if game is None or game.to_act is None:
            return
        seat = game.to_act
        if table.is_automatic(seat):
            table.automation = self._spawn(self._move_after_pause(table, table.version))
        elif table.record.turn_timer:
            table.automation = self._spawn(
                self._turn_timer(table, table.version, table.record.turn_timer)
            )

    async def _move_after_pause(self, table: Table, version: int) -> None:
        await self._sleep(table.options.computer_pause)
        await self._automatic_move(table, version, timed_out=False)

    async def _turn_timer(self, table: Table, version: int, seconds: int) -> None:
        first_half = seconds / 2
        await self._sleep(first_half)
        game = table.game
        user = table.user_at(game.to_act) if game is not None else None
        if table.version != version or user is None:
            return
        reminder = Reminder(table.id, table.channel_id, user, round(seconds - first_half))
        self._spawn(self.outbox.remind(reminder))
        await self._sleep(seconds - first_half)
        await self._automatic_move(table, version, timed_out=True)

    async def _automatic_move(self, table: Table, version: int, *, timed_out: bool) -> None:
        game = table.game
        if table.version != version or game is None or game.to_act is None:
            return
        seat = game.to_act
        record = table.seats[seat]
        level = record.computer_level or STAND_IN_LEVEL
        action = await self._decisions.decide(game.view(seat), level, decision_seed(game))
        async with table.lock:
            if table.version != version:
                return
            pending = await self._apply(table, seat, action, timed_out=timed_out)
        if timed_out and table.seats[seat].away and not record.away:
            name = table.seats[seat].display_name
            text = t("text.marked_away", table.locale, player=name)
            pending = replace(
                pending, announcements=(*pending.announcements, _PendingAnnouncement(text))
            )
        self._publish(table, pending)

    # ------------------------------------------------------------------ what to show

    async def public_table(
        self, table_id: int, mention: Callable[[int], str] | None = None
    ) -> PublicTable:
        """The table message: lobby text, or the table picture and its text summary.

        ``mention(user_id)`` writes the person to act as a mention (the Discord layer's form).
        """
        table = self.table(table_id)
        locale = table.locale
        names = table.names(locale)
        game = table.game
        seats = self.seat_infos(table, locale)
        if game is None:
            text = lobby_text(
                table.options, seats, table.record.turn_timer, self._creator_name(table), locale
            )
            return PublicTable(
                table.id,
                table.channel_id,
                table.record.message_id,
                text,
                None,
                None,
                playing=False,
                manual_seats=table.options.teams is Teams.MANUAL,
                seats=seats,
                full=table.full,
            )
        view = game.public_view()
        scene = table_scene(view, Seating(names, self._computers(table), locale))
        acting = table.user_at(view.to_act)
        if acting is not None and table.seats[view.to_act].away:
            acting = None
        who = mention(acting) if mention is not None and acting is not None else None
        text = table_text(view, TextContext(names, locale), who)
        picture = await self._draw(render_table, scene)
        return PublicTable(
            table.id,
            table.channel_id,
            table.record.message_id,
            text,
            picture,
            acting,
            playing=True,
            manual_seats=table.options.teams is Teams.MANUAL,
            seats=seats,
            full=True,
        )

    def seat_infos(self, table: Table, locale: str | None) -> tuple[SeatInfo, ...]:
        """Every seat of the table: its name, who sits there, whether a person may take it."""
        infos = []
        for seat in range(table.players):
            record = table.seats.get(seat)
            infos.append(
                SeatInfo(
                    seat=seat,
                    label=seat_name(seat, table.players, locale),
                    player=player_name(record, seat, locale) if record else None,
                    user_id=record.user_id if record else None,
                    is_computer=bool(record and record.is_computer),
                    away=bool(record and record.away),
                )
            )
        return tuple(infos)

    async def private_hand(self, table_id: int, user_id: int, locale: str | None) -> PrivateHand:
        """A seated player's hand, picture and text, and what they may do now."""
        table = self.table(table_id)
        seat = self._seat_of(table, user_id)
        game = self._game(table)
        view = game.view(seat)
        text = hand_text(view, TextContext(table.names(locale), locale))
        picture = await self._draw(render_hand, hand_scene(view, locale))
        assert table.game_id is not None
        return PrivateHand(
            table_id=table.id,
            game_id=table.game_id,
            hand_number=view.hand_number,
            seat=seat,
            text=text,
            picture=picture,
            cards=tuple(display_order(view.hand, view.trump)),
            trump=view.trump,
            decision=view.decision,
        )

    def score_text(self, table_id: int, locale: str | None) -> str:
        """The score, and the change of every hand played, for ``/cinch score``."""
        table = self.table(table_id)
        game = self._game(table)
        context = TextContext(table.names(locale), locale)
        view = game.public_view()
        lines = [score_line(view, context), *history_text(game.history, game.sides, context)]
        return "\n".join(lines)

    async def hint(self, table_id: int, user_id: int, locale: str | None) -> str:
        """What the strongest computer player would do in this player's place, and why."""
        table = self.table(table_id)
        seat = self._seat_of(table, user_id)
        game = self._game(table)
        if not table.options.hints:
            raise UserFacingError("errors.hints_off")
        if game.to_act != seat:
            name = table.names(None)[game.to_act] if game.to_act is not None else ""
            raise UserFacingError("errors.not_your_turn", player=name)
        view = game.view(seat)
        # One person asks now and then, so the search runs in a thread: starting a worker
        # process for it would take longer than the search itself.
        action, (key, params) = await self._decisions.hint(view, decision_seed(game))
        shown = action_text(action, locale)
        if lookup(key, DEFAULT_LOCALE) is None:
            return t("text.hint_plain", locale, action=shown)
        return t("text.hint", locale, action=shown, reason=t(key, locale, **params))

    # ------------------------------------------------------------------ internals

    async def _load_game(self, table: Table) -> None:
        """Restore the table's game: the last snapshot plus the actions stored after it."""
        record = await self.store.games.active(table.id)
        if record is None or record.state is None:
            table.game, table.game_id = None, None
            return
        game = Game.from_dict(record.state)
        for stored in await self.store.games.actions(record.id, after=record.state_seq):
            seat, action = Game.action_from_dict({"seat": stored.seat, **stored.action})
            game.apply(seat, action)
        table.game, table.game_id = game, record.id
        if game.is_over and game.winner is not None:
            await self._finish_game(table, game, record.id, winner=game.winner)
            table.game, table.game_id = None, None

    async def _finish_game(
        self, table: Table, game: Game, game_id: int, winner: int | None
    ) -> None:
        """Store a game's result (abandoned when nobody won), then count it on the boards.

        The boards are derived data that a manager can always rebuild, so a failure there is
        logged and never stops the end of a game.
        """
        await self.store.games.finish(
            game_id,
            status="abandoned" if winner is None else "finished",
            winners=[] if winner is None else [winner],
            final_scores=list(game.scores),
            players=self._result_players(table, game, winner=winner),
            state=game.to_dict(),
        )
        try:
            await record_game(self.store, game_id)
        except Exception:
            log.exception("could not count game %s on the boards", game_id)

    async def _reload(self, table: Table) -> None:
        """Make the table what the store says it is, after a failed write."""
        table.version += 1
        table.seats = {seat.seat: seat for seat in await self.store.tables.seats(table.id)}
        await self._load_game(table)
        self._schedule(table)

    def _publish(self, table: Table, pending: _Pending) -> None:
        self._spawn(self._deliver(table, pending))

    async def _deliver(self, table: Table, pending: _Pending) -> None:
        async with table.publishing:
            announcements = []
            for item in pending.announcements:
                picture = None
                if item.render is not None:
                    picture = await self._draw(item.render, item.scene)
                announcements.append(Announcement(item.text, picture, item.filename))
            await self.outbox.deliver(replace(pending.update, announcements=tuple(announcements)))

    def _spawn(self, coroutine: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(coroutine)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("A table task failed", exc_info=task.exception())
