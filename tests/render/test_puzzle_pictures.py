"""A puzzle's pictures read on a phone, in all four languages: the position (the table and every
hand) and the line after the answer. Checked from the painters' own record: nothing under 11 px
at 400 px wide, nothing essential cut short, nothing overlapping."""

from __future__ import annotations

import itertools

import pytest

from bot.engine.cards import Suit, parse_cards
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.scenes import board_scene, line_scene, position_scene
from bot.puzzles.shown import PuzzleBoard, RatingLine
from bot.render.canvas import Placed
from bot.render.puzzle_line import WIDTH, line_layout
from bot.render.ranking import ranking_layout
from bot.render.replay_picture import replay_layout
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


def check(layout: list[Placed]) -> None:
    texts = [item for item in layout if item.kind == "text"]
    assert texts and min(item.size for item in texts) >= SMALLEST
    assert [item.text for item in texts if item.shortened] == []
    for first, second in itertools.combinations(texts, 2):
        a, b = first.box, second.box
        assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (
            first.text,
            second.text,
        )


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzles_position_reads_on_a_phone(locale: str):
    scene = position_scene(POSITION, locale)
    check(table_layout(scene.table) + replay_layout(scene))
    assert scene.table.to_act == POSITION.seat
    assert [row.cards for row in scene.rows] == list(POSITION.hands)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzles_line_reads_on_a_phone(locale: str):
    layout = line_layout(line_scene(POSITION, locale))
    check(layout)
    shown = [item.text for item in layout if item.kind == "card"]
    assert shown == [card.code for _, _, trick in POSITION.line for _, card in trick]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_puzzle_board_reads_on_a_phone(locale: str):
    lines = tuple(
        RatingLine(rank, rank, name, 1700 - 20 * rank, 120, 80, is_viewer=rank == 12)
        for rank, name in zip(
            range(1, 13), itertools.cycle(("Zoë", "王小明", "alice")), strict=False
        )
    )
    scene = board_scene(PuzzleBoard(1, lines), locale)
    assert [row.rank for row in scene.rows] == [*range(1, 11), 12]
    check(ranking_layout(scene))


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
