"""What the seat to act may do now: one decision type per kind of choice.

The bot turns these into buttons and selects, the computer players choose within them, and the
engine checks every action against them.
"""

from __future__ import annotations

from bot.engine.cards import Card, Suit
from bot.engine.values import value


@value
class BidDecision:
    """Bid a whole number from `lowest` to `highest`, or pass (only pass when lowest > highest)."""

    seat: int
    lowest: int
    highest: int

    @property
    def amounts(self) -> range:
        return range(self.lowest, self.highest + 1)


@value
class TrumpDecision:
    """Name the trump suit; `can_pass` when the dealer may refuse after everybody passed."""

    seat: int
    contract: int
    can_pass: bool = False
    suits: tuple[Suit, ...] = tuple(Suit)


@value
class DiscardDecision:
    """Set aside exactly `count` of `options` (trumps beyond six)."""

    seat: int
    options: tuple[Card, ...]
    count: int
    #: True when the cards go to the winner of the first trick instead of being dead.
    to_first_trick: bool


@value
class KeepDecision:
    """The dealer keeps `count` cards: all of `required` plus any of `options`."""

    seat: int
    required: tuple[Card, ...]
    options: tuple[Card, ...]
    count: int
    #: True when unkept trumps go to the winner of the first trick instead of being dead.
    to_first_trick: bool

    @property
    def free_choices(self) -> int:
        """How many cards are chosen from `options`."""
        return self.count - len(self.required)

    def completed(self, chosen: tuple[Card, ...]) -> tuple[Card, ...]:
        """The cards kept when the dealer names only their free choices (a select offers only
        those): the required cards join them. Any other choice is returned as it is, for the
        rules to judge."""
        if len(chosen) == self.free_choices:
            return self.required + chosen
        return chosen


@value
class PlayDecision:
    """Play one of `cards` (the legal cards, in hand order)."""

    seat: int
    cards: tuple[Card, ...]


Decision = BidDecision | TrumpDecision | DiscardDecision | KeepDecision | PlayDecision
