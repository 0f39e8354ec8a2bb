"""The end-of-hand picture read on a phone, as the table picture is (`test_table_layout.py`):
every word big enough at 400 px wide, nothing overlapping or cut off, and a side of two players
always shown as two names, never as one name cut short ("Computer 2…")."""

from __future__ import annotations

import itertools
from io import BytesIO

import pytest
from PIL import Image

from bot.engine.cards import Card, Suit
from bot.engine.trumps import PointCard
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.i18n.picture_words import picture_words
from bot.render import HandSummaryScene, NamedPlay, PointAward, PointFate, SideResult, Words
from bot.render.canvas import Placed
from bot.render.style import PHONE_TEXT, PHONE_WIDTH
from bot.render.summary import WIDTH, hand_summary_layout, render_hand_summary
from tests.render.test_table_layout import FITS, HUMANS, _overlap

#: The point cards of a hand in hearts, in the order their tiles are drawn.
POINTS = (
    (PointCard.HIGH, "AH", 1),
    (PointCard.LOW, "2H", 1),
    (PointCard.JACK, "JH", 1),
    (PointCard.GAME, "10H", 1),
    (PointCard.RIGHT_PEDRO, "5H", 5),
    (PointCard.LEFT_PEDRO, "5D", 5),
)
CONTAINERS = ("tile", "row")


#: The people of a table of people, by seat: a name far too long, CJK and an emoji; the empty
#: seat is a computer player's.
PEOPLE = (HUMANS[3], None, HUMANS[1], HUMANS[2])


def _names(players: int, locale: str, people: bool) -> tuple[str, ...]:
    """Computer players only, or people beside a computer player."""
    computers = [t("player.computer", locale, number=seat + 1) for seat in range(players)]
    if not people:
        return tuple(computers)
    return tuple(PEOPLE[seat] or computers[seat] for seat in range(players))


def _scene(locale: str, players: int, people: bool, equal: bool) -> HandSummaryScene:
    names = _names(players, locale, people)
    sides = ((0, 2), (1, 3)) if players == 4 else tuple((seat,) for seat in range(players))
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    awards = []
    for position, (kind, code, value) in enumerate(POINTS):
        card = Card.parse(code)
        if position == 1 and players < 4:
            awards.append(PointAward(kind, card, value, PointFate.NOT_IN_PLAY))
        elif position == 3:
            awards.append(PointAward(kind, card, value, PointFate.DEAD))
        else:
            awards.append(PointAward(kind, card, value, side=position % len(sides)))
    points = (7, 7, 7) if equal else (9, 5, 0)
    changes = (0, 0, 0) if equal else (4, 0, 0)
    return HandSummaryScene(
        hand_number=12,
        trump=Suit.HEARTS,
        awards=tuple(awards),
        sides=tuple(
            SideResult(tuple(names[seat] for seat in side), points[index], changes[index], 40)
            for index, side in enumerate(sides)
        ),
        maker_name=names[0],
        contract=7,
        made=True,
        target=51,
        words=Words(**picture_words(locale)),
        last_trick=tuple(
            NamedPlay(names[seat], side_of[seat], Card.parse(code), seat == 1)
            for seat, code in zip(range(players), ("KC", "AC", "4C", "8C"), strict=False)
        ),
        equal_points=equal,
    )


SCENES = {
    f"{locale}-{players}-{'people' if people else 'computers'}-{'equal' if equal else 'made'}": (
        _scene(locale, players, people, equal)
    )
    for locale, players, people, equal in itertools.product(
        SUPPORTED_LOCALES, (2, 3, 4), (False, True), (False, True)
    )
}


def _inside(item: Placed, box: tuple[int, int, int, int]) -> bool:
    left, top, right, bottom = item.box
    return box[0] <= left and right <= box[2] and box[1] <= top and bottom <= box[3]


def _long(text: str, scene: HandSummaryScene) -> bool:
    """Only a name longer than `FITS` characters may be shortened."""
    names = {name for side in scene.sides for name in side.members} | {
        play.name for play in scene.last_trick
    }
    return any(name in text and len(name) > FITS for name in names)


@pytest.mark.parametrize("label", SCENES)
def test_every_word_is_readable_at_phone_width_and_nothing_overlaps(label: str) -> None:
    scene = SCENES[label]
    layout = hand_summary_layout(scene)
    with Image.open(BytesIO(render_hand_summary(scene))) as picture:
        width, height = picture.size
    assert width == WIDTH
    texts = [placed for placed in layout if placed.kind == "text"]
    assert texts
    for placed in texts:
        assert placed.size * PHONE_WIDTH / WIDTH >= PHONE_TEXT, placed
        assert not placed.shortened or _long(placed.text, scene), placed
    containers = [placed for placed in layout if placed.kind in CONTAINERS]
    drawn = [placed for placed in layout if placed.kind not in CONTAINERS]
    for placed in layout:
        assert placed.box[0] >= 0 and placed.box[2] <= width, placed
        assert placed.box[1] >= 0 and placed.box[3] <= height, placed
    for first, second in itertools.combinations(drawn, 2):
        assert not _overlap(first, second), (first, second)
    for placed, container in itertools.product(drawn, containers):
        assert not _overlap(placed, container) or _inside(placed, container.box), placed


@pytest.mark.parametrize("label", SCENES)
def test_a_side_is_named_by_each_of_its_players(label: str) -> None:
    """In each tile of a point taken and in each side's row of the results, every player of
    the side is written as a name of their own: two partners never read as one player."""
    scene = SCENES[label]
    layout = hand_summary_layout(scene)
    tiles = [placed.box for placed in layout if placed.kind == "tile"]
    rows = [placed.box for placed in layout if placed.kind == "row"]
    assert len(tiles) == len(scene.awards) and len(rows) == len(scene.sides)
    places = [
        (box, scene.sides[award.side])
        for box, award in zip(tiles, scene.awards, strict=True)
        if award.side is not None
    ] + list(zip(rows, scene.sides, strict=True))
    for box, side in places:
        written = [placed for placed in layout if placed.kind == "text" and _inside(placed, box)]
        for member in side.members:
            mine = [placed for placed in written if placed.text == member]
            assert len(mine) == 1, (member, written)
            assert not mine[0].shortened or len(member) > FITS, mine[0]


def test_the_computer_players_of_a_side_are_both_named_in_full() -> None:
    """The case seen at a table: "Computer 2 & Computer 4" was cut to "Computer 2…"."""
    scene = SCENES["en-4-computers-made"]
    written = [placed for placed in hand_summary_layout(scene) if placed.kind == "text"]
    for name in ("Computer 2", "Computer 4"):
        full = [placed for placed in written if placed.text == name and not placed.shortened]
        taken = sum(1 for award in scene.awards if award.side == 1)
        assert len(full) == taken + 2  # its tiles, its row of results, and the last trick


def test_equal_points_are_said_under_the_result() -> None:
    said = SCENES["fr-4-computers-equal"]
    written = {placed.text for placed in hand_summary_layout(said)}
    assert t("text.equal_points", "fr") in written
    made = {placed.text for placed in hand_summary_layout(SCENES["fr-4-computers-made"])}
    assert t("text.equal_points", "fr") not in made
