"""Trumps, the Left Pedro, effective suits, trump order and point values (docs/rules.md A1)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import (
    FULL_DECK,
    Card,
    Suit,
    card_points,
    effective_suit,
    is_trump,
    left_pedro,
    trump_order,
)
from tests.engine.helpers import cards

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def c(code: str) -> Card:
    return Card.parse(code)


def test_E1_trump_hearts_membership_and_effective_suit() -> None:
    assert is_trump(c("5D"), H) and is_trump(c("5H"), H)
    assert not any(is_trump(c(code), H) for code in ("5S", "5C", "AD"))
    assert effective_suit(c("5D"), H) is H
    assert effective_suit(c("6D"), H) is D


def test_E2_left_pedro_for_each_trump_suit() -> None:
    assert {suit: left_pedro(suit) for suit in Suit} == {
        S: c("5C"),
        C: c("5S"),
        H: c("5D"),
        D: c("5H"),
    }


def test_E3_trump_order_hearts() -> None:
    assert trump_order(H) == cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 5D 4H 3H 2H")
    order = trump_order(H)
    assert order.index(c("5D")) < order.index(c("4H"))
    assert order.index(c("5H")) < order.index(c("5D"))
    assert order.index(c("6H")) < order.index(c("5H"))


def test_E4_suit_sizes_under_hearts() -> None:
    sizes = Counter(effective_suit(card, H) for card in FULL_DECK)
    assert sizes == {H: 14, D: 12, S: 13, C: 13}
    assert c("5D") not in {card for card in FULL_DECK if effective_suit(card, H) is D}
    assert sum(sizes.values()) == 52


def test_E5_point_values_under_hearts() -> None:
    assert {code: card_points(c(code), H) for code in ("AH", "2H", "JH", "10H", "5H", "5D")} == {
        "AH": 1,
        "2H": 1,
        "JH": 1,
        "10H": 1,
        "5H": 5,
        "5D": 5,
    }
    for code in ("AS", "JD", "10C", "2D", "5S", "5C"):
        assert card_points(c(code), H) == 0
    assert sum(card_points(card, H) for card in FULL_DECK) == 14


def test_E6_points_depend_on_trumps() -> None:
    five = c("5H")
    assert card_points(five, D) == 5 and card_points(five, H) == 5
    assert card_points(five, S) == 0 and card_points(five, C) == 0


@pytest.mark.parametrize("trump", list(Suit))
def test_every_trump_suit_has_fourteen_ordered_trumps_worth_fourteen(trump: Suit) -> None:
    order = trump_order(trump)
    pedro = left_pedro(trump)
    assert len(order) == len(set(order)) == 14
    assert set(order) == {card for card in FULL_DECK if is_trump(card, trump)}
    assert set(order) == {card for card in FULL_DECK if card.suit is trump} | {pedro}
    # Ranks fall strictly, except that the Right Pedro and the Left Pedro are both fives.
    assert [card.rank for card in order] == [14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 5, 4, 3, 2]
    assert order[9] == Card(5, trump) and order[10] == pedro
    assert pedro.suit is trump.same_colour and pedro.suit.is_red is trump.is_red
    points = {card: card_points(card, trump) for card in FULL_DECK if card_points(card, trump)}
    assert points == {
        Card(14, trump): 1,
        Card(2, trump): 1,
        Card(11, trump): 1,
        Card(10, trump): 1,
        Card(5, trump): 5,
        pedro: 5,
    }


@pytest.mark.parametrize("trump", list(Suit))
def test_plain_cards_keep_their_own_suit(trump: Suit) -> None:
    pedro = left_pedro(trump)
    for card in FULL_DECK:
        if card is pedro:
            assert effective_suit(card, trump) is trump
        else:
            assert effective_suit(card, trump) is card.suit
        assert is_trump(card, trump) == (effective_suit(card, trump) is trump)


def test_the_other_colour_fives_are_plain() -> None:
    # Under spades the 5 of clubs is a trump; the red fives are plain and worth nothing.
    assert is_trump(c("5C"), S)
    assert not is_trump(c("5H"), S) and not is_trump(c("5D"), S)
    assert card_points(c("5D"), S) == 0
