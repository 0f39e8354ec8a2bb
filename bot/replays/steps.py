"""One finished hand, rebuilt by the engine from the game's start and its stored actions.

The engine is deterministic given the seed (or first deck) and the actions, so replaying them
gives back every card of every hand at every moment. A replay is made of steps a player pages
through: the auction, the trump named, the draw (each player's discard and draw, the dealer's
rob), each trick with every hand shown, and the result. Each card play is also kept as a
`PlayPosition` (every hand known), the input of the double-dummy review (`bot.ai.review`).

Nothing here reads the store; `bot.replays.stored` feeds it and refuses hands still in play.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.ai.review import PlayPosition
from bot.engine import (
    Action,
    Card,
    Game,
    HandResult,
    HandScored,
    IllegalAction,
    Phase,
    Play,
    SeatView,
    Suit,
    TrickWon,
    capture_points,
)


class NotReplayable(Exception):
    """The stored actions do not rebuild the hand (a game stored by an older version)."""


class StepKind(StrEnum):
    AUCTION = "auction"
    TRUMP = "trump"
    DRAW = "draw"
    TRICK = "trick"
    RESULT = "result"


@dataclass(frozen=True, slots=True)
class Exchange:
    """What one seat threw away and received between the trump and the first lead."""

    seat: int
    discarded: tuple[Card, ...]
    drew: tuple[Card, ...]
    #: The dealer robbing the pack (four or more players) rather than drawing.
    robbed: bool


@dataclass(frozen=True, slots=True)
class ReplayStep:
    """One picture of a replay: every seat's cards at that moment and what happened."""

    kind: StepKind
    #: Each seat's cards: as dealt (auction, trump), after the draw, or before the trick.
    hands: tuple[tuple[Card, ...], ...]
    #: Points each side has taken in tricks once this step is over.
    points_taken: tuple[int, ...]
    #: The bids made, in order; amount None for a pass.
    bids: tuple[tuple[int, int | None], ...] = ()
    trump: Suit | None = None
    maker: int | None = None
    contract: int | None = None
    exchanges: tuple[Exchange, ...] = ()
    #: Trumps set aside face up to go to the first trick's winner (a house rule).
    thrown: tuple[tuple[int, Card], ...] = ()
    #: 1 for the first trick (trick steps only).
    trick_number: int = 0
    trick: tuple[tuple[int, Card], ...] = ()
    winner: int | None = None
    trick_points: int = 0
    result: HandResult | None = None


@dataclass(frozen=True, slots=True)
class HandReplay:
    """A finished hand, as the engine replayed it."""

    hand_number: int
    players: int
    sides: tuple[tuple[int, ...], ...]
    dealer: int
    trump: Suit
    steps: tuple[ReplayStep, ...]
    plays: tuple[PlayPosition, ...]
    #: What each scoring card scores for the trick's winner this hand (`capture_points`), the
    #: review's measure of the cards.
    capture_points: Mapping[Card, int]
    #: What the maker knew when they bid (None if they never bid): the review's bid judgement.
    maker_view: SeatView | None = None

    def side_of(self, seat: int) -> int:
        return next(index for index, side in enumerate(self.sides) if seat in side)


def _hands(game: Game) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(hand) for hand in game.hands)


