"""The daily deal's pictures: a day's result, a day's board, and the table with the player's
cards under it. Their scenes are read on a phone with every other picture's
(`test_phone_reading.py`): nothing under 11 px at 400 px wide, nothing cut short, nothing
overlapping, in all four languages."""

from __future__ import annotations

import itertools
from datetime import date

import pytest

from bot.daily.scenes import board_scene
from bot.daily.shown import BoardLine, DayBoard, DayShown, DealOutcome
from bot.daily.streaks import Streak
from bot.engine.cards import Suit, parse_cards
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.render import HandScene
from bot.render.day_result import WIDTH
from bot.render.hand import LABEL_SIZE, paint_hand
from bot.render.private_table import hand_scale
from bot.render.ranking import ranking_layout
from bot.render.style import PHONE_TEXT, PHONE_WIDTH

SMALLEST = PHONE_TEXT * WIDTH / PHONE_WIDTH
DAY = date(2026, 9, 30)


def day(locale: str) -> DayShown:
    outcomes = (
        DealOutcome(0, 5, 3, 0.75, 9),
        DealOutcome(1, -17, 4, 0.0, 9),
        DealOutcome(2, 0, 0, 0.5, 8),
        DealOutcome(3, None, None, None, 7),
    )
    return DayShown(11, DAY, "Éléonore", False, outcomes, 0.3125, 12, 14, Streak(3, 21))


def board(rows: int) -> DayBoard:
    lines = tuple(
        BoardLine(rank, rank, name, 1 - rank / 20, 12 - rank, 4, is_viewer=rank == 2)
        for rank, name in zip(
            range(1, rows + 1),
            itertools.cycle(("Zoë", "王小明", "Bartholomew", "alice")),
            strict=False,
        )
    )
    return DayBoard(11, DAY, lines, rows, widest=2, widest_scores=(-17, 9), widest_par=4)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_days_board_holds_its_first_lines_with_the_viewer_among_them(locale: str):
    scene = board_scene(board(12), locale, limit=10)
    assert [row.rank for row in scene.rows] == list(range(1, 11))
    assert [row.is_viewer for row in scene.rows].count(True) == 1


def test_the_viewer_further_down_the_board_is_shown_under_the_first_lines():
    lines = board(12).lines
    moved = tuple(
        BoardLine(line.rank, line.user_id, line.name, line.share, line.total, 4, line.rank == 12)
        for line in lines
    )
    scene = board_scene(DayBoard(11, DAY, moved, 12), "en", limit=10)
    assert [row.rank for row in scene.rows] == [*range(1, 11), 12]
    assert scene.rows[-1].is_viewer


def test_an_empty_board_says_so():
    scene = board_scene(DayBoard(11, DAY, (), 0), "fr")
    assert scene.rows == () and scene.empty
    assert scene.empty in [item.text for item in ranking_layout(scene)]


def test_the_widest_hand_under_the_table_keeps_its_words_readable():
    """A robbing dealer's nine cards and the pack: the widest hand picture there is."""
    cards = tuple(parse_cards("AH KH QH JH 10H 9H 8H 7H 6H"))
    pack = tuple(parse_cards("AS KS QS JS 10S 9S 8S 7S 6S"))
    hand = paint_hand(HandScene(cards, Suit.HEARTS, None, pack=pack))
    assert hand.width > WIDTH
    assert LABEL_SIZE * hand_scale(hand) >= SMALLEST
