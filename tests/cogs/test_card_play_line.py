"""The line of ``/cinch stats`` about card play: a one-line chart and the average."""

from __future__ import annotations

from bot.i18n import t
from cogs.leaderboard import card_play_text, sparkline


def test_the_chart_scales_to_the_worst_game():
    assert sparkline([0.0, 1.0, 2.0]) == "▁▅█"
    assert sparkline([0.0, 0.0]) == "▁▁"


def test_the_average_is_written_the_readers_way_and_nothing_without_reviews():
    assert card_play_text([1.0, 2.0], "fr") == t("stats.card_play", "fr", chart="▅█", average="1,5")
    assert card_play_text([], "en") == ""
