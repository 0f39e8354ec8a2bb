"""Streaks: days in a row of daily deals played to the end."""

from __future__ import annotations

from datetime import date, timedelta

from bot.daily.streaks import Streak, streak

TODAY = date(2026, 3, 10)


def days_ago(*offsets: int) -> set[date]:
    return {TODAY - timedelta(days=offset) for offset in offsets}


def test_no_day_played_is_no_streak():
    assert streak(set(), TODAY) == Streak(0, 0)


def test_the_streak_counts_days_in_a_row_up_to_today():
    assert streak(days_ago(0, 1, 2, 5), TODAY) == Streak(3, 3)


def test_a_streak_to_yesterday_still_stands_while_today_is_to_play():
    assert streak(days_ago(1, 2), TODAY) == Streak(2, 2)


def test_a_missed_day_ends_the_streak_but_the_best_is_kept():
    assert streak(days_ago(2, 3, 4, 5, 9), TODAY) == Streak(0, 4)
