"""The review of a finished hand's card play: what each card cost, judged double-dummy.

Once a hand is over every card is known, so each card played can be judged exactly from the
position it was played in: the open-hand `solver` values every legal card of that player for
their side (points their side still captures from this trick on, everybody then playing
perfectly), and the card played is compared with the best. The difference is what that card
cost; a card worth the best (with the cards equivalent to it) is what would have been better.
Only the cards that might beat the one played, and then the best found, are valued exactly
(`Solver.move_values(judged=...)`); other cards just as good are not looked for (proving that
each equals the best would cost more than the rest of the review), and a forced card is not
searched at all. Playing out one perfect continuation after the card played and one after the
best card (`Solver.line`) shows which scoring cards the side lost, and to whom. With three
sides, the other two are assumed to play against the judged side, as in the solver.

House rules that change what a card is worth are exact: the review is given what each card
scores this hand for the trick's winner (`engine.capture_points`: High and Low "in play" are
known once play starts, since every card held is played; Low scored for its holder is no trick's
to win, so no card play changes who gets it). A seat left without cards when the stock ran
short sits out the last tricks, as in the engine.

One solver serves the whole hand (both sides of a two-side hand, one per side with three): its
transposition table holds positions of this deal only, so later positions reuse what earlier
ones found. In the decision workers a review runs in slices no longer than one computer decision
(`bot.ai.slices`), so that a long hand's review never holds up a computer move for long; the
worker keeps the hand's solvers from one slice to its next.

The maker's contract is set against what their hand was worth by the bid table, the valuation
every computer player starts from (`bidding.hand_worth`, from the cards held when they bid): a
figure that does not depend on a seed or on how many deals were played out.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

from bot.ai.bidding import Seat, hand_worth, table_values
from bot.ai.bits import LAYOUTS, BitLayout
from bot.ai.slices import Unfinished, WarmCache, run_to_end, slice_deadline, slice_over
from bot.ai.solver import Solver
from bot.engine import Card, SeatView, Suit, legal_plays, trick_winner


@dataclass(frozen=True, slots=True)
class PlayPosition:
    """The moment before one card was played, every hand known: what the review judges."""

    seat: int
    card: Card
    trick_number: int
    #: Each seat's cards before this play.
    hands: tuple[tuple[Card, ...], ...]
    #: The cards already in the trick, in order, and the seat that led it.
    trick: tuple[tuple[int, Card], ...]
    leader: int
    #: Points going to this trick's winner besides its cards (trumps thrown to the first).
    bonus: int


@dataclass(frozen=True, slots=True)
class Verdict:
    """A card that cost its side points: how many, and the cards that would have kept them."""

    #: Which play of the hand (0 for the first card led).
    play: int
    seat: int
    card: Card
    lost: int
    better: tuple[Card, ...]
    #: Scoring cards the side keeps with the best card but not with this one, each with the seat
    #: that takes it instead (along one perfect continuation of each).
    falls: tuple[tuple[Card, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Reviewing:
    """A hand's review, judged one play after another: the plays before `next` are judged and
    cost `verdicts`; `known` is the value of the position at `next` when the last search found
    it (two sides only)."""

    plays: tuple[PlayPosition, ...]
    trump: Suit
    side_of: tuple[int, ...]
    points: Mapping[Card, int]
    maker_view: SeatView | None = None
    next: int = 0
    known: int | None = None
    verdicts: tuple[Verdict, ...] = ()


#: The solvers of the hand reviewed last in this process (their tables serve its next slice).
_SOLVERS: WarmCache[_Solvers] = WarmCache()


def review_plays(
    plays: Sequence[PlayPosition],
    trump: Suit,
    side_of: Sequence[int],
    points: Mapping[Card, int],
) -> tuple[Verdict, ...]:
    """The cards of `plays` that cost their side points, in the order they were played;
    `points` is what each card scores for the trick's winner this hand (`capture_points`)."""
    return _judge_until(Reviewing(tuple(plays), trump, tuple(side_of), points), None).verdicts