class _Recorder:
    """Collects the steps of one hand while the engine replays it."""

    def __init__(self) -> None:
        self.dealt: tuple[tuple[Card, ...], ...] = ()
        #: The trump step, once named: later steps are copies of it with their own fields.
        self.named: ReplayStep | None = None
        self.steps: list[ReplayStep] = []
        self.plays: list[PlayPosition] = []
        self.capture_points: dict[Card, int] = {}
        self.trick_start: tuple[tuple[Card, ...], ...] = ()
        self.points_taken: list[int] = []
        self.result: HandResult | None = None
        #: Each bidder's view at their turn in the auction.
        self.bid_views: dict[int, SeatView] = {}

    def before(self, game: Game, seat: int, action: Action) -> None:
        """Note the deal, and each card play's position, before the engine applies it."""
        if not self.dealt:
            self.dealt = _hands(game)
            self.points_taken = [0] * len(game.sides)
        if game.phase is Phase.BIDDING:
            self.bid_views[seat] = game.view(seat)
        if game.phase is not Phase.PLAY or not isinstance(action, Play):
            return
        if not game.trick:
            self.trick_start = _hands(game)
        self.plays.append(
            PlayPosition(
                seat=seat,
                card=action.card,
                trick_number=len(game.tricks) + 1,
                hands=_hands(game),
                trick=tuple(game.trick),
                leader=game.leader if game.leader is not None else seat,
                bonus=0 if game.tricks else self._thrown_points(game),
            )
        )

    def after(self, game: Game, events: Iterable[object]) -> None:
        """Record what the action led to: the start of play, a trick won, the hand scored."""
        if game.phase is Phase.PLAY and not self.steps:
            self._open_play(game)
        for event in events:
            if isinstance(event, TrickWon):
                self.points_taken[game.side_of[event.seat]] += event.points
                assert self.named is not None
                self.steps.append(
                    replace(
                        self.named,
                        kind=StepKind.TRICK,
                        hands=self.trick_start,
                        points_taken=tuple(self.points_taken),
                        trick_number=sum(step.kind is StepKind.TRICK for step in self.steps) + 1,
                        trick=event.cards,
                        winner=event.seat,
                        trick_points=event.points,
                    )
                )
            elif isinstance(event, HandScored):
                self.result = event.result

    def _thrown_points(self, game: Game) -> int:
        """What the cards thrown to the first trick score for its winner."""
        return sum(self.capture_points.get(card, 0) for _, card in game.thrown)

    def _open_play(self, game: Game) -> None:
        """The auction, the trump and the draw are over: one step for each."""
        assert game.trump is not None
        in_play = [card for hand in game.hands for card in hand]
        in_play += [card for _, card in game.thrown]
        self.capture_points = capture_points(game.trump, in_play, game.rules)
        zero = tuple(self.points_taken)
        bids = tuple(game.bids)
        self.steps.append(ReplayStep(StepKind.AUCTION, self.dealt, zero, bids=bids))
        self.named = ReplayStep(
            StepKind.TRUMP,
            self.dealt,
            zero,
            bids=bids,
            trump=game.trump,
            maker=game.maker,
            contract=game.contract,
        )
        self.steps.append(self.named)
        after = _hands(game)
        exchanges = tuple(
            Exchange(
                seat,
                tuple(card for card in self.dealt[seat] if card not in after[seat]),
                tuple(card for card in after[seat] if card not in self.dealt[seat]),
                robbed=seat == game.dealer and game.players >= 4,
            )
            for seat in range(game.players)
        )
        self.steps.append(
            replace(
                self.named,
                kind=StepKind.DRAW,
                hands=after,
                exchanges=exchanges,
                thrown=tuple(game.thrown),
            )
        )


def replay_hand(start: Game, actions: Iterable[tuple[int, Action]], number: int) -> HandReplay:
    """Replay `actions` from the game's start (`start`, no action applied) up to the end of hand
    `number`, and return that hand's steps.

    Raises `NotReplayable` when an action is refused or the hand never ends in these actions.
    """
    game = start
    recorder = _Recorder()
    try:
        for seat, action in actions:
            if game.hand_number > number:
                break
            if game.hand_number < number:
                game.apply(seat, action)
                continue
            recorder.before(game, seat, action)
            events = game.apply(seat, action)
            recorder.after(game, list(events))
            if recorder.result is not None:
                break
    except (IllegalAction, ValueError, KeyError, TypeError) as error:
        raise NotReplayable(f"hand {number}: {error}") from error
    result = recorder.result
    if result is None:
        raise NotReplayable(f"hand {number} does not end in the stored actions")
    assert recorder.named is not None
    recorder.steps.append(
        replace(
            recorder.named,
            kind=StepKind.RESULT,
            hands=tuple(() for _ in range(game.players)),
            points_taken=tuple(recorder.points_taken),
            result=result,
        )
    )
    return HandReplay(
        hand_number=number,
        players=start.players,
        sides=start.sides,
        dealer=result.dealer,
        trump=result.trump,
        steps=tuple(recorder.steps),
        plays=tuple(recorder.plays),
        capture_points=recorder.capture_points,
        maker_view=recorder.bid_views.get(result.maker),
    )
