"""When seasons start and end: calendar months or quarters, or dates a server's admins give.

A season is a window of time, ``[start, end)``: it counts every game that ended in it. Months
and quarters follow the calendar at midnight UTC, for every server, like the boards' weeks and
months (``bot/stats/periods.py``), so everyone reads the same dates; a season of dates runs
from the first day's midnight to the midnight after the last day. Seasons never overlap.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from babel.dates import format_interval

from bot.errors import UserFacingError
from bot.i18n import normalise_locale

#: The longest season of dates an admin may give, and how far ahead its first day may be.
LONGEST_SEASON_DAYS = FURTHEST_START_DAYS = 366


class SeasonLength(enum.StrEnum):
    MONTH = "month"
    QUARTER = "quarter"
    #: One season from a first to a last day, which the admins give.
    DATES = "dates"
    #: No new season.
    OFF = "off"


@dataclass(frozen=True, slots=True)
class Window:
    """From ``start`` (included) to ``end`` (excluded), both at midnight UTC."""

    start: datetime
    end: datetime

    def __post_init__(self) -> None:
        if not self.start < self.end:
            raise ValueError(f"a season ends after it starts, not {self.start} to {self.end}")

    def holds(self, moment: datetime) -> bool:
        return self.start <= moment < self.end

    @property
    def last_day(self) -> date:
        return (self.end - timedelta(days=1)).date()

    def named(self, locale: object = None) -> str:
        """The dates in the reader's language ("Jan 1 – 31, 2026", "1–31 janv. 2026")."""
        return format_interval(
            self.start.date(), self.last_day, "yMMMd", locale=normalise_locale(locale)
        )


def midnight(day: date) -> datetime:
    return datetime.combine(day, time(), tzinfo=UTC)


def calendar_window(length: SeasonLength, moment: datetime) -> Window:
    """The month or quarter that holds ``moment``."""
    day = moment.astimezone(UTC).date()
    months = {SeasonLength.MONTH: 1, SeasonLength.QUARTER: 3}[length]
    first_month = (day.month - 1) // months * months + 1
    start = date(day.year, first_month, 1)
    after = first_month + months
    end = date(day.year + (after - 1) // 12, (after - 1) % 12 + 1, 1)
    return Window(midnight(start), midnight(end))


def dates_window(first: date, last: date) -> Window:
    """The season from ``first`` to ``last``, both days included."""
    if last < first:
        raise ValueError("a season's last day comes after its first")
    return Window(midnight(first), midnight(last + timedelta(days=1)))


def chosen_dates(first: date, last: date, today: date) -> Window:
    """The season of dates an admin gives, checked: in order, not over already, at most a year
    long and starting within a year (a date such as 9999-12-31 is a slip, and has no midnight
    after it to end on); each refusal says what is allowed."""
    if last < first:
        raise UserFacingError("errors.season_dates_order")
    if last < today:
        raise UserFacingError("errors.season_dates_past")
    if (last - first).days >= LONGEST_SEASON_DAYS:
        raise UserFacingError("errors.season_dates_too_long", most=LONGEST_SEASON_DAYS)
    if (first - today).days > FURTHEST_START_DAYS:
        raise UserFacingError("errors.season_dates_too_far", most=FURTHEST_START_DAYS)
    return dates_window(first, last)


def next_window(length: SeasonLength, after: datetime | None, now: datetime) -> Window | None:
    """The season that follows one ending at ``after`` (None: no season before), seen at
    ``now``: the month or quarter that holds ``after``, or the one holding ``now`` when the bot
    was away through whole seasons (no empty season is made up for them), starting where the
    last season ended when that is later than the calendar's start, since seasons never overlap
    (January's month followed by quarters makes February and March the first quarter's season);
    none for seasons of dates or no seasons."""
    if length not in (SeasonLength.MONTH, SeasonLength.QUARTER):
        return None
    if after is None:
        return calendar_window(length, now)
    calendar = calendar_window(length, max(after, now))
    return Window(max(after, calendar.start), calendar.end)
