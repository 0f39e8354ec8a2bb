"""The table picture read on a phone: big enough, nothing essential cut off, nothing overlapping.

A phone shows the picture about 400 px wide. These tests check the painter's own record of
what it drew (`table_layout`) for every phase, in all four languages, with two, three and four
seats, computer players and long names, instead of judging pixels; the size of every word is
checked with every other picture's (`test_phone_reading.py`, which draws these scenes).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from io import BytesIO

import pytest
from PIL import Image

from bot.engine.cards import Suit, parse_cards
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.i18n.picture_words import picture_words
from bot.render import PlayedCard, SeatScene, SideScene, TableScene, Words
from bot.render.canvas import Placed
from bot.render.table_picture import (
    picture_size,
    render_table,
    table_layout,
)

PHASES = ("bidding", "trump", "discard", "rob", "trick", "hand_over", "game_over")
#: Names as people choose them: accents, other scripts, an emoji, and one far too long to fit.
HUMANS = ("Éléonore", "王小明", "Zoë 🦊", "Bartholomew-Maximilian von Hohenzollern-Sigmaringen")
#: No word is cut from a name this long or shorter; a longer one ends in an ellipsis.
FITS = 12


def _phase(phase: str, locale: str) -> str:
    return t(f"phase.{phase}", locale, number=4)


def _seats(players: int, locale: str, human_names: tuple[str, ...]) -> tuple[SeatScene, ...]:
    sides = 2 if players == 4 else players
    seats = []
    for seat in range(players):
        computer = seat % 2 == 1
        name = t("player.computer", locale, number=seat + 1) if computer else human_names[seat]
        bid = 12 if seat == 0 else None
        seats.append(SeatScene(name, seat % sides, 9, computer, bid, passed=seat == 2))
    return tuple(seats)


def _scene(players: int, locale: str, phase: str, human_names: tuple[str, ...]) -> TableScene:
    seats = _seats(players, locale, human_names)
    sides = tuple(
        SideScene(
            t("picture.names_joiner", locale).join(
                seat.name for seat in seats if seat.side == index
            ),
            -12 if index else 149,
            12 if phase == "trick" else None,
        )
        for index in range(len({seat.side for seat in seats}))
    )
    cards = parse_cards("AH 3H 9C 2H")[:players]
    in_play = phase in ("trick", "hand_over")
    plays = tuple(PlayedCard(seat, card) for seat, card in enumerate(cards))
    return TableScene(
        seats=seats,
        sides=sides,
        target=151,
        dealer=players - 1,
        hand_number=12,
        phase=_phase(phase, locale),
        to_act=0,
        trick=plays if phase == "trick" else (),
        last_trick=plays if in_play else (),
        last_trick_winner=0 if in_play else None,
        trump=Suit.DIAMONDS if phase != "bidding" else None,
        contract=12 if phase != "bidding" else None,
        maker=0 if phase != "bidding" else None,
        words=Words(**picture_words(locale)),
    )


def _scenes() -> Iterator[tuple[str, TableScene]]:
    for locale, players, phase in itertools.product(SUPPORTED_LOCALES, (2, 3, 4), PHASES):
        for names in (HUMANS, HUMANS[::-1]):
            label = f"{locale}-{players}-{phase}-{names[0][:4]}"
            yield label, _scene(players, locale, phase, names)


SCENES = dict(_scenes())


def _overlap(a: Placed, b: Placed) -> bool:
    (a_left, a_top, a_right, a_bottom), (b_left, b_top, b_right, b_bottom) = a.box, b.box
    return a_left < b_right and b_left < a_right and a_top < b_bottom and b_top < a_bottom


def _may_be_shortened(placed: Placed, scene: TableScene) -> bool:
    """Only a name longer than `FITS` characters (or a side named by such a name) may be cut."""
    long_names = [seat.name for seat in scene.seats if len(seat.name) > FITS]
    return any(name in placed.text for name in long_names)


@pytest.mark.parametrize("label", SCENES)
def test_nothing_essential_is_cut_and_nothing_overlaps(label: str) -> None:
    scene = SCENES[label]
    layout = table_layout(scene)
    width, height = picture_size(len(scene.sides))
    for placed in layout:
        assert placed.box[0] >= 0 and placed.box[2] <= width, placed
        assert placed.box[1] >= 0 and placed.box[3] <= height, placed
        assert not placed.shortened or _may_be_shortened(placed, scene), placed
    for first, second in itertools.combinations(layout, 2):
        assert not _overlap(first, second), (first, second)
    drawn = {placed.text for placed in layout}
    assert scene.phase in drawn
    if scene.contract is not None:
        contract = [placed for placed in layout if placed.text.startswith(f"{scene.contract} ·")]
        assert contract and contract[0].size >= 20


def test_a_long_name_is_shortened_and_a_computer_name_is_not() -> None:
    layout = table_layout(SCENES["fr-4-trick-Bart"])
    by_text = {placed.text: placed for placed in layout}
    assert by_text[HUMANS[3]].shortened
    assert not by_text["Ordinateur 2"].shortened
    assert not by_text["王小明"].shortened


def test_the_last_trick_stays_on_the_table_until_the_next_lead() -> None:
    """Between tricks the cards of the last trick are shown where they were played."""
    between = SCENES["en-4-hand_over-Éléo"]
    cards = {placed.text for placed in table_layout(between) if placed.kind == "card"}
    assert {"AH", "3H", "9C", "2H"} <= cards
    playing = SCENES["en-4-trick-Éléo"]
    shown = [placed.text for placed in table_layout(playing) if placed.kind == "card"]
    # The trick only: the last trick is not drawn beside it.
    assert sorted(filter(None, shown)) == ["2H", "3H", "9C", "AH"]


@pytest.mark.parametrize("players", (2, 3, 4))
def test_the_picture_is_the_size_the_layout_was_checked_at(players: int) -> None:
    scene = SCENES[f"nl-{players}-trick-Éléo"]
    with Image.open(BytesIO(render_table(scene))) as picture:
        assert picture.size == picture_size(len(scene.sides))
