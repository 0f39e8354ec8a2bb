"""Season windows: calendar months and quarters at midnight UTC, dates with both days in, one
season after another, and no empty seasons made up for a bot that was away."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.errors import UserFacingError
from bot.i18n import SUPPORTED_LOCALES
from bot.league.windows import (
    SeasonLength,
    Window,
    calendar_window,
    chosen_dates,
    dates_window,
    midnight,
    next_window,
)

MONTH, QUARTER = SeasonLength.MONTH, SeasonLength.QUARTER
moments = st.datetimes(
    min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC)
)


def at(year: int, month: int, day: int, hour: int = 0) -> datetime:
    return datetime(year, month, day, hour, tzinfo=UTC)


def test_a_month_runs_from_its_first_midnight_to_the_next_months():
    assert calendar_window(MONTH, at(2026, 3, 4, 12)) == Window(at(2026, 3, 1), at(2026, 4, 1))
    assert calendar_window(MONTH, at(2026, 12, 31, 23)) == Window(at(2026, 12, 1), at(2027, 1, 1))


def test_quarters_start_in_january_april_july_and_october():
    starts = {calendar_window(QUARTER, at(2026, month, 15)).start.month for month in range(1, 13)}
    assert starts == {1, 4, 7, 10}
    assert calendar_window(QUARTER, at(2026, 11, 2)) == Window(at(2026, 10, 1), at(2027, 1, 1))


@given(moments, st.sampled_from([MONTH, QUARTER]))
def test_every_moment_is_in_exactly_one_calendar_season(moment: datetime, length: SeasonLength):
    window = calendar_window(length, moment)
    assert window.holds(moment)
    assert not calendar_window(length, window.end).holds(moment)
    assert calendar_window(length, window.end).start == window.end
    assert calendar_window(length, window.start - timedelta(microseconds=1)).end == window.start


def test_a_season_of_dates_counts_its_last_day():
    window = dates_window(date(2026, 5, 1), date(2026, 5, 14))
    assert window == Window(midnight(date(2026, 5, 1)), midnight(date(2026, 5, 15)))
    assert window.holds(at(2026, 5, 14, 23)) and not window.holds(at(2026, 5, 15))
    assert window.last_day == date(2026, 5, 14)
    with pytest.raises(ValueError):
        dates_window(date(2026, 5, 2), date(2026, 5, 1))


def test_the_next_season_follows_or_starts_where_time_is_now():
    march = calendar_window(MONTH, at(2026, 3, 4))
    assert next_window(MONTH, march.end, at(2026, 4, 1, 0)) == calendar_window(
        MONTH, at(2026, 4, 2)
    )
    # Away for months: the season holding today, no empty seasons in between.
    assert next_window(MONTH, march.end, at(2026, 7, 9)) == calendar_window(MONTH, at(2026, 7, 9))
    assert next_window(SeasonLength.DATES, march.end, at(2026, 4, 1)) is None
    assert next_window(SeasonLength.OFF, march.end, at(2026, 4, 1)) is None


def test_after_a_change_of_length_the_next_season_starts_where_the_last_ended():
    january = calendar_window(MONTH, at(2026, 1, 10))
    # Months switched to quarters in mid-January: February and March, not January again.
    assert next_window(QUARTER, january.end, january.end) == Window(at(2026, 2, 1), at(2026, 4, 1))
    # A season of dates in the middle of a month, followed by months: the rest of the month.
    dates = dates_window(date(2026, 5, 4), date(2026, 5, 17))
    assert next_window(MONTH, dates.end, dates.end) == Window(at(2026, 5, 18), at(2026, 6, 1))
    assert next_window(QUARTER, dates.end, at(2026, 5, 20)) == Window(
        at(2026, 5, 18), at(2026, 7, 1)
    )
    # No season before: the whole month or quarter that holds today.
    assert next_window(QUARTER, None, at(2026, 5, 20)) == calendar_window(QUARTER, at(2026, 5, 20))


@given(moments, moments, st.sampled_from([MONTH, QUARTER]))
def test_the_next_season_never_overlaps_the_last_and_ends_with_the_calendar(
    after: datetime, now: datetime, length: SeasonLength
):
    window = next_window(length, after, now)
    assert window is not None
    assert window.start >= after and window.holds(max(after, now))
    calendar = calendar_window(length, max(after, now))
    assert window.end == calendar.end
    # It starts where the last season ended, unless whole seasons went by since.
    assert window.start == (after if after >= calendar.start else calendar.start)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_seasons_dates_are_written_in_the_readers_language(locale: str):
    named = calendar_window(MONTH, at(2026, 3, 4)).named(locale)
    assert "2026" in named and "31" in named


@pytest.mark.parametrize(
    ("first", "last", "refusal"),
    [
        (date(2026, 1, 2), date(2026, 1, 1), "errors.season_dates_order"),
        (date(2025, 12, 1), date(2025, 12, 31), "errors.season_dates_past"),
        (date(2026, 1, 1), date(9999, 12, 31), "errors.season_dates_too_long"),
        (date(9999, 12, 31), date(9999, 12, 31), "errors.season_dates_too_far"),
    ],
)
def test_chosen_dates_out_of_range_are_refused(first, last, refusal):
    with pytest.raises(UserFacingError) as refused:
        chosen_dates(first, last, today=date(2026, 1, 1))
    assert refused.value.key == refusal


def test_a_year_of_dates_is_a_season():
    window = chosen_dates(date(2026, 1, 1), date(2026, 12, 31), today=date(2026, 1, 1))
    assert window.last_day == date(2026, 12, 31)
