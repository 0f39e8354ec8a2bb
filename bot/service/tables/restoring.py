"""Reading a stored table back into memory, each of its rows checked on the way.

A table's rows may be damaged: edited by hand, or written by a version with a mistake in it
(house rules that are not JSON or not options this version accepts, a seat the table does not
have, a snapshot the engine cannot read, an action it refuses). Such a table must never stop the
others, nor the bot: reading it raises :class:`UnreadableTable`, which says what is wrong, and
the service sets that table aside on its own (``TableService.restore``).

The checks that read plain data (the options, the engine's game) are pure: whatever they raise
comes from the data, so every error of theirs is taken for damage. The store's own reads raise
:class:`~bot.store.UnreadableValue` for a value that is not JSON; any other error of the
database is not damage and goes on up.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.ai import LEVELS
from bot.engine import Game
from bot.service.tables.options import TableOptions
from bot.store import JSON, ActionRecord, SeatRecord


class UnreadableTable(Exception):
    """A stored table that cannot be brought back as it was; the message says why."""


def read_options(house_rules: JSON) -> TableOptions:
    """The table's options from their stored form."""
    try:
        return TableOptions.from_json(house_rules)
    except Exception as error:
        raise UnreadableTable(f"house rules: {error}") from None


def read_seats(records: Iterable[SeatRecord], options: TableOptions) -> dict[int, SeatRecord]:
    """The table's seats by number: each one a seat of the table, and each computer player of
    a level that exists (its moves are decided by that level)."""
    seats: dict[int, SeatRecord] = {}
    for record in records:
        if not 0 <= record.seat < options.players:
            raise UnreadableTable(f"seat {record.seat} at a table of {options.players}")
        if record.computer_level is not None and record.computer_level not in LEVELS:
            raise UnreadableTable(f"seat {record.seat}: no level {record.computer_level!r}")
        seats[record.seat] = record
    return seats


def read_game(
    state: JSON, actions: Sequence[ActionRecord], *, players: int, seats: Iterable[int]
) -> Game:
    """The game of a snapshot with the actions stored after it applied again, at a table of
    ``players`` with ``seats`` taken: the game must be one for that many, every seat taken."""
    try:
        game = Game.from_dict(state)
        for stored in actions:
            game.apply(*Game.action_from_dict({"seat": stored.seat, **stored.action}))
    except Exception as error:
        raise UnreadableTable(f"game: {type(error).__name__}: {error}") from None
    if game.players != players:
        raise UnreadableTable(f"game: for {game.players} players at a table of {players}")
    empty = sorted(set(range(game.players)) - set(seats))
    if empty:
        raise UnreadableTable(f"game: seats {empty} of its {game.players} are empty")
    return game
