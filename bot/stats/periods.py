"""The periods a board can cover. Weeks start on Monday and months on the 1st, at midnight UTC
for every server (the help says so), so everyone on a server sees the same board."""

from __future__ import annotations

import enum
from datetime import UTC, datetime, timedelta


class Period(enum.StrEnum):
    ALL = "all"
    MONTH = "month"
    WEEK = "week"


def period_start(period: Period, now: datetime) -> datetime | None:
    """When ``period`` began, as seen at ``now``; ``None`` for all time."""
    midnight = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    if period is Period.WEEK:
        return midnight - timedelta(days=midnight.weekday())
    if period is Period.MONTH:
        return midnight.replace(day=1)
    return None
