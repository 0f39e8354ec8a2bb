"""Who starts the game, as the lobby says it: that they will once every seat is taken, and
once it is, that they can now (never "once every seat is taken" under a full table)."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.service.showing.lobby_texts import lobby_text
from bot.service.shown import SeatInfo
from bot.service.tables.options import TableOptions


def _seats(taken: int) -> list[SeatInfo]:
    """Four seats: the first ``taken`` held by a person or a computer player."""
    names = ("Ana", "Computer 2", "Carla", "Davi")
    return [
        SeatInfo(
            seat, f"Seat {seat + 1}", names[seat] if seat < taken else None, None, seat == 1, False
        )
        for seat in range(4)
    ]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
@pytest.mark.parametrize("creator", ("Ana", None))
def test_the_start_line_says_the_game_can_start_once_every_seat_is_taken(
    locale: str, creator: str | None
) -> None:
    waiting = "text.lobby_start" if creator else "text.lobby_start_anyone"
    ready = "text.lobby_ready" if creator else "text.lobby_ready_anyone"
    options = TableOptions(players=4)
    lines = lobby_text(options, _seats(3), None, creator, locale).splitlines()
    assert lines[-1] == t(waiting, locale, player="Ana")
    lines = lobby_text(options, _seats(4), None, creator, locale).splitlines()
    assert lines[-1] == t(ready, locale, player="Ana")
