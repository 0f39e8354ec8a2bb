"""What seats and sides are called in a given language.

Four players sit North, East, South and West, partners opposite, so the sides are North–South
and East–West. With two or three players everyone plays alone: seats are numbered and a side is
called after its player. The table messages, the pictures, the replays and the boards all name
them through here, so a side reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, template

_COMPASS = ("seat.north", "seat.east", "seat.south", "seat.west")


def seat_name(seat: int, players: int, locale: str | None) -> str:
    """ "North" at a four-player table, "Seat 2" otherwise."""
    if players == 4:
        return t(_COMPASS[seat], locale)
    return t("seat.number", locale, number=seat + 1)


def side_members(side: Sequence[int], names: Sequence[str], locale: str | None) -> str:
    """A side by its players, as every message, picture and board names it ("Alice & Carol";
    a player alone, by their name), so everyone sees at once who partners whom."""
    return template("picture.names_joiner", locale).join(names[seat] for seat in side)
