"""The open tables in memory: each one's record, seats, game in progress, lock and pending
automation, and the registry that finds them by id or by channel.

The store holds the truth; a :class:`Table` is what the service keeps between two actions so an
action costs one engine call and one committed append, not a reload. A table's state changes
only through its own methods, always under its ``lock``; ``version`` counts the changes (the
service's ``_changed`` is the one place that moves it on and reschedules the table), so a
computer move or a turn timer decided earlier can tell that the table moved on and give up.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field

from bot.engine import Game
from bot.errors import UserFacingError
from bot.i18n import t
from bot.service.areas.rematches import Rematch
from bot.service.shown import HandPlace, SeatRequest
from bot.service.tables.options import TableOptions
from bot.store import HandBeingSent, SeatRecord, TableRecord

#: Interactions remembered per table: far more than can arrive twice within Discord's retries.
RECENT_REQUESTS = 64

@dataclass(frozen=True, slots=True)
class EndVote:
    """What ``/cinch end`` did: closed the table, or counted a vote towards closing it."""

    ended: bool
    votes: int = 0
    needed: int = 0


@dataclass
class HandMessages:
    """Where one player's live hand messages are: their DM, and their private message in the
    channel (each refreshed as their cards or their turn change)."""

    dm: HandPlace | None = None
    private: HandPlace | None = None
    #: Private hands whose sending began before a start and whose place was never stored.
    being_sent: list[HandBeingSent] = field(default_factory=list)


@dataclass(eq=False)
class Table:
    record: TableRecord
    options: TableOptions
    seats: dict[int, SeatRecord]
    game: Game | None = None
    game_id: int | None = None
    #: The game that last ended with a winner, while the table is back in its lobby, so
    #: ``/cinch score`` can still show how it ended (until the next game starts).
    finished_game: Game | None = None
    #: How many actions of the game the store holds: the next one stored must be number
    #: ``stored_actions + 1``, or this process is out of date (see ``append_action``).
    stored_actions: int = 0
    #: The Discord interactions whose actions were applied lately, so one delivered twice is
    #: applied once (the store's unique request ids guard the same across processes).
    recent_requests: deque[int] = field(default_factory=lambda: deque(maxlen=RECENT_REQUESTS))
    version: int = 0
    #: Seated people who asked to end the game (``/cinch end`` without the right to end it alone).
    end_votes: set[int] = field(default_factory=set)
    #: Newcomers who asked for a seat in this game and wait for an answer (each asks once).
    seat_requests: set[int] = field(default_factory=set)
    #: A rematch of the last game being confirmed in the lobby, if one was asked for.
    rematch: Rematch | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The computer move or turn timer waiting to act, if any (the service's automation's).
    automation: asyncio.Task[None] | None = None
    #: People's turns played for them in a row (timed out, or away) since one of them moved.
    turns_without_people: int = 0
    #: Hands dealt in a row with no person seated (only computer players).
    hands_without_people: int = 0
    #: Closed for good: nothing is scheduled for it any more.
    closed: bool = False
    #: Each person's live hand messages, by user id.
    hand_messages: dict[int, HandMessages] = field(default_factory=dict)
    #: The table message notified someone when it was posted (edits since notify nobody):
    #: it is never deleted. Unknown after a restart, so assumed.
    message_mentions: bool = False

    # ------------------------------------------------------------------ changing it

    def sit(self, record: SeatRecord) -> None:
        """Put the stored seat ``record`` (a newcomer, or a seat's new state) in its seat."""
        self.seats[record.seat] = record
        self._forget_hands_of_people_gone()

    def unseat(self, seat: int) -> None:
        del self.seats[seat]
        self._forget_hands_of_people_gone()

    def reseat(self, records: list[SeatRecord]) -> None:
        """Everyone at once, after a draw for seats moved them."""
        self.seats = {record.seat: record for record in records}
        self._forget_hands_of_people_gone()

    def _forget_hands_of_people_gone(self) -> None:
        """Where the hands of people no longer seated were shown is nothing to refresh any
        more: forgotten, so a table that sees many people come and go keeps only its own."""
        seated = set(self.people())
        for user_id in [user for user in self.hand_messages if user not in seated]:
            del self.hand_messages[user_id]

    def begin_game(self, game: Game, game_id: int, stored_actions: int = 0) -> None:
        """A game is dealt (or restored): no vote to end the last one carries over."""
        self.game, self.game_id = game, game_id
        self.finished_game = None
        self.stored_actions = stored_actions
        self.end_votes.clear()
        self.seat_requests.clear()
        self.rematch = None

    def end_game(self) -> None:
        """Back to the lobby; a game that ended with a winner is kept to show its score."""
        if self.game is not None and self.game.is_over and self.game.winner is not None:
            self.finished_game = self.game
        self.game, self.game_id = None, None
        self.end_votes.clear()
        self.seat_requests.clear()

    def ask_for_seat(self, user_id: int, seat: int) -> SeatRequest:
        """A newcomer asks for ``seat`` in the game going on (once until it is answered)."""
        assert self.game_id is not None, "only a game going on has seats to ask for"
        if user_id in self.seat_requests:
            raise UserFacingError("errors.seat_already_asked")
        self.seat_requests.add(user_id)
        return SeatRequest(self.id, self.game_id, seat, self.players, self.locale)

    def close(self) -> None:
        self.end_game()
        self.closed = True

    def vote_to_end(self, user_id: int) -> EndVote:
        """Add the person's vote; ``ended`` says whether the votes now close the table.

        Only the votes of people still seated count, so someone who left takes their vote along.
        """
        self.end_votes.add(user_id)
        people = set(self.people())
        votes = len(self.end_votes & people)
        needed = len(people) // 2 + 1
        return EndVote(ended=votes >= needed, votes=votes, needed=needed)

    def withdraw_vote(self, user_id: int) -> None:
        self.end_votes.discard(user_id)

    def person_moved(self) -> None:
        self.turns_without_people = 0

    def played_for_a_person(self) -> int:
        """A person's turn was played for them; how many in a row now."""
        self.turns_without_people += 1
        return self.turns_without_people

    def hand_dealt(self) -> int:
        """A computer player's move dealt a new hand: how many in a row have now been dealt
        with no person seated (none at a table whose options let it play unattended)."""
        if self.people() or self.options.unattended:
            self.hands_without_people = 0
        else:
            self.hands_without_people += 1
        return self.hands_without_people

    # ------------------------------------------------------------------ reading it

    def require_seat(self, user_id: int) -> int:
        """The person's seat; refused when they are not seated at this table."""
        seat = self.seat_of(user_id)
        if seat is None:
            raise UserFacingError("errors.not_seated")
        return seat

    def require_game(self) -> Game:
        """The game in progress; refused when the table is still in its lobby."""
        if self.game is None:
            raise UserFacingError("errors.no_game")
        return self.game

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def channel_id(self) -> int:
        return self.record.channel_id

    @property
    def locale(self) -> str | None:
        """The language of the table's public messages."""
        return self.record.language

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def playing(self) -> bool:
        return self.game is not None

    def plays_here(self, user_id: int) -> bool:
        """Whether the person is seated and playing (not away)."""
        seat = self.seat_of(user_id)
        return seat is not None and not self.seats[seat].away

    def seat_of(self, user_id: int) -> int | None:
        for seat, record in self.seats.items():
            if record.user_id == user_id:
                return seat
        return None

    def user_at(self, seat: int | None) -> int | None:
        """The person in ``seat`` (None for an empty seat or a computer player)."""
        record = self.seats.get(seat) if seat is not None else None
        return record.user_id if record is not None else None

    def names(self, locale: str | None) -> tuple[str, ...]:
        """Every seat's player: a person's display name, or the computer player's name given
        when it sat down (so it keeps one name from the lobby to the history, wherever the draw
        seats it); an empty seat says so."""
        empty = t("lobby.empty_seat", locale)
        return tuple(
            record.display_name if record is not None else empty
            for record in (self.seats.get(seat) for seat in range(self.players))
        )

    def computer_seats(self) -> tuple[bool, ...]:
        """For every seat, whether a computer player sits there (the pictures mark them)."""
        return tuple(
            self.seats[seat].is_computer if seat in self.seats else False
            for seat in range(self.players)
        )

    def creator_name(self) -> str | None:
        """The creator's name while they are seated (only then do they alone start)."""
        seat = self.seat_of(self.record.creator_id)
        return self.seats[seat].display_name if seat is not None else None

    def seat_to_take(self, seat: int | None) -> int:
        """The seat a newcomer may take: the one asked for if it is free, held by a computer
        player or away; else the first free seat (in the lobby) or seat that is away."""
        if seat is not None and not 0 <= seat < self.players:
            raise UserFacingError("errors.no_such_seat")
        if seat is None:
            free = self.free_seats() if not self.playing else []
            away = [s for s, record in sorted(self.seats.items()) if record.away]
            if not free and not away:
                raise UserFacingError("errors.table_full")
            return (free or away)[0]
        record = self.seats.get(seat)
        if record is not None and record.user_id is not None and not record.away:
            raise UserFacingError("errors.seat_taken")
        return seat

    def new_computer_name(self, seat: int) -> str:
        """A new computer player's name in the table's language: "Computer 3" for seat 3, or
        the first number no other computer player at the table has."""
        taken = {record.display_name for record in self.seats.values() if record.is_computer}
        for number in (seat + 1, *range(1, self.players + 2)):
            name = t("player.computer", self.locale, number=number)
            if name not in taken:
                return name
        raise AssertionError("more computer players than seats")

    def is_automatic(self, seat: int) -> bool:
        """Whether the seat plays on its own: a computer player, or a person marked away."""
        record = self.seats.get(seat)
        return record is not None and (record.is_computer or record.away)

    def people(self) -> list[int]:
        return [record.user_id for record in self.seats.values() if record.user_id is not None]

    def free_seats(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.seats]

    @property
    def full(self) -> bool:
        return not self.free_seats()

    def settled(self) -> bool:
        """Nothing is about to happen on its own: a person must act, or the table waits."""
        game = self.game
        return game is None or game.to_act is None or not self.is_automatic(game.to_act)


class TableRegistry:
    """Every open table, by id and by channel: at most one table is open in a channel."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._by_channel: dict[int, int] = {}

    def __len__(self) -> int:
        return len(self._tables)

    def __iter__(self) -> Iterator[Table]:
        return iter(list(self._tables.values()))

    def table(self, table_id: int) -> Table:
        """The open table with this id; a button of a closed table says it was closed."""
        table = self._tables.get(table_id)
        if table is None:
            raise UserFacingError("errors.table_closed")
        return table

    def get(self, table_id: int) -> Table | None:
        return self._tables.get(table_id)

    def table_in_channel(self, channel_id: int) -> Table:
        table = self.find_in_channel(channel_id)
        if table is None:
            raise UserFacingError("errors.no_table")
        return table

    def find_in_channel(self, channel_id: int) -> Table | None:
        table_id = self._by_channel.get(channel_id)
        return None if table_id is None else self._tables[table_id]

    def add(self, table: Table) -> None:
        self._tables[table.id] = table
        self._by_channel[table.channel_id] = table.id

    def forget(self, table: Table) -> None:
        self._tables.pop(table.id, None)
        self._by_channel.pop(table.channel_id, None)
