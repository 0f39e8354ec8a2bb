"""`hard` values its own hand by playing sampled deals out (docs/computer-players.md)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import replace

import pytest

from bot.ai.bidding import Seat, table_values
from bot.ai.playouts import fits_call, played_values, sampled_deck
from bot.engine import FULL_DECK, Card, Game, HouseRules, LowGoesTo, SeatView, Suit, parse_cards
from tests.ai.positions import bid_position

H = Suit.HEARTS
STRONG = "AH KH QH JH 10H 5H 5D 2H 4S"
WEAK = "9C 3C 8S 4S 10D 7D 3D 2D 6H"


def test_the_same_view_and_seed_give_the_same_values() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [6])
    assert played_values(view, random.Random(3), 48) == played_values(view, random.Random(3), 48)


def test_a_sampled_deck_deals_this_seat_its_own_hand_and_every_other_card_once() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [None, 7])
    deck = sampled_deck(view, random.Random(1))
    game = Game.from_deck(deck, view.dealer, HouseRules())
    assert view.seat is not None
    assert Counter(game.hands[view.seat]) == Counter(view.hand)
    assert len(set(deck)) == 52


def test_the_playouts_follow_the_tables_house_rules_where_the_bid_table_cannot() -> None:
    # The bid table was measured under the default rules, where Low goes to whoever takes it;
    # when it goes to the player who held it, this hand's Two of trumps is a point it keeps.
    usual = bid_position("2H 3H 8S 4S 10D 7D 3C 9C 6D", [])
    holder = replace(usual, rules=HouseRules(low_goes_to=LowGoesTo.HOLDER))
    assert table_values(usual.hand, Seat.of(usual)) == table_values(holder.hand, Seat.of(holder))
    kept = played_values(holder, random.Random(7), 64)[H].mean
    taken = played_values(usual, random.Random(7), 64)[H].mean
    assert kept > taken + 0.2


def test_an_opponents_bid_says_their_hand_is_strong() -> None:
    # East (dealer's left) bid 8; South is to speak.
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [8, None])
    assert fits_call(view, parse_cards(STRONG), 0)
    assert not fits_call(view, parse_cards(WEAK), 0)


def test_a_pass_says_the_hand_is_not_strong() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [None])
    assert fits_call(view, parse_cards(WEAK), 0)
    assert not fits_call(view, parse_cards(STRONG), 0)


def test_a_pass_over_a_partners_bid_may_hide_a_fair_hand() -> None:
    # East bid 6 and North passed: West, East's partner, passes a hand it would have opened with.
    fair = "AS KS QS 9S 4S 8H 3C 10D 2C"
    view = bid_position("AH JH 9H 4H 8C 3S QD 7H 2D", [6, None, None], dealer=2)
    assert fits_call(view, parse_cards(fair), 2)
    opening = bid_position("AH JH 9H 4H 8C 3S QD 7H 2D", [None, None, None], dealer=2)
    assert not fits_call(opening, parse_cards(fair), 2)


def _fit_rate(view: SeatView, decks: Iterable[list[Card]]) -> float:
    fits = [
        all(fits_call(view, game.hands[seat], index) for index, (seat, _) in enumerate(view.bids))
        for game in (Game.from_deck(deck, view.dealer, HouseRules()) for deck in decks)
    ]
    return sum(fits) / len(fits)


@pytest.mark.parametrize("bids", [[], [7], [None, 8], [None, None, None]])
def test_sampled_other_hands_fit_the_auction(bids: list[int | None]) -> None:
    view = bid_position("AD JD 9D 4C 8S 3S 10H 7H 2H", bids)
    rng = random.Random(11)
    assert _fit_rate(view, (sampled_deck(view, rng) for _ in range(20))) == 1.0


def test_a_rare_auction_is_fitted_far_more_often_than_by_chance() -> None:
    # A bid of 9 over a 6 takes a rare hand: the last of the draws is kept when none fits.
    view = bid_position("AD JD 9D 4C 8S 3S 10H 7H 2H", [6, None, 9])
    rng = random.Random(11)
    sampled = _fit_rate(view, (sampled_deck(view, rng) for _ in range(40)))
    by_chance = _fit_rate(view, (random.Random(seed).sample(FULL_DECK, 52) for seed in range(40)))
    assert sampled >= 0.5 and by_chance <= 0.1


def test_the_work_is_a_count_of_deals() -> None:
    # Fewer deals than suits still plays one deal per suit played out; more shift the values.
    view = bid_position(STRONG, [])
    few = played_values(view, random.Random(2), playouts=1)
    many = played_values(view, random.Random(2), playouts=48)
    assert few[H] != many[H]
    assert few[Suit.CLUBS] == many[Suit.CLUBS] == table_values(view.hand, Seat.of(view))[
        Suit.CLUBS
    ]
