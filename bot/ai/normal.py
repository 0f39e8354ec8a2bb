"""The `normal` level: a solid rule-based player (bidding by expected score, weighed card play)."""

from __future__ import annotations

import random

from bot.ai.bidding import choose_bid, choose_trump
from bot.ai.cardplay import choose_card
from bot.ai.draw_choices import choose_discard, choose_keep
from bot.ai.knowledge import read_knowledge
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


def play_by_rules(view: SeatView, decision: PlayDecision) -> Play:
    knowledge = read_knowledge(view)
    layout = knowledge.layout
    legal = [layout.bit[card] for card in decision.cards]
    return Play(layout.card[choose_card(knowledge, legal)])


def decide_normal(view: SeatView, decision: Decision, rng: random.Random) -> Action:
    """The rule-based choice; `rng` is unused because the rules are deterministic."""
    del rng
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
        case PlayDecision():
            return play_by_rules(view, decision)
    raise TypeError(f"not a decision: {decision!r}")
