"""The `easy` level: the rule-based player made casual, with some randomness but nothing absurd.

It values hands by the bid table alone (it plays no deals out) and bids only clearly good hands,
a few points under what they should take, never over a partner; as dealer it passes only when
nobody has bid (it gets trumps anyway), and when the hand may decide the game it bids as the
rule-based player does, since passing then can hand the other side the game. In play it takes
the points the rule-based player is sure of, and picks at random among the cards the rule-based
player rates close to its own choice when no points are at stake, so it slips now and then (a
card too high or too low, a careless lead) but never gives points away or lets a Pedro or Low
go for nothing.
"""

from __future__ import annotations

import random

from bot.ai.bidding import (
    Seat,
    best_suit,
    choose_bid,
    choose_trump,
    game_at_stake,
    passing_is_free,
    table_values,
)
from bot.ai.cardplay import card_values
from bot.ai.knowledge import read_knowledge
from bot.ai.normal import decide_normal
from bot.ai.trick_odds import trick_state
from bot.engine import (
    Action,
    Bid,
    BidDecision,
    Decision,
    Pass,
    Play,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

#: Cards rated within this many points of the best are fair game.
SLACK = 1.0
#: Expected net score a hand must promise before it bids.
BID_THRESHOLD = 1.0
#: How far under the points it expects to take the hand bids.
UNDERBID = 3


def decide_easy(view: SeatView, decision: Decision, rng: random.Random) -> Action:
    match decision:
        case BidDecision():
            return _bid(view, decision)
        case TrumpDecision():
            return choose_trump(view, decision)
        case PlayDecision() if len(decision.cards) > 1:
            return _play(view, decision, rng)
    return decide_normal(view, decision, rng)


def _bid(view: SeatView, decision: BidDecision) -> Action:
    assert view.seat is not None
    partner_bid = any(
        amount is not None and seat != view.seat and view.side_of(seat) == view.side_of(view.seat)
        for seat, amount in view.bids
    )
    if partner_bid or decision.lowest > decision.highest or passing_is_free(view):
        return Pass()
    if game_at_stake(view):
        return choose_bid(view, decision)
    seat = Seat.of(view)
    values = table_values(view.hand, seat)
    choice = best_suit(values, seat, decision.lowest)
    if choice.value < BID_THRESHOLD:
        return Pass()
    expected = values[choice.suit].mean
    amount = min(decision.highest, max(decision.lowest, round(expected) - UNDERBID))
    if best_suit(values, seat, amount).value < BID_THRESHOLD:
        amount = decision.lowest
    return Bid(amount)


def _play(view: SeatView, decision: PlayDecision, rng: random.Random) -> Action:
    k = read_knowledge(view)
    legal = [k.layout.bit[card] for card in decision.cards]
    if trick_state(k).points or any(k.layout.points[bit] for bit in legal):
        return decide_normal(view, decision, rng)
    values = card_values(k, legal)
    best = max(values.values())
    fair = [bit for bit in legal if values[bit] >= best - SLACK]
    return Play(k.layout.card[rng.choice(fair)])