def _judge_until(reviewing: Reviewing, deadline: float | None) -> Reviewing:
    """`reviewing` carried on until every play is judged, or until `deadline`
    (`bot.ai.slices`) once at least one play was searched."""
    plays, trump, side_of = reviewing.plays, reviewing.trump, reviewing.side_of
    if reviewing.next >= len(plays):
        return reviewing
    layout = LAYOUTS[trump]
    first = plays[0]
    scores = tuple(reviewing.points.get(card, 0) for card in layout.card)
    solvers = _SOLVERS.get(
        (trump, side_of, scores, first.hands, first.leader),
        lambda: _Solvers(layout, side_of, scores),
    )
    verdicts = list(reviewing.verdicts)
    known = reviewing.known
    index = reviewing.next
    while index < len(plays):
        position = plays[index]
        solver = solvers.of(position.seat)
        if known is not None and index and not position.trick:
            known -= _banked(plays[index - 1], solver)
        led = [card for _, card in position.trick]
        index += 1
        if len(legal_plays(position.hands[position.seat], led, trump)) < 2:
            continue  # a forced card costs nothing, and keeps the position's value
        hands = [layout.mask(hand) for hand in position.hands]
        trick = [(seat, layout.bit[card]) for seat, card in position.trick]
        played = layout.bit[position.card]
        values = solver.move_values(
            hands, trick, position.leader, position.bonus, judged=played, value=known
        )
        # What the card played leaves is the value of the next position.
        known = values[played] if solvers.shared else None
        # Values are the maximising side's points: the other side wants them low.
        sign = 1 if solver.maximising[position.seat] else -1
        best = max(sign * value for value in values.values())
        lost = best - sign * values[played]
        if lost > 0:
            best_bits = [bit for bit in sorted(values, reverse=True) if sign * values[bit] == best]
            better = tuple(layout.card[bit] for bit in best_bits)
            lines = [
                _captures(solver, position, hands, trick, bit, values[bit])
                for bit in (played, best_bits[0])
            ]
            falls = tuple(
                (layout.card[bit], seat)
                for bit, seat in sorted(lines[0].items(), reverse=True)
                if side_of[seat] != side_of[position.seat]
                and side_of[lines[1][bit]] == side_of[position.seat]
            )
            verdicts.append(Verdict(index - 1, position.seat, position.card, lost, better, falls))
        if deadline is not None and slice_over(deadline):
            break
    return replace(reviewing, next=index, known=known, verdicts=tuple(verdicts))


def _captures(
    solver: Solver,
    position: PlayPosition,
    hands: list[int],
    trick: list[tuple[int, int]],
    bit: int,
    value: int,
) -> dict[int, int]:
    """Who takes each scoring card still in play if the seat plays `bit` (worth `value`) and
    everybody then plays perfectly."""
    after = list(hands)
    after[position.seat] ^= 1 << bit
    played = [*trick, (position.seat, bit)]
    tricks = solver.line(after, played, position.leader, position.bonus, value)
    points = solver.points
    return {card: winner for winner, cards in tricks for _, card in cards if points[card]}


def _banked(last: PlayPosition, solver: Solver) -> int:
    """The points of the trick that `last` completed when the maximising side won them: they
    count in the value of the position before, and no longer after. The winner is read from
    the trick, not from who leads the next: a seat that won with its last card leaves the lead
    to the next seat holding cards."""
    cards = [card for _, card in last.trick] + [last.card]
    seats = [seat for seat, _ in last.trick] + [last.seat]
    if not solver.maximising[seats[trick_winner(cards, solver.layout.trump)]]:
        return 0
    bit = solver.layout.bit
    return last.bonus + sum(solver.points[bit[card]] for card in cards)


