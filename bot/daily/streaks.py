"""Streaks: days in a row on which a person played every deal of the daily deal."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from datetime import date

from bot.daily.days import ONE_DAY


@dataclass(frozen=True, slots=True)
class Streak:
    #: Days in a row up to today, or up to yesterday while today is still to play.
    current: int
    #: The longest run ever.
    best: int


def streak(finished: Collection[date], today: date) -> Streak:
    """The streak of someone who finished the daily deal on the days `finished`."""
    days = sorted(finished)
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == ONE_DAY else 1
        best = max(best, run)
        previous = day
    current = 0
    day = today if today in finished else today - ONE_DAY
    while day in finished:
        current += 1
        day -= ONE_DAY
    return Streak(current, best)
