"""The `normal` level: a solid rule-based player (bidding by expected score, weighed card play).

`baseline=True` gives the earlier rule-based player, kept so that benchmarks can measure the
`normal` level against it: it reads only voids and trump counts from the play, and lacks the
sure take and the Pedro safety of `cardplay.choose_card`.
"""

from __future__ import annotations

import random

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.cardplay import choose_card
from bot.ai.draw_choices import choose_discard, choose_keep
from bot.ai.knowledge import read_knowledge
from bot.ai.search import search_play
from bot.engine import (
    Action,
    BidDecision,
    Decision,
    DiscardDecision,
    KeepDecision,
    Play,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

#: Cards left in the hands at which `normal` starts searching, and its nodes per card: the last
#: tricks, where a small open-hand search is cheap and beats the rules.
ENDGAME_CARDS = 16
ENDGAME_BUDGET = 6_000


def play_by_rules(view: SeatView, decision: PlayDecision, *, baseline: bool = False) -> Play:
    knowledge = read_knowledge(view, read_play=not baseline)
    layout = knowledge.layout
    legal = [layout.bit[card] for card in decision.cards]
    return Play(layout.card[choose_card(knowledge, legal, careful=not baseline)])


def decide_normal(
    view: SeatView, decision: Decision, rng: random.Random, *, baseline: bool = False
) -> Action:
    """The rule-based choice, or for the last tricks a small search seeded by `rng`."""
    match decision:
        case BidDecision():
            return choose_bid(view, decision)
        case TrumpDecision():
            return choose_trump(view, decision)
        case DiscardDecision():
            assert view.trump is not None
            return choose_discard(decision, view.trump)
        case KeepDecision():
            assert view.trump is not None
            return choose_keep(decision, view.trump)
        case PlayDecision() if (
            not baseline and len(decision.cards) > 1 and sum(view.hand_sizes) <= ENDGAME_CARDS
        ):
            return search_play(view, decision, rng, ENDGAME_BUDGET)
        case PlayDecision():
            return play_by_rules(view, decision, baseline=baseline)
    raise TypeError(f"not a decision: {decision!r}")
