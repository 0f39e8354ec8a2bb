"""Scoring a hand (docs/rules.md A8, B-12, B-13)."""

from __future__ import annotations

from bot.engine import HandScored, HouseRules, Scoring, SetFormula, score_hand
from tests.engine.helpers import of_type, play_split, split_game

DEFAULT = HouseRules()


def played_result(split: tuple[int, int], contract: int):
    game = split_game(split, (contract, None, None, None))
    (scored,) = of_type(play_split(game, split), HandScored)
    return scored.result


def test_E44_bid_6_take_6_against_8() -> None:
    assert score_hand(6, 6, 8, DEFAULT) == (0, 2)


def test_E44_in_a_played_hand() -> None:
    result = played_result((6, 8), 6)
    assert (result.maker_side, result.contract, result.points) == (0, 6, (6, 8))
    assert result.made and result.changes == (0, 2) and result.totals == (0, 2)


def test_E45_bid_8_seven_all() -> None:
    assert score_hand(8, 7, 7, DEFAULT) == (0, 15)


def test_E45_in_a_played_hand() -> None:
    result = played_result((7, 7), 8)
    assert result.points == (7, 7) and not result.made
    assert result.changes == (0, 15) and result.totals == (0, 15)


def test_E46_made_with_no_difference() -> None:
    assert score_hand(7, 7, 7, DEFAULT) == (0, 0)


def test_E47_made_by_six() -> None:
    assert score_hand(5, 10, 4, DEFAULT) == (6, 0)


def test_E48_made_but_the_opponents_score() -> None:
    assert score_hand(2, 2, 12, DEFAULT) == (0, 10)


def test_E49_bid_fourteen() -> None:
    assert score_hand(14, 14, 0, DEFAULT) == (14, 0)
    assert score_hand(14, 13, 1, DEFAULT) == (0, 15)


def test_E50_sets() -> None:
    assert score_hand(1, 0, 14, DEFAULT) == (0, 15)
    assert score_hand(9, 5, 9, DEFAULT) == (0, 18)


def test_E52_property_over_every_contract_and_split() -> None:
    for contract in range(15):
        for bidders in range(15):
            for others in range(15 - bidders):
                change = score_hand(contract, bidders, others, DEFAULT)
                assert min(change) >= 0 and sorted(change)[0] == 0
                if bidders >= contract:
                    assert change == (max(0, bidders - others), max(0, others - bidders))
                    assert max(change) <= 14
                else:
                    assert change == (0, 14 + contract - bidders)
                    assert change[1] >= 15


def test_set_formula_opponents_points_plus_bid() -> None:
    rules = HouseRules(set_formula=SetFormula.OPP_POINTS_PLUS_BID)
    # [PW]'s example: seven points plus the contract of eight.
    assert score_hand(8, 7, 7, rules) == (0, 15)
    # With points out of play the two formulas differ: 14 + 1 against 6 + 6.
    assert score_hand(6, 5, 6, rules) == (0, 12)
    assert score_hand(6, 5, 6, DEFAULT) == (0, 15)
    # A made contract is unaffected.
    assert score_hand(6, 8, 6, rules) == score_hand(6, 8, 6, DEFAULT) == (2, 0)


def test_each_side_own_scoring() -> None:
    rules = HouseRules(scoring=Scoring.EACH_SIDE_OWN)
    assert score_hand(5, 7, 7, rules) == (7, 7)
    assert score_hand(9, 6, 8, rules) == (-9, 8)
    assert score_hand(0, 0, 14, rules) == (0, 14)
    assert score_hand(14, 14, 0, rules) == (14, 0)
