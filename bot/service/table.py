"""One open table in memory: its record, seats, game in progress, lock and pending automation.

The store holds the truth; a :class:`Table` is what the service keeps between two actions so an
action costs one engine call and one committed append, not a reload. Everything that changes a
table happens under its ``lock``; ``version`` counts those changes, so a computer move or a turn
timer decided earlier can tell that the table moved on in the meantime and give up.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from bot.engine import Game
from bot.service.names import player_name
from bot.service.options import TableOptions
from bot.store import SeatRecord, TableRecord


@dataclass(eq=False)
class Table:
    record: TableRecord
    options: TableOptions
    seats: dict[int, SeatRecord]
    game: Game | None = None
    game_id: int | None = None
    version: int = 0
    #: Seated people who asked to end the game (``/cinch end`` without the right to end it alone).
    end_votes: set[int] = field(default_factory=set)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: Keeps this table's messages in order (a hand's result before the next hand's table).
    publishing: asyncio.Lock = field(default_factory=asyncio.Lock)
    #: The computer move or turn timer waiting to act, if any.
    automation: asyncio.Task[None] | None = None

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
        return tuple(
            player_name(self.seats.get(seat), seat, locale) for seat in range(self.players)
        )

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
