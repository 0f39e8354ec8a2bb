"""One-line reasons for a suggested action, as message-catalogue keys with parameters.

The keys (`hint.*`) are translated by `bot.i18n`; parameters are language-neutral (cards and
suits as symbols, numbers), so the caller only passes them on: `t(key, locale, **params)`.
"""

from __future__ import annotations

from typing import Any

from bot.ai.bidding import value_if_others_make
from bot.ai.bits import TRUMP_BLOCK
from bot.ai.cardplay import is_boss, others_may_hold_trumps
from bot.ai.knowledge import Knowledge, read_knowledge
from bot.ai.trick_odds import beats, trick_state
from bot.engine import (
    Action,
    Bid,
    BidDecision,
    Card,
    Discard,
    Keep,
    NameTrump,
    Pass,
    Play,
    PlayDecision,
    SeatView,
)

Hint = tuple[str, dict[str, Any]]


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(card.display for card in cards)


def explain(view: SeatView, action: Action) -> Hint:
    """Why `action` is a good choice for the seat of `view`."""
    match action:
        case Bid(amount):
            return "hint.bid", {"amount": amount}
        case Pass() if isinstance(view.decision, BidDecision):
            return _explain_pass(view)
        case Pass():
            return "hint.redeal", {}
        case NameTrump(suit):
            return "hint.trump", {"suit": suit.symbol}
        case Discard(cards):
            return "hint.discard", {"cards": _cards(cards)}
        case Keep(cards):
            return "hint.keep", {"cards": _cards(cards)}
        case Play(card):
            return _explain_play(view, card)
    raise TypeError(f"not an action: {action!r}")


def _explain_pass(view: SeatView) -> Hint:
    if view.seat == view.dealer and not any(amount for _, amount in view.bids):
        return "hint.pass_dealer", {}
    if value_if_others_make(view) > 0:
        return "hint.pass_partner", {}
    return "hint.pass", {}


def _explain_play(view: SeatView, card: Card) -> Hint:
    params = {"card": card.display}
    if isinstance(view.decision, PlayDecision) and view.decision.cards == (card,):
        return "hint.only_card", params
    k = read_knowledge(view)
    bit = k.layout.bit[card]
    points = k.layout.points[bit]
    trump = k.layout.block[bit] == TRUMP_BLOCK
    if not k.trick:
        if trump and not others_may_hold_trumps(k):
            return ("hint.cash_point" if points else "hint.lead_safe"), params
        if trump and is_boss(k, bit):
            return "hint.pull_trumps", params
        if points:
            return "hint.best_card", params
        return _explain_low_lead(k, trump), params
    state = trick_state(k)
    if beats(k, bit, state.best, state.led):
        return "hint.take_trick", params
    if k.partners(state.winner) and points:
        return "hint.give_points", params
    if not points:
        return "hint.play_low", params
    return "hint.best_card", params


def _explain_low_lead(k: Knowledge, trump: bool) -> str:
    """A lead worth no points: a trump draws the others' trumps out; a plain card keeps one's
    trumps for later, which only a player holding some can do."""
    if trump:
        return "hint.lead_low_trump"
    return "hint.lead_low" if k.hand & k.trump_mask else "hint.play_low"
