"""A rematch: the players of a finished game play it again at the same seats.

Under a game's result a **Rematch** button names the game. Each person who played it confirms
with a click; the computer players stay in their seats. The game starts on its own once every
person seated has confirmed, everyone keeping their seat and partner (the draw only chooses the
first dealer). A table still in its lobby in the game's channel is the rematch's while its
seats are the game's; a table that closed (one in a thread of its own closes with its game) is
opened again there, everyone seated as they were.

The seats come from the game's stored result, so a button of a game from before a restart
works; who has confirmed is kept with the table in memory only, like the votes to end one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.store import ResultRecord, SeatRecord


@dataclass(frozen=True, slots=True)
class GameSeat:
    """A seat of a finished game: the person who held it (also one away at the end, whom a
    computer stood in for), or a computer player."""

    seat: int
    name: str
    user_id: int | None = None
    computer_level: str | None = None


def finished_seats(result: ResultRecord) -> tuple[GameSeat, ...]:
    """The seats of a finished game, as a rematch takes them again. A person since forgotten
    (a negative pseudonym, which no Discord user has) leaves their seat empty."""
    seats = []
    for player in result.players:
        person = player.user_id if player.user_id is not None else player.stand_in_for
        if person is not None:
            if person > 0:
                seats.append(GameSeat(player.seat, player.display_name, user_id=person))
        else:
            level = player.computer_level
            seats.append(GameSeat(player.seat, player.display_name, computer_level=level))
    return tuple(seats)


@dataclass
class Rematch:
    """A rematch of ``game_id`` under way at a table in its lobby: who has confirmed."""

    game_id: int
    seats: tuple[GameSeat, ...]
    ready: set[int] = field(default_factory=set)

    def seat_of(self, user_id: int) -> int | None:
        """The seat the person held in the game (None if they did not play it)."""
        return next((seat.seat for seat in self.seats if seat.user_id == user_id), None)

    def kept(self, seats: Mapping[int, SeatRecord]) -> bool:
        """Whether the lobby's seats are still the game's: every person in the seat they had,
        every computer player in a seat a computer had (an emptied seat may be taken back)."""
        by_seat = {seat.seat: seat for seat in self.seats}
        for number, record in seats.items():
            had = by_seat.get(number)
            if had is None:
                return False
            if record.user_id != had.user_id and not (record.is_computer and had.computer_level):
                return False
        return True

    def waiting(self, seats: Mapping[int, SeatRecord]) -> list[str]:
        """The seated people who have not confirmed yet, in seat order."""
        return [
            record.display_name
            for _, record in sorted(seats.items())
            if record.user_id is not None and record.user_id not in self.ready
        ]