class _Solvers:
    """The solvers of a hand's review. With two sides, the points one side does not take the
    other does, so one solver (and one transposition table) judges both; with three, each side
    has its own, the other two playing against it."""

    def __init__(
        self, layout: BitLayout, side_of: Sequence[int], points: tuple[int, ...]
    ) -> None:
        self._layout, self._side_of, self._points = layout, side_of, points
        #: With two sides one solver serves every seat, and its values carry from one card to
        #: the next.
        self.shared = len(set(side_of)) == 2
        self._by_side: dict[int, Solver] = {}

    def of(self, seat: int) -> Solver:
        side = 0 if self.shared else self._side_of[seat]
        solver = self._by_side.get(side)
        if solver is None:
            solver = self._by_side[side] = Solver(
                self._layout, self._side_of, side, points=self._points
            )
        return solver


def points_lost(verdicts: Sequence[Verdict], players: int) -> tuple[int, ...]:
    """Each seat's points lost by card play over the hand."""
    lost = [0] * players
    for verdict in verdicts:
        lost[verdict.seat] += verdict.lost
    return tuple(lost)


@dataclass(frozen=True, slots=True)
class HandReview:
    """A hand's review: the costly cards, and what the maker's hand was worth (if known)."""

    verdicts: tuple[Verdict, ...]
    worth: int | None


def review_hand(
    plays: Sequence[PlayPosition],
    trump: Suit,
    side_of: Sequence[int],
    points: Mapping[Card, int],
    maker_view: SeatView | None,
) -> HandReview:
    """The whole review of a hand; `points` as for `review_plays`, `maker_view` is the maker's
    view when they bid."""
    reviewing = Reviewing(tuple(plays), trump, tuple(side_of), points, maker_view)
    review: HandReview = run_to_end(review_slice, reviewing)
    return review


def review_slice(reviewing: Reviewing) -> Unfinished[Reviewing] | HandReview:
    """One slice of a hand's review (`bot.ai.slices`): what is left, or the whole review."""
    with _collector_paused():
        reviewing = _judge_until(reviewing, slice_deadline())
    if reviewing.next < len(reviewing.plays):
        return Unfinished(reviewing)
    worth = None
    if reviewing.maker_view is not None:
        seat = Seat.of(reviewing.maker_view)
        worth = hand_worth(table_values(reviewing.maker_view.hand, seat), seat)
    return HandReview(reviewing.verdicts, worth)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off for the length of a review.

    The search makes millions of small tuples (transposition keys and bounds) that form no
    cycles and all go together when the review ends; the collector would walk the growing
    table again and again for nothing (a fifth of the time of a long review, and most of the
    slowest hands' excess). Reference counting still frees everything as usual.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


#: The version of the review's JSON form; a stored review of another version is not read
#: (and so is computed again). 3: reviews exact under every house rule (version 2 judged Low
#: for its holder and High and Low in play as fixed cards, and could fail with a seat short).
REVIEW_VERSION = 3


def review_to_json(review: HandReview) -> dict[str, Any]:
    """``{"version", "verdicts": [[play, seat, card, lost, [better cards], [[card, seat], ...]],
    ...], "worth"}``."""
    return {
        "version": REVIEW_VERSION,
        "verdicts": [
            [
                v.play,
                v.seat,
                v.card.code,
                v.lost,
                [card.code for card in v.better],
                [[card.code, seat] for card, seat in v.falls],
            ]
            for v in review.verdicts
        ],
        "worth": review.worth,
    }


def review_from_json(data: Any) -> HandReview | None:
    """The review `review_to_json` wrote, or None for anything else (another version)."""
    if not isinstance(data, dict) or data.get("version") != REVIEW_VERSION:
        return None
    verdicts = tuple(
        Verdict(
            play,
            seat,
            Card.parse(card),
            lost,
            tuple(Card.parse(code) for code in better),
            tuple((Card.parse(code), taker) for code, taker in falls),
        )
        for play, seat, card, lost, better, falls in data["verdicts"]
    )
    return HandReview(verdicts, data["worth"])
