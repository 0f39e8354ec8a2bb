"""The day's deals: the cards, who deals, where the player sits. The same for everyone.

A day has `DEALS_PER_DAY` deals. Each is the first hand of a game under the default house
rules, its cards dealt from a seed made of the bot's secret, the date and the deal's number
(SHA-256), so every server and every player gets the same cards that day, and nobody can
work them out beforehand without the secret, which only the bot's database holds.

The player always sits South (seat 2, at the bottom of the table picture), with a computer
partner North and computer opponents East and West, all three playing `hard`. The dealer moves
one seat to the left from each deal to the next, starting with West, so the auction opens in a
different seat each time and the player deals the last deal.

A computer's decision is a pure function of its seat's view and a seed made from the deal's
seed and how many actions came before (`bot.ai.pool.decision_seed`), so the computers answer
the same play the same way for everyone, and par (the deal played with `hard` in all four
seats) is what the player's seat would have scored had they played like the computers.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from bot.engine import Action, Card, CompletedTrick, Game, HandResult, HandScored, HouseRules
from bot.engine.randomness import derived_seed

#: Deals each day.
DEALS_PER_DAY = 4
PLAYERS = 4
#: South: the bottom of the table picture.
PLAYER_SEAT = 2
#: The partner and both opponents.
COMPUTER_LEVEL = "hard"
#: The first deal's dealer: West, so North opens the auction.
FIRST_DEALER = 3


def deal_seed(secret: str, day: date, deal: int) -> int:
    """The seed of deal `deal` (from 0) of `day`."""
    return derived_seed(secret, f"daily:{day.isoformat()}:{deal}")


def dealer_of(deal: int) -> int:
    """Who deals deal `deal`: one seat further left each deal, the player last of four."""
    return (FIRST_DEALER + deal) % PLAYERS


def deal_start(secret: str, day: date, deal: int) -> Game:
    """Deal `deal` of `day` as dealt, before anyone bids."""
    if not 0 <= deal < DEALS_PER_DAY:
        raise ValueError(f"a day has deals 0 to {DEALS_PER_DAY - 1}, not {deal}")
    seed = deal_seed(secret, day, deal)
    return Game.new(HouseRules(), PLAYERS, seed, dealer_of(deal))


@dataclass(frozen=True, slots=True)
class DealEnd:
    """How a deal ended: its score, and where its cards went (for the end-of-hand picture)."""

    result: HandResult
    #: Every card played, or thrown to the first trick.
    played: frozenset[Card]
    #: Trumps laid aside, out of play.
    dead: frozenset[Card]
    last_trick: CompletedTrick


class Deal:
    """One deal being played: the engine's game, and how the deal ended once it is over.

    The deal is the game's first hand; once its last trick is played the engine deals the
    game's next hand, which nobody plays, so the end is kept as it was.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.end: DealEnd | None = None

    @classmethod
    def replayed(cls, start: Game, actions: Iterable[tuple[int, Action]]) -> Deal:
        """The deal after `actions`, applied to `start` (which they change). The engine
        refuses any that is not legal (``IllegalAction``) and any after the deal's end."""
        deal = cls(start)
        for seat, action in actions:
            deal.apply(seat, action)
        return deal

    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def to_act(self) -> int | None:
        """The seat to act, None once the deal is over."""
        return None if self.over else self.game.to_act

    def apply(self, seat: int, action: Action) -> None:
        """Apply the seat's action (``IllegalAction`` when not allowed, or after the end)."""
        if self.end is not None:
            raise ValueError("the deal is over")
        game = self.game
        # The hand's lists as they are: the action that ends it starts new ones for the next.
        tricks, thrown, dead = game.tricks, game.thrown, game.dead
        events = game.apply(seat, action)
        scored = [event.result for event in events if isinstance(event, HandScored)]
        if scored:
            played = [card for trick in tricks for _, card in trick.cards]
            self.end = DealEnd(
                result=scored[0],
                played=frozenset(played + [card for _, card in thrown]),
                dead=frozenset(card for pile in dead for card in pile),
                last_trick=tricks[-1],
            )


def deal_score(result: HandResult, seat: int, sides: Sequence[Sequence[int]]) -> int:
    """What the deal was worth to `seat`'s side: its score change minus the other side's
    (a contract made by 3 is +3 for the makers and -3 for their opponents)."""
    own = next(index for index, side in enumerate(sides) if seat in side)
    return sum(change if index == own else -change for index, change in enumerate(result.changes))
