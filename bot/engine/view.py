"""What one seat may know, and what the whole table may see.

A `SeatView` is the only input computer players and public pictures get. It is built by
`Game.view(seat)` (that seat's own hand and private knowledge) or `Game.public_view()` (nobody's
hand), so another seat's hidden cards can never reach it.
"""

from __future__ import annotations

from enum import StrEnum

from bot.engine.cards import Card, Suit
from bot.engine.decisions import Decision
from bot.engine.events import HandResult
from bot.engine.rules import HouseRules
from bot.engine.seating import seat_sides
from bot.engine.values import value


class Phase(StrEnum):
    BIDDING = "bidding"
    TRUMP = "trump"
    DISCARD = "discard"
    ROB = "rob"
    PLAY = "play"
    GAME_OVER = "game_over"


@value
class CompletedTrick:
    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int


@value
class SeatView:
    """Everything `seat` may know (`seat` None: only what the whole table may see)."""

    seat: int | None
    rules: HouseRules
    players: int
    sides: tuple[tuple[int, ...], ...]
    phase: Phase
    hand_number: int
    dealer: int
    to_act: int | None
    #: This seat's cards (empty in the public view).
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    bids: tuple[tuple[int, int | None], ...]
    maker: int | None
    contract: int | None
    trump: Suit | None
    #: Face-up plain discards per seat (this seat always sees its own; others' only when public).
    discards: tuple[tuple[Card, ...], ...]
    discard_counts: tuple[int, ...]
    #: Trumps set aside and shown, per seat: dead for the hand.
    dead: tuple[tuple[Card, ...], ...]
    #: Cards set aside to go to the winner of the first trick, with the seat that set them aside.
    thrown: tuple[tuple[int, Card], ...]
    #: Cards this seat knows are out of play but nobody else saw (the dealer's rejected cards).
    known_out: tuple[Card, ...]
    drawn: tuple[int | None, ...]
    #: Trumps each player kept before drawing (public: the rest of their cards were discarded).
    kept_trumps: tuple[int | None, ...]
    leader: int | None
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[CompletedTrick, ...]
    points_taken: tuple[int, ...]
    scores: tuple[int, ...]
    history: tuple[HandResult, ...]
    winner: int | None
    #: What this seat may do now (None unless it is this seat's turn).
    decision: Decision | None
    #: The cards this seat drew in this hand's draw, while it still holds every one of them (its
    #: own view only); None before its draw, once it has played, and for the robbing dealer.
    drawn_cards: tuple[Card, ...] | None = None

    @property
    def previous_trick(self) -> CompletedTrick | None:
        return self.tricks[-1] if self.tricks else None

    def side_of(self, seat: int) -> int:
        return seat_sides(self.sides)[seat]
