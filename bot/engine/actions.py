"""The actions a seat can take, and their JSON form (for the action log and replays)."""

from __future__ import annotations

from typing import Any

from bot.engine.cards import Card, Suit
from bot.engine.values import value


@value
class Bid:
    amount: int


@value
class Pass:
    """Pass in the auction, or (dealer, all passed, with that house rule) decline to name trumps."""


@value
class NameTrump:
    suit: Suit


@value
class Discard:
    """The trumps a player holding more than six sets aside (shown to everyone)."""

    cards: tuple[Card, ...]


@value
class Keep:
    """The six cards the dealer keeps after robbing the pack."""

    cards: tuple[Card, ...]


@value
class Play:
    card: Card


Action = Bid | Pass | NameTrump | Discard | Keep | Play


def action_to_dict(action: Action) -> dict[str, Any]:
    match action:
        case Bid(amount):
            return {"type": "bid", "amount": amount}
        case Pass():
            return {"type": "pass"}
        case NameTrump(suit):
            return {"type": "trump", "suit": suit.value}
        case Discard(cards):
            return {"type": "discard", "cards": [card.code for card in cards]}
        case Keep(cards):
            return {"type": "keep", "cards": [card.code for card in cards]}
        case Play(card):
            return {"type": "play", "card": card.code}
    raise TypeError(f"not an action: {action!r}")


def action_from_dict(data: dict[str, Any]) -> Action:
    """Read an action written by `action_to_dict`; raise ValueError on anything else."""
    kind = data.get("type")
    if kind == "bid" and isinstance(data.get("amount"), int):
        return Bid(data["amount"])
    if kind == "pass":
        return Pass()
    if kind == "trump":
        return NameTrump(Suit(data["suit"]))
    if kind in ("discard", "keep"):
        cards = tuple(Card.parse(code) for code in data["cards"])
        return Discard(cards) if kind == "discard" else Keep(cards)
    if kind == "play":
        return Play(Card.parse(data["card"]))
    raise ValueError(f"not an action: {data!r}")
