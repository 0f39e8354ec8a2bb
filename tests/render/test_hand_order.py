"""The order a hand is shown in: trumps first, then the other suits alternating colours."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.engine.cards import FULL_DECK, Suit, deck_order, parse_cards
from bot.render.hand import display_order


def test_all_fourteen_trumps_show_in_trump_order_with_the_left_pedro_below_the_right() -> None:
    trumps = parse_cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 5D 4H 3H 2H")
    assert display_order(reversed(trumps), Suit.HEARTS) == trumps


def test_trumps_come_first_then_suits_alternate_colour_high_to_low() -> None:
    hand = parse_cards("9C 2H QD 5D 7S KS JC AH")
    assert display_order(hand, Suit.HEARTS) == parse_cards("AH 5D 2H JC 9C QD KS 7S")


def test_without_trumps_the_five_of_the_same_colour_is_an_ordinary_card() -> None:
    hand = parse_cards("5D 5H AD 2S AC")
    assert display_order(hand, None) == parse_cards("2S 5H AC AD 5D")


@given(st.sets(st.sampled_from(FULL_DECK), max_size=13), st.sampled_from([None, *Suit]))
def test_order_is_a_permutation_with_each_suit_in_one_block_trumps_first(cards, trump) -> None:
    shown = display_order(cards, trump)
    assert sorted(shown, key=deck_order) == sorted(cards, key=deck_order)
    suits_in_order = []
    for card in shown:
        is_left_pedro = trump is not None and card.rank == 5 and card.suit is trump.same_colour
        suit = trump if is_left_pedro else card.suit
        if not suits_in_order or suits_in_order[-1] is not suit:
            suits_in_order.append(suit)
    assert len(suits_in_order) == len(set(suits_in_order))  # each suit in one block
    if trump is not None and trump in suits_in_order:
        assert suits_in_order[0] is trump
