"""Who sits where and what they are called: the seat a newcomer takes, the reseating a draw
for seats asks for, and the names of seats, players and sides in a given language.

Four players sit North, East, South and West, partners opposite, so the sides are North–South
and East–West. With two or three players everyone plays alone: seats are numbered and a side is
called after its player.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.errors import UserFacingError
from bot.i18n import t
from bot.store import SeatRecord, Store

if TYPE_CHECKING:
    # The table names its players with this module's helpers; they only read tables.
    from bot.service.table import Table


@dataclass(frozen=True, slots=True)
class Person:
    """Someone using the bot, as Discord names them."""

    user_id: int
    name: str


def seat_to_take(table: Table, seat: int | None) -> int:
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


def creator_name(table: Table) -> str | None:
    """The creator's name while they are seated (only then do they alone start)."""
    seat = table.seat_of(table.record.creator_id)
    return table.seats[seat].display_name if seat is not None else None


def computer_seats(table: Table) -> tuple[bool, ...]:
    """For every seat, whether a computer player sits there (the pictures mark them)."""
    return tuple(
        table.seats[seat].is_computer if seat in table.seats else False
        for seat in range(table.players)
    )


async def reseat(store: Store, table: Table, order: Sequence[SeatRecord]) -> None:
    """Move everyone to the seats the draw gave them: ``order[n]`` takes seat ``n``."""
    if all(record.seat == seat for seat, record in enumerate(order)):
        return
    for seat in list(table.seats):
        await store.tables.leave(table.id, seat)
    table.reseat(
        [
            await store.tables.sit(
                table.id,
                seat,
                display_name=record.display_name,
                user_id=record.user_id,
                computer_level=record.computer_level,
            )
            for seat, record in enumerate(order)
        ]
    )


def player_name(record: SeatRecord | None, locale: str | None) -> str:
    """A person's display name, or the computer player's name given when it sat down (so it
    keeps one name from the lobby to the history, wherever the draw seats it)."""
    if record is None:
        return t("lobby.empty_seat", locale)
    return record.display_name


def computer_name(table: Table, seat: int) -> str:
    """A new computer player's name in the table's language: "Computer 3" for seat 3, or the
    first number no other computer player at the table has."""
    taken = {record.display_name for record in table.seats.values() if record.is_computer}
    for number in (seat + 1, *range(1, table.players + 2)):
        name = t("player.computer", table.locale, number=number)
        if name not in taken:
            return name
    raise AssertionError("more computer players than seats")
