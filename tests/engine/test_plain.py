"""Engine values to plain JSON data and back, led by the type each value is declared with."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.engine import (
    Card,
    CompletedTrick,
    HighLow,
    HouseRules,
    Phase,
    PointCard,
    Suit,
    parse_cards,
)
from bot.engine.actions import Action, Bid, Discard, Keep, Pass, Play
from bot.engine.events import HandResult
from bot.engine.plain import from_plain, to_plain
from bot.engine.seating import SeatDraw

AH, KS, TEN_D = parse_cards("AH KS 10D")
RESULT = HandResult(
    hand_number=3,
    dealer=1,
    maker=2,
    maker_side=0,
    contract=5,
    trump=Suit.SPADES,
    bids=((2, 5), (3, None)),
    captured=((PointCard.HIGH, 0), (PointCard.LOW, None)),
    points=(5, 2),
    made=True,
    changes=(3, 0),
    totals=(20, 9),
)
ACTIONS = [(0, Bid(3)), (1, Pass()), (2, Discard((AH,))), (3, Keep((AH,))), (0, Play(KS))]

CASES: list[tuple[Any, Any]] = [
    (list[list[Card]], [[AH, KS], []]),
    (tuple[Card, ...] | None, (AH, TEN_D)),
    (tuple[Card, ...] | None, None),
    (list[tuple[int, Card]], [(0, AH), (3, KS)]),
    (list[tuple[int, int | None]], [(1, 4), (2, None)]),
    (Suit | None, Suit.HEARTS),
    (Phase, Phase.GAME_OVER),
    (list[CompletedTrick], [CompletedTrick(1, ((1, AH), (2, KS)), 2, 4)]),
    (SeatDraw | None, SeatDraw((AH, KS), (1, 0), (1, 0), 1)),
    (list[HandResult], [RESULT]),
    (list[tuple[int, Action]], ACTIONS),
    (HouseRules, HouseRules(target_score=31, high_low=HighLow.IN_PLAY)),
    (list[int | None], [None, 3]),
    (bool, False),
]


@pytest.mark.parametrize(("kind", "value"), CASES)
def test_a_value_comes_back_as_the_type_it_is_declared_with(kind: Any, value: Any) -> None:
    plain = json.loads(json.dumps(to_plain(value)))
    restored = from_plain(kind, plain)
    assert restored == value
    assert type(restored) is type(value)  # a tuple stays a tuple, a list a list


def test_an_action_keeps_its_kind() -> None:
    assert to_plain(Keep((AH,))) != to_plain(Discard((AH,)))
    assert from_plain(Action, to_plain(Keep((AH,)))) == Keep((AH,))


def test_house_rules_saved_before_a_rule_existed_take_its_default() -> None:
    saved = to_plain(HouseRules(target_score=31))
    del saved["high_low"]
    assert from_plain(HouseRules, saved) == HouseRules(target_score=31)


@pytest.mark.parametrize("kind", [dict[str, int], set[int], object])
def test_a_type_without_a_plain_form_is_refused(kind: Any) -> None:
    with pytest.raises(TypeError, match="no plain form"):
        from_plain(kind, {})
