"""The checks most commands start with, each refusing in the words the person will read."""

from __future__ import annotations

from bot.engine import Game
from bot.errors import UserFacingError
from bot.service.table import Table


def seat_of(table: Table, user_id: int) -> int:
    """The person's seat; refused when they are not seated at this table."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise UserFacingError("errors.not_seated")
    return seat


def game_of(table: Table) -> Game:
    """The game in progress; refused when the table is still in its lobby."""
    if table.game is None:
        raise UserFacingError("errors.no_game")
    return table.game
