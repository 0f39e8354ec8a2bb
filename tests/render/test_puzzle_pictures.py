"""A puzzle's pictures: the position (the table and every hand), the line after the answer, the
board, and only what belongs to one deal. Their scenes are read on a phone with every other
picture's (`test_phone_reading.py`)."""

from __future__ import annotations

import itertools

import pytest

from bot.engine.cards import Suit, parse_cards
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.scenes import board_scene, line_scene, position_scene
from bot.puzzles.shown import PuzzleBoard, RatingLine
from bot.render.puzzle_line import WIDTH, line_layout
from bot.render.style import PHONE_TEXT, PHONE_WIDTH
from bot.render.table_picture import table_layout

SMALLEST = PHONE_TEXT * WIDTH / PHONE_WIDTH


def cards(text: str) -> tuple:
    return tuple(parse_cards(text))


#: West led Q♣, North played J♣, East trumped with J♥; South holds K♥ 5♦ 5♣ (hearts trumps).
POSITION = PuzzlePosition(
    seat=2,
    hands=(cards("KD QS JC"), cards("5H 4H JH"), cards("KH 5D 5C"), cards("QH 9H QC")),
    trick=((3, cards("QC")[0]), (0, cards("JC")[0]), (1, cards("JH")[0])),
    trick_number=4,
    trump=Suit.HEARTS,
    dealer=3,
    maker=1,
    contract=8,
    points_taken=(0, 3),
    scores=(0, 0),
    target=51,
    hand_number=1,
    values=((cards("KH")[0], 1), (cards("5D")[0], 0), (cards("5C")[0], 5)),
    best=cards("5C"),
    line=(
        (
            1,
            1,
            ((3, cards("QC")[0]), (0, cards("JC")[0]), (1, cards("JH")[0]), (2, cards("5C")[0])),
        ),
        (
            2,
            5,
            ((1, cards("5H")[0]), (2, cards("KH")[0]), (3, cards("9H")[0]), (0, cards("KD")[0])),
        ),
        (
            3,
            5,
            ((2, cards("5D")[0]), (3, cards("QH")[0]), (0, cards("QS")[0]), (1, cards("4H")[0])),
        ),
    ),
)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzles_position_shows_the_seat_to_play_and_every_hand(locale: str):
    scene = position_scene(POSITION, locale)
    assert scene.table.to_act == POSITION.seat
    assert [row.cards for row in scene.rows] == list(POSITION.hands)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzles_line_shows_every_card_to_the_end(locale: str):
    layout = line_layout(line_scene(POSITION, locale))
    shown = [item.text for item in layout if item.kind == "card"]
    assert shown == [card.code for _, _, trick in POSITION.line for _, card in trick]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzle_board_holds_the_first_lines_and_the_viewer(locale: str):
    lines = tuple(
        RatingLine(rank, rank, name, 1700 - 20 * rank, 120, 80, is_viewer=rank == 12)
        for rank, name in zip(
            range(1, 13), itertools.cycle(("Zoë", "王小明", "alice")), strict=False
        )
    )
    scene = board_scene(PuzzleBoard(1, lines), locale)
    assert [row.rank for row in scene.rows] == [*range(1, 11), 12]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzle_shows_only_what_belongs_to_its_deal(locale: str):
    """No target a game is played to and no game score: each side's row holds the points it
    took in the deal so far."""
    table = position_scene(POSITION, locale).table
    assert table.target is None
    written = [item.text for item in table_layout(table) if item.kind == "text"]
    assert t("picture.target", locale, target=POSITION.target) not in written
    for points in POSITION.points_taken:
        assert t("picture.hand_points", locale, points=points) not in written
    assert written.count(str(POSITION.points_taken[1])) >= 1
