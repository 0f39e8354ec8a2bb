"""A puzzle as it is kept and shown: the position before one card of a finished hand, every hand
known, with each legal card's value, the answer and the line after it.

It holds everything the puzzle needs (it never reads the game again), as plain JSON in the
store (`to_json`, `from_json`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine import Card, Suit
from bot.puzzles.finder import Found
from bot.replays.steps import HandReplay, StepKind

#: The partnerships of the four seats: North and South, East and West.
SIDES = ((0, 2), (1, 3))

Trick = tuple[tuple[int, Card], ...]


@dataclass(frozen=True, slots=True)
class PuzzlePosition:
    #: The seat to play.
    seat: int
    #: Every seat's cards before the play.
    hands: tuple[tuple[Card, ...], ...]
    #: The cards already in the trick, in order (its leader first).
    trick: Trick
    #: 1 for the first trick.
    trick_number: int
    trump: Suit
    dealer: int
    maker: int
    contract: int
    #: The points each side took in the tricks before this one.
    points_taken: tuple[int, ...]
    #: The game's score before the hand, and the score it was played to.
    scores: tuple[int, ...]
    target: int
    hand_number: int
    #: Each legal card and the points the side to play takes from this trick on with it.
    values: tuple[tuple[Card, int], ...]
    #: The cards that keep the best (one card, or touching cards worth the same).
    best: tuple[Card, ...]
    #: One perfect continuation after the best card: each trick to the end (this one first),
    #: its winner, the points it carries and its cards.
    line: tuple[tuple[int, int, Trick], ...]

    @property
    def side(self) -> int:
        return next(index for index, side in enumerate(SIDES) if self.seat in side)

    @property
    def legal(self) -> tuple[Card, ...]:
        return tuple(card for card, _ in self.values)

    @property
    def best_value(self) -> int:
        return max(value for _, value in self.values)

    def value_of(self, card: Card) -> int:
        return dict(self.values)[card]

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "hands": [[card.code for card in hand] for hand in self.hands],
            "trick": _trick_json(self.trick),
            "trick_number": self.trick_number,
            "trump": self.trump.value,
            "dealer": self.dealer,
            "maker": self.maker,
            "contract": self.contract,
            "points_taken": list(self.points_taken),
            "scores": list(self.scores),
            "target": self.target,
            "hand_number": self.hand_number,
            "values": [[card.code, value] for card, value in self.values],
            "best": [card.code for card in self.best],
            "line": [[winner, points, _trick_json(cards)] for winner, points, cards in self.line],
        }

    @classmethod
    def from_json(cls, data: Any) -> PuzzlePosition:
        """A position `to_json` wrote; ``ValueError``, ``KeyError`` or ``TypeError`` for
        anything else."""
        return cls(
            seat=int(data["seat"]),
            hands=tuple(tuple(Card.parse(code) for code in hand) for hand in data["hands"]),
            trick=_trick(data["trick"]),
            trick_number=int(data["trick_number"]),
            trump=Suit(data["trump"]),
            dealer=int(data["dealer"]),
            maker=int(data["maker"]),
            contract=int(data["contract"]),
            points_taken=tuple(int(points) for points in data["points_taken"]),
            scores=tuple(int(score) for score in data["scores"]),
            target=int(data["target"]),
            hand_number=int(data["hand_number"]),
            values=tuple((Card.parse(code), int(value)) for code, value in data["values"]),
            best=tuple(Card.parse(code) for code in data["best"]),
            line=tuple(
                (int(winner), int(points), _trick(cards)) for winner, points, cards in data["line"]
            ),
        )


def _trick_json(trick: Trick) -> list[list[Any]]:
    return [[seat, card.code] for seat, card in trick]


def _trick(data: Any) -> Trick:
    return tuple((int(seat), Card.parse(code)) for seat, code in data)


def puzzle_position(replay: HandReplay, found: Found, target: int) -> PuzzlePosition:
    """The puzzle `found` at one play of the replayed hand, played to `target`."""
    play = replay.plays[found.play]
    result = replay.steps[-1].result
    assert result is not None
    tricks_before = [
        step
        for step in replay.steps
        if step.kind is StepKind.TRICK and step.trick_number < play.trick_number
    ]
    taken = tricks_before[-1].points_taken if tricks_before else (0,) * len(replay.sides)
    return PuzzlePosition(
        seat=play.seat,
        hands=play.hands,
        trick=play.trick,
        trick_number=play.trick_number,
        trump=replay.trump,
        dealer=replay.dealer,
        maker=result.maker,
        contract=result.contract,
        points_taken=taken,
        scores=tuple(
            total - change for total, change in zip(result.totals, result.changes, strict=True)
        ),
        target=target,
        hand_number=replay.hand_number,
        values=found.values,
        best=found.best,
        line=found.line,
    )
