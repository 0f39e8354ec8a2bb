"""What a day is for the daily deal and the daily puzzle: a UTC date, from 00:00 to 00:00.

Every server shares the same day, as the leaderboards' weeks and months do, so a deal is the
same everywhere at the same moment and a day ends for everyone at once.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

ONE_DAY = timedelta(days=1)


def day_of(moment: datetime) -> date:
    """The day `moment` falls in (it must carry its time zone)."""
    if moment.tzinfo is None:
        raise ValueError("a moment must be timezone-aware")
    return moment.astimezone(UTC).date()


def day_start(day: date) -> datetime:
    """00:00 UTC of `day`."""
    return datetime.combine(day, time(0), UTC)


def day_end(day: date) -> datetime:
    """The moment `day` ends: 00:00 UTC of the next day."""
    return day_start(day + ONE_DAY)


def day_key(day: date) -> str:
    """How the store and the buttons write a day: ``2026-01-31``."""
    return day.isoformat()


def day_from_key(key: str) -> date:
    """A day written by `day_key`; ``ValueError`` for anything else."""
    return date.fromisoformat(key)
