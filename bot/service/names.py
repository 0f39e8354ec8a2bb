"""What seats, players and sides are called, in a given language.

Four players sit North, East, South and West, partners opposite, so the sides are North–South
and East–West. With two or three players everyone plays alone: seats are numbered and a side is
called after its player.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, template
from bot.store import SeatRecord

_COMPASS = ("seat.north", "seat.east", "seat.south", "seat.west")
_TEAMS = {(0, 2): "team.north_south", (1, 3): "team.east_west"}


def seat_name(seat: int, players: int, locale: str | None) -> str:
    """ "North" at a four-player table, "Seat 2" otherwise."""
    if players == 4:
        return t(_COMPASS[seat], locale)
    return t("seat.number", locale, number=seat + 1)


def player_name(record: SeatRecord | None, seat: int, locale: str | None) -> str:
    """A person's display name, or the computer player's name in ``locale``."""
    if record is None:
        return t("lobby.empty_seat", locale)
    if record.is_computer:
        return t("player.computer", locale, number=seat + 1)
    return record.display_name


def side_label(side: Sequence[int], players: int, names: Sequence[str], locale: str | None) -> str:
    """A side for text: "North–South" with partners, else the player's name."""
    if players == 4:
        return t(_TEAMS[(side[0], side[1])], locale)
    return names[side[0]]


def side_members(side: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """A side by its players, as the pictures draw it ("Alice & Carol")."""
    return template("picture.names_joiner", locale).join(names[seat] for seat in side)
