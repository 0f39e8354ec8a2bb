"""Public events: what everybody at the table saw an action cause.

Events never carry a card that is still hidden. `to_plain` turns any of them into JSON data
(with the event's name under "event").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine.cards import Card, Suit
from bot.engine.plain import to_plain
from bot.engine.trumps import PointCard
from bot.engine.values import value


@value
class HandResult:
    """How one hand was scored."""

    hand_number: int
    dealer: int
    maker: int
    maker_side: int
    contract: int
    trump: Suit
    #: (seat, amount) in bidding order; amount None for a pass.
    bids: tuple[tuple[int, int | None], ...]
    #: Which side captured each scoring card; None when it was dead or not in play.
    captured: tuple[tuple[PointCard, int | None], ...]
    points: tuple[int, ...]
    made: bool
    changes: tuple[int, ...]
    totals: tuple[int, ...]


def redeals_in_a_row(hand_number: int, history: Sequence[HandResult]) -> int:
    """How many hands in a row were dealt again because everyone passed, before hand number
    ``hand_number``: every deal numbers a hand, and every hand played is scored in ``history``,
    so the numbers between the last hand scored and this one are hands nobody bid on."""
    last_played = history[-1].hand_number if history else 0
    return hand_number - 1 - last_played


@value
class HandDealt:
    hand_number: int
    dealer: int


@value
class BidMade:
    seat: int
    amount: int


@value
class Passed:
    seat: int


@value
class AllPassed:
    """Nobody bid. `outcome`: dealer_names, dealer_stuck, dealer_choice or redeal."""

    dealer: int
    outcome: str


@value
class TrumpNamed:
    seat: int
    suit: Suit
    contract: int


@value
class Discarded:
    """A player's discard: plain cards (None when discards are face down), and trumps set aside."""

    seat: int
    count: int
    plain_cards: tuple[Card, ...] | None
    dead_trumps: tuple[Card, ...]
    to_first_trick: tuple[Card, ...]


@value
class Drew:
    seat: int
    count: int
    from_discards: int


@value
class Robbed:
    """The dealer robbed the pack, announcing how many cards they took; surplus trumps are shown."""

    seat: int
    taken: int
    dead_trumps: tuple[Card, ...]
    to_first_trick: tuple[Card, ...]


@value
class CardPlayed:
    seat: int
    card: Card


@value
class TrickWon:
    seat: int
    cards: tuple[tuple[int, Card], ...]
    points: int


@value
class HandScored:
    result: HandResult


@value
class GameWon:
    side: int
    totals: tuple[int, ...]


Event = (
    HandDealt
    | BidMade
    | Passed
    | AllPassed
    | TrumpNamed
    | Discarded
    | Drew
    | Robbed
    | CardPlayed
    | TrickWon
    | HandScored
    | GameWon
)


def event_to_dict(event: Event) -> dict[str, Any]:
    return {"event": type(event).__name__, **to_plain(event)}
