"""`hard` values its own hand by playing sampled deals out (docs/computer-players.md)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace

import pytest

from bot.ai import decide
from bot.ai.bidding import Seat, table_values
from bot.ai.handvalue import PointsDistribution, weakened
from bot.ai.hard import CALL_PLAYOUTS, DEFENCE, OPPOSED, PASS_PLAYOUTS
from bot.ai.knowledge import ReadingMemo
from bot.ai.playouts import (
    AuctionDeals,
    choose_call,
    finish_by_rules,
    pass_value,
    played_values,
    read_call,
    rule_action,
)
from bot.engine import (
    FULL_DECK,
    Bid,
    BidDecision,
    Card,
    Game,
    HandScored,
    HouseRules,
    LowGoesTo,
    Pass,
    Phase,
    SeatView,
    Suit,
    parse_cards,
)
from tests.ai.positions import bid_position

H = Suit.HEARTS
STRONG = "AH KH QH JH 10H 5H 5D 2H 4S"
WEAK = "9C 3C 8S 4S 10D 7D 3D 2D 6H"


@pytest.mark.slow
def test_the_same_view_and_seed_give_the_same_values() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [6])
    assert played_values(view, random.Random(3), 48) == played_values(view, random.Random(3), 48)


@pytest.mark.parametrize("seed", range(6))
def test_a_hand_played_out_is_the_rules_card_for_card_the_forced_ones_included(seed: int) -> None:
    """`finish_by_rules` plays a card that is the only legal one without reading the view: the
    hand must end as the rule-based players playing every card themselves end it."""
    game = Game.new(HouseRules(), 4, seed=seed, first_dealer=seed % 4)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide(game.view(seat), "easy", rng))
    twin = Game.from_dict(game.to_dict())
    memo, result = ReadingMemo(), None
    while result is None:
        seat = twin.to_act
        assert seat is not None
        events = twin.apply(seat, rule_action(twin.view(seat), memo))
        result = next((e.result for e in events if isinstance(e, HandScored)), None)
    assert finish_by_rules(game) == result
    assert game.log_to_dicts() == twin.log_to_dicts()


def test_a_sampled_deal_gives_this_seat_its_own_hand_and_every_other_card_once() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [None, 7])
    hands, stock = AuctionDeals(view).deal(random.Random(1))
    assert view.seat is not None
    assert hands[view.seat] == list(view.hand)
    assert [len(hand) for hand in hands] == [9, 9, 9, 9]
    assert Counter([*stock, *(card for hand in hands for card in hand)]) == Counter(FULL_DECK)


@pytest.mark.slow
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
    assert read_call(view, 0).fits(parse_cards(STRONG))
    assert not read_call(view, 0).fits(parse_cards(WEAK))


def test_a_pass_says_the_hand_is_not_strong() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [None])
    assert read_call(view, 0).fits(parse_cards(WEAK))
    assert not read_call(view, 0).fits(parse_cards(STRONG))


def test_a_pass_over_a_partners_bid_may_hide_a_fair_hand() -> None:
    # East bid 6 and North passed: West, East's partner, passes a hand it would have opened with.
    fair = "AS KS QS 9S 4S 8H 3C 10D 2C"
    view = bid_position("AH JH 9H 4H 8C 3S QD 7H 2D", [6, None, None], dealer=2)
    assert read_call(view, 2).fits(parse_cards(fair))
    opening = bid_position("AH JH 9H 4H 8C 3S QD 7H 2D", [None, None, None], dealer=2)
    assert not read_call(opening, 2).fits(parse_cards(fair))


def _fit_rate(view: SeatView, deals: Iterable[Sequence[Sequence[Card]]]) -> float:
    fits = [
        all(read_call(view, index).fits(hands[seat]) for index, (seat, _) in enumerate(view.bids))
        for hands in deals
    ]
    return sum(fits) / len(fits)


def _random_hands(seed: int) -> list[list[Card]]:
    deck = random.Random(seed).sample(FULL_DECK, 52)
    return [deck[9 * seat : 9 * seat + 9] for seat in range(4)]


@pytest.mark.parametrize("bids", [[], [7], [None, 8], [None, None, None]])
def test_sampled_other_hands_fit_the_auction(bids: list[int | None]) -> None:
    view = bid_position("AD JD 9D 4C 8S 3S 10H 7H 2H", bids)
    rng, deals = random.Random(11), AuctionDeals(view)
    assert _fit_rate(view, (deals.deal(rng)[0] for _ in range(20))) == 1.0


def test_a_rare_auction_is_fitted_far_more_often_than_by_chance() -> None:
    # A bid of 9 over a 6 takes a rare hand: the last of the draws is kept when none fits.
    view = bid_position("AD JD 9D 4C 8S 3S 10H 7H 2H", [6, None, 9])
    rng, deals = random.Random(11), AuctionDeals(view)
    sampled = _fit_rate(view, (deals.deal(rng)[0] for _ in range(40)))
    by_chance = _fit_rate(view, (_random_hands(seed) for seed in range(40)))
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


def test_passing_is_measured_only_when_someone_holds_a_bid() -> None:
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [None])
    assert pass_value(view, random.Random(1), 8) is None


def test_passing_to_a_partner_is_worth_more_than_passing_to_an_opponent() -> None:
    hand = "9H 4H 8S 3S 10D 7D 2D 6C 3C"
    opponent = bid_position(hand, [7], dealer=3)  # East bid 7, South to speak
    partner = bid_position(hand, [7, None], dealer=2)  # West bid 7, North passed, South to speak
    assert opponent.side_of(opponent.bids[0][0]) != opponent.side_of(1)
    assert partner.side_of(partner.bids[0][0]) == partner.side_of(1)
    to_opponent = pass_value(opponent, random.Random(4), 24)
    to_partner = pass_value(partner, random.Random(4), 24)
    assert to_opponent is not None and to_partner is not None
    assert to_opponent < 0 < to_partner


def test_a_hand_that_can_defend_makes_passing_worth_more() -> None:
    # Against East's 7, high cards in every suit set the contract far more often than low ones.
    high = pass_value(bid_position("AH AD AC AS KH KD KC KS QH", [7]), random.Random(4), 24)
    low = pass_value(bid_position("2H 3D 4C 6S 7H 8D 9C 3S 4H", [7]), random.Random(4), 24)
    assert high is not None and low is not None
    assert high > low + 3


def test_a_searched_defence_counts_only_against_an_opponents_contract() -> None:
    hand = "9H 4H 8S 3S 10D 7D 2D 6C 3C"
    opponent = bid_position(hand, [7], dealer=3)
    partner = bid_position(hand, [7, None], dealer=2)
    for view, edge in ((opponent, 1.5), (partner, 0.0)):
        plain = pass_value(view, random.Random(4), 8)
        defended = pass_value(view, random.Random(4), 8, defence=1.5)
        assert plain is not None and defended is not None
        assert defended == pytest.approx(plain + edge)


@pytest.mark.slow
def test_hard_counts_its_defence_before_overcalling_an_opponent() -> None:
    # A weak hand against East's 7: with the pass deals' rule-based defence only, these deals
    # make passing look bad enough to overcall 8; `hard` defends better than that, and passes.
    view = bid_position("9H 7D 3D 3C 8C AC AS 7H 2D", [7])
    assert isinstance(view.decision, BidDecision)
    by_rules = choose_call(view, view.decision, random.Random(2), CALL_PLAYOUTS, PASS_PLAYOUTS)
    assert by_rules == Bid(8)
    assert decide(view, "hard", random.Random(2)) == Pass()


def test_a_stronger_defence_moves_the_makers_points_down() -> None:
    # Half the deals make 8, half 10; a point and a half fewer: 6 or 7, and 8 or 9, evenly.
    chances = tuple(0.5 if points in (8, 10) else 0.0 for points in range(15))
    played = PointsDistribution(chances, 0.9)
    against = weakened(played, 1.5)
    assert against.chances[6:10] == pytest.approx((0.25, 0.25, 0.25, 0.25))
    assert against.mean == pytest.approx(played.mean - 1.5)
    assert against.others_share == played.others_share
    assert weakened(played, 0.0) == played
    # Points never fall below none.
    assert weakened(PointsDistribution((1.0,) + (0.0,) * 14, 0.9), 2.0).chances[0] == 1.0


def test_the_hand_is_worth_fewer_points_against_the_defence_it_will_meet() -> None:
    view = bid_position(STRONG, [])
    played = played_values(view, random.Random(2), 24)
    opposed = played_values(view, random.Random(2), 24, opposed=1.0)
    for suit in Suit:
        assert played[suit].mean - 1.0 <= opposed[suit].mean < played[suit].mean


def test_hard_bids_lower_counting_the_defence_that_reads_the_odds() -> None:
    # The first to speak: valued against the playouts' rule-based defenders this hand opens at
    # 7; against defenders that read where the cards lie it is worth a lower bid.
    view = bid_position("7D AS 10S QH 7S 3D 8C 9S AD", [])
    assert isinstance(view.decision, BidDecision)

    def bid(opposed: float) -> int:
        action = choose_call(
            view, view.decision, random.Random(1), CALL_PLAYOUTS, PASS_PLAYOUTS, DEFENCE, opposed
        )
        return action.amount if isinstance(action, Bid) else 0

    assert bid(OPPOSED) < bid(0.0) == 7
    assert decide(view, "hard", random.Random(1)) == Bid(bid(OPPOSED))
    assert decide(view, "baseline-hard", random.Random(1)) == Bid(7)
