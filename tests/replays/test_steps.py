"""What a replayed hand gives the review: each scoring card's worth to a trick's winner under the
table's rules, and the points of the cards thrown to the first trick."""

from __future__ import annotations

from bot.engine import DealerRob, HouseRules, Keep, LowGoesTo, Suit, capture_points
from bot.replays.steps import HandReplay, replay_hand
from tests.engine.helpers import W, cards, play_out_hand, surplus_game


def thrown_hand(rules: HouseRules) -> HandReplay:
    """Dealer West keeps six trumps and throws the Pedros and the 2 of hearts to the first trick."""
    game = surplus_game(rules)
    game.apply(W, Keep(tuple(cards("9H 8H 7H 6H 4H 3H"))))
    assert {card for _, card in game.thrown} == set(cards("5H 5D 2H"))
    play_out_hand(game)
    return replay_hand(game.restarted(), game.log, 1)


def test_the_cards_thrown_to_the_first_trick_count_for_its_winner():
    replay = thrown_hand(HouseRules(dealer_rob=DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK))
    assert replay.capture_points == capture_points(Suit.HEARTS, (), HouseRules())
    first_trick = [play.bonus for play in replay.plays if play.trick_number == 1]
    assert first_trick == [11] * 4
    assert all(play.bonus == 0 for play in replay.plays if play.trick_number > 1)


def test_a_thrown_low_scored_for_its_holder_goes_to_no_trick():
    rules = HouseRules(
        dealer_rob=DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK, low_goes_to=LowGoesTo.HOLDER
    )
    replay = thrown_hand(rules)
    assert cards("2H")[0] not in replay.capture_points
    assert replay.plays[0].bonus == 10
