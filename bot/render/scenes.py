"""The plain, frozen data each picture is drawn from.

The renderer knows nothing of the engine's state: the service builds these scenes from the
engine's views. Seats and sides are lists, so 2, 3 or 4 players and 2 or 3 sides all fit.

`TableScene` is posted to the whole channel, so it has no field that can hold a hand: a seat
only has a card count, and the only cards it carries are ones already played face up.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from bot.engine.cards import Card, Suit
from bot.engine.trumps import PointCard
from bot.render.words import ENGLISH, Words

MIN_SEATS, MAX_SEATS = 2, 4
MIN_SIDES, MAX_SIDES = 2, 3


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def _check_seat(seat: int | None, seats: int, what: str) -> None:
    _require(seat is None or 0 <= seat < seats, f"{what} {seat} is not a seat")


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat as everyone sees it: who sits there and how many cards they hold."""

    name: str
    side: int
    card_count: int
    is_computer: bool = False
    #: Their bid this hand; `None` with `passed` False means they have not bid yet.
    bid: int | None = None
    passed: bool = False


@dataclass(frozen=True, slots=True)
class SideScene:
    """A side (a partnership, or one player in a game without partners) and its score."""

    name: str
    score: int
    #: Points captured so far in the hand being played, or `None` before the play.
    hand_points: int | None = None


@dataclass(frozen=True, slots=True)
class PlayedCard:
    """A card played face up to a trick, and the seat that played it."""

    seat: int
    card: Card


def _check_trick(plays: tuple[PlayedCard, ...], seats: int, what: str) -> None:
    played_by = [play.seat for play in plays]
    _require(len(set(played_by)) == len(played_by), f"{what}: a seat played twice")
    for seat in played_by:
        _check_seat(seat, seats, what)


@dataclass(frozen=True, slots=True)
class TableScene:
    """The public table: seats, the trick on the table, trumps, contract and scores."""

    seats: tuple[SeatScene, ...]
    sides: tuple[SideScene, ...]
    #: The score a game is played to; `None` for a single deal (the daily deal, a puzzle):
    #: the picture then shows no target and no game score, only each side's points in the deal.
    target: int | None
    dealer: int
    hand_number: int
    #: What is happening now, already in the reader's language (e.g. "Bidding").
    phase: str
    to_act: int | None = None
    trick: tuple[PlayedCard, ...] = ()
    #: The trick before this one, shown until the next card is played.
    last_trick: tuple[PlayedCard, ...] = ()
    last_trick_winner: int | None = None
    trump: Suit | None = None
    contract: int | None = None
    maker: int | None = None
    four_colour: bool = False
    words: Words = ENGLISH

    def __post_init__(self) -> None:
        seats = len(self.seats)
        _require(MIN_SEATS <= seats <= MAX_SEATS, f"{seats} seats; {MIN_SEATS} to {MAX_SEATS}")
        _require(MIN_SIDES <= len(self.sides) <= MAX_SIDES, f"{len(self.sides)} sides")
        for seat in self.seats:
            _require(0 <= seat.side < len(self.sides), f"{seat.name!r} has no side {seat.side}")
            _require(seat.card_count >= 0, f"{seat.name!r} holds {seat.card_count} cards")
        for at, what in ((self.dealer, "dealer"), (self.to_act, "to_act"), (self.maker, "maker")):
            _check_seat(at, seats, what)
        _check_seat(self.last_trick_winner, seats, "last_trick_winner")
        _check_trick(self.trick, seats, "trick")
        _check_trick(self.last_trick, seats, "last_trick")


@dataclass(frozen=True, slots=True)
class HandScene:
    """One player's own cards, for their eyes only."""

    cards: tuple[Card, ...]
    trump: Suit | None = None
    #: The cards they may play now; `None` when they are not choosing a card (nothing dimmed).
    playable: frozenset[Card] | None = None
    four_colour: bool = False
    words: Words = ENGLISH
    #: The rest of the pack, while the robbing dealer chooses what to keep from it and from
    #: `cards`; shown marked, apart from their own cards. Only the dealer is ever shown it.
    pack: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        every = self.cards + self.pack
        _require(len(set(every)) == len(every), "a card appears twice in the hand")
        _require(
            self.playable is None or self.playable <= set(self.cards),
            "a playable card is not in the hand",
        )


class PointFate(Enum):
    CAPTURED = "captured"
    #: Discarded or exposed face up: it counts for nobody.
    DEAD = "dead"
    #: Never dealt into play (left in the stock in a 2- or 3-player game).
    NOT_IN_PLAY = "not_in_play"


@dataclass(frozen=True, slots=True)
class PointAward:
    """What happened to one scoring card this hand."""

    kind: PointCard
    card: Card
    value: int
    fate: PointFate = PointFate.CAPTURED
    #: The side that captured it (only when `fate` is CAPTURED).
    side: int | None = None

    def __post_init__(self) -> None:
        captured = self.fate is PointFate.CAPTURED
        _require(captured == (self.side is not None), "a captured point needs its side")


@dataclass(frozen=True, slots=True)
class SideResult:
    """A side's result for one hand. Its players' names are kept apart, so the picture can
    fit each one (a pair shortened as one name would read as a single player)."""

    members: tuple[str, ...]
    points: int
    change: int
    total: int

    def __post_init__(self) -> None:
        _require(1 <= len(self.members) <= 2, f"a side of {len(self.members)} players")


@dataclass(frozen=True, slots=True)
class NamedPlay:
    """A card of the hand's last trick, with the name and side of who played it."""

    name: str
    side: int
    card: Card
    won: bool


@dataclass(frozen=True, slots=True)
class HandSummaryScene:
    """The end of a hand: who took each point, the contract and the new scores."""

    hand_number: int
    trump: Suit
    awards: tuple[PointAward, ...]
    sides: tuple[SideResult, ...]
    maker_name: str
    contract: int
    made: bool
    target: int
    four_colour: bool = False
    words: Words = ENGLISH
    #: The hand's last trick, shown before the next deal takes it off the table.
    last_trick: tuple[NamedPlay, ...] = ()
    #: Made with the same points on every side, so nobody scored: the picture says why.
    equal_points: bool = False

    def __post_init__(self) -> None:
        _require(MIN_SIDES <= len(self.sides) <= MAX_SIDES, f"{len(self.sides)} sides")
        for award in self.awards:
            _require(
                award.side is None or 0 <= award.side < len(self.sides),
                f"{award.kind.value} captured by no side {award.side}",
            )


@dataclass(frozen=True, slots=True)
class GameSummaryScene:
    """The end of a game: the winners, final scores and how the scores grew hand by hand."""

    sides: tuple[SideScene, ...]
    winners: tuple[int, ...]
    #: Each side's total after each hand, in hand order.
    progression: tuple[tuple[int, ...], ...]
    target: int
    words: Words = ENGLISH

    def __post_init__(self) -> None:
        _require(MIN_SIDES <= len(self.sides) <= MAX_SIDES, f"{len(self.sides)} sides")
        _require(bool(self.winners), "a finished game has a winner")
        for side in self.winners:
            _require(0 <= side < len(self.sides), f"no side {side} to win")
        for row in self.progression:
            _require(len(row) == len(self.sides), "a progression row needs one total per side")
