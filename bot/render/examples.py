"""Sample scenes: the pictures in the README, the render benchmark and the tests all draw these.

They show a hand of a four-player game in play, with names that stress the text drawing
(accents, CJK, emoji, a name far too long to fit).
"""

from __future__ import annotations

from bot.engine.cards import Card, Suit, parse_cards
from bot.engine.trumps import PointCard
from bot.render.scenes import (
    GameSummaryScene,
    HandScene,
    HandSummaryScene,
    NamedPlay,
    PlayedCard,
    PointAward,
    SeatScene,
    SideResult,
    SideScene,
    TableScene,
)

NAMES = ("Alice", "Bertha", "Zoë Ångström-Müller the Magnificent", "王小明")
SIDE_NAMES = ("Alice & Zoë", "Bertha & 王小明")


def _plays(*pairs: tuple[int, str]) -> tuple[PlayedCard, ...]:
    return tuple(PlayedCard(seat, Card.parse(code)) for seat, code in pairs)


def table_in_play(four_colour: bool = False) -> TableScene:
    """Trick 3 of hand 5: three cards on the table, the last trick still shown."""
    return TableScene(
        seats=(
            SeatScene(NAMES[0], 0, 3, bid=7),
            SeatScene(NAMES[1], 1, 3, is_computer=True, passed=True),
            SeatScene(NAMES[2], 0, 3, passed=True),
            SeatScene(NAMES[3], 1, 4, bid=6),
        ),
        sides=(SideScene(SIDE_NAMES[0], 32, 6), SideScene(SIDE_NAMES[1], 27, 1)),
        target=51,
        dealer=3,
        hand_number=5,
        phase="Trick 3",
        to_act=3,
        trick=_plays((1, "KD"), (2, "5H"), (0, "10H")),
        last_trick=_plays((0, "AH"), (1, "3H"), (2, "9C"), (3, "2H")),
        last_trick_winner=0,
        trump=Suit.HEARTS,
        contract=7,
        maker=0,
        four_colour=four_colour,
    )


def table_bidding_three() -> TableScene:
    """A three-player game during the bidding: no trumps yet, nothing played."""
    return TableScene(
        seats=(
            SeatScene("Dana 🦊", 0, 9, bid=5),
            SeatScene("Computer 2", 1, 9, is_computer=True),
            SeatScene("Фёдор", 2, 9),
        ),
        sides=(SideScene("Dana 🦊", 12), SideScene("Computer 2", 20), SideScene("Фёдор", 9)),
        target=51,
        dealer=0,
        hand_number=3,
        phase="Bidding",
        to_act=1,
    )


def hand_to_play(four_colour: bool = False) -> HandScene:
    """王小明's four cards in `table_in_play`: on the King of diamonds led, trumps (the Left
    Pedro among them) and diamonds may be played, the spade may not."""
    cards = tuple(parse_cards("9S 7D QH 5D"))
    return HandScene(cards, Suit.HEARTS, frozenset(parse_cards("QH 5D 7D")), four_colour)


def hand_before_draw() -> HandScene:
    """Nine cards during the bidding: no trumps yet, nothing to choose."""
    return HandScene(tuple(parse_cards("AH 5D 10H 2H KS 9C QD 7S JC")))


def hand_summary() -> HandSummaryScene:
    kind = PointCard
    return HandSummaryScene(
        hand_number=5,
        trump=Suit.HEARTS,
        awards=(
            PointAward(kind.HIGH, Card.parse("AH"), 1, side=0),
            PointAward(kind.LOW, Card.parse("2H"), 1, side=1),
            PointAward(kind.JACK, Card.parse("JH"), 1, side=1),
            PointAward(kind.GAME, Card.parse("10H"), 1, side=0),
            PointAward(kind.RIGHT_PEDRO, Card.parse("5H"), 5, side=0),
            PointAward(kind.LEFT_PEDRO, Card.parse("5D"), 5, side=0),
        ),
        sides=(
            SideResult((NAMES[0], NAMES[2]), 12, 10, 42),
            SideResult((NAMES[1], NAMES[3]), 2, 0, 27),
        ),
        maker_name=NAMES[0],
        contract=7,
        made=True,
        target=51,
        last_trick=tuple(
            NamedPlay(NAMES[seat], seat % 2, Card.parse(code), seat == 2)
            for seat, code in ((1, "KC"), (2, "AC"), (3, "4C"), (0, "8C"))
        ),
    )


def game_summary() -> GameSummaryScene:
    progression = (
        (0, 4),
        (6, 4),
        (6, 19),
        (14, 19),
        (14, 30),
        (27, 30),
        (27, 41),
        (38, 41),
        (53, 41),
    )
    return GameSummaryScene(
        sides=(SideScene(SIDE_NAMES[0], 53), SideScene(SIDE_NAMES[1], 41)),
        winners=(0,),
        progression=progression,
        target=51,
    )
