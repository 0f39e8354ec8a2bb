"""The score matters: hard values deciding the game, normal contests a contract near the end."""

from __future__ import annotations

import dataclasses
import random

from bot.ai import decide
from bot.ai.utility import GAME_VALUE, hand_net
from bot.engine import Bid, Pass, Suit
from tests.ai.positions import bid_position, play_position


def test_winning_the_game_outweighs_the_score_difference() -> None:
    view = play_position(Suit.HEARTS, ["KS", "QS", "JS", "10S"], maker=0, contract=6)
    even = hand_net(view, 0, 8, 6)
    near_end = hand_net(dataclasses.replace(view, scores=(49, 30)), 0, 8, 6)
    assert even == 2
    assert near_end == even + GAME_VALUE
    stopped = hand_net(dataclasses.replace(view, scores=(30, 40)), 0, 5, 9)
    assert stopped == hand_net(view, 0, 5, 9) - GAME_VALUE


def test_contests_the_contract_when_the_other_side_is_about_to_win() -> None:
    hand, bids = "9H 10H 2H 5C 2S 9C 10D 10C 5D", [6]
    even = bid_position(hand, bids, scores=(20, 20))
    late = bid_position(hand, bids, scores=(47, 20))
    assert decide(even, "normal", random.Random(0)) == Pass()
    action = decide(late, "normal", random.Random(0))
    assert isinstance(action, Bid) and action.amount > 6
