"""Who is watching their table: a person who acted within the last few seconds, and only they
are remembered, however many people a busy server has."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service.showing.turns import WATCHING, TurnNotices


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_only_those_who_acted_in_the_last_seconds_are_watching_and_remembered():
    clock = Clock()
    turns = TurnNotices(clock)
    for user in range(5_000):  # a busy server: a click every 10 ms
        turns.acted(user)
        clock.now += timedelta(milliseconds=10)
    assert turns.watching(4_999) and not turns.watching(0)
    recent = WATCHING / timedelta(milliseconds=10)
    assert len(turns._last_acted) <= recent + 1
    turns.acted(0)  # acting again: watching once more
    assert turns.watching(0)


def test_a_quiet_server_forgets_who_stopped_watching_too():
    clock = Clock()
    turns = TurnNotices(clock)
    turns.acted(1)
    clock.now += WATCHING * 2
    turns.acted(2)
    turns.acted(3)
    assert sorted(turns._last_acted) == [2, 3]
