"""Finding double-dummy puzzles in finished hands: positions where exactly one card (or a run of
equivalent cards) keeps the side's best result and every other card costs at least two points.

Every card of a finished hand is known, so each position its play went through can be solved
exactly (`bot.ai.solver`): the value of each legal card is the points the side to play still
takes from that trick to the end of the hand, everybody then playing perfectly. A position is
a puzzle when:

- the seat to play has at least `MIN_CARDS` legal cards;
- the cards worth the best are one run of equivalent cards (one card, or touching cards the
  solver cannot tell apart);
- every other legal card costs at least `MIN_COST` points;
- the answer is not the highest legal card (trumps above plain cards, then by rank), so playing
  the top card never solves one.

Only hands of four players in two partnerships are searched, as puzzles say "South to play,
with North". This module runs in the computer players' worker processes: its inputs and
answers are plain, picklable values.
"""

from __future__ import annotations

import gc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from bot.ai.bits import LAYOUTS, TRUMP_BLOCK, BitLayout
from bot.ai.review import PlayPosition
from bot.ai.slices import WarmCache, slice_over
from bot.ai.solver import Solver
from bot.engine import Card, Suit

#: Legal cards the seat to play must have.
MIN_CARDS = 3
#: What every wrong card must cost, in points.
MIN_COST = 2


@dataclass(frozen=True, slots=True)
class Found:
    """A puzzle found at one play of a hand."""

    #: Which play of the hand (0 for the first card led): the position before it.
    play: int
    #: Each legal card and the points the side to play takes from there on with it.
    values: tuple[tuple[Card, int], ...]
    #: The cards that keep the best (one run of equivalent cards).
    best: tuple[Card, ...]
    #: One perfect continuation after the best card: each trick to the end, its winner, the
    #: points it carries and its cards (the current trick first, with the cards in it).
    line: tuple[tuple[int, int, tuple[tuple[int, Card], ...]], ...]

    @property
    def cost(self) -> int:
        """What the cheapest wrong card costs."""
        best = max(value for _, value in self.values)
        return min(best - value for card, value in self.values if card not in self.best)


def _highest(layout: BitLayout, bits: Sequence[int]) -> set[int]:
    """The highest of `bits`: trumps above plain cards, then by rank (equal ranks of two plain
    suits are both highest)."""

    def rank(bit: int) -> tuple[bool, int]:
        block = layout.block[bit]
        return block == TRUMP_BLOCK, bit - layout.block_base[block]

    top = max(rank(bit) for bit in bits)
    return {bit for bit in bits if rank(bit) == top}


@dataclass(frozen=True, slots=True)
class Hunt:
    """A finished hand searched for puzzles one position after another: the positions before
    `next` are searched, and gave `found`."""

    plays: tuple[PlayPosition, ...]
    trump: Suit
    side_of: tuple[int, ...]
    points: Mapping[Card, int]
    next: int = 0
    found: tuple[Found, ...] = ()

    @property
    def done(self) -> bool:
        return self.next >= len(self.plays) or not _two_partnerships(self.side_of)


def _two_partnerships(side_of: Sequence[int]) -> bool:
    return len(side_of) == 4 and len(set(side_of)) == 2


#: The solvers of the hand searched last in this process (their tables serve its next slice).
_SOLVERS: WarmCache[dict[int, Solver]] = WarmCache()


def hunt_until(hunt: Hunt, deadline: float | None) -> Hunt:
    """`hunt` carried on until its positions are all searched, or until `deadline`
    (`bot.ai.slices`), with at least one position searched."""
    if hunt.done:
        return hunt
    layout = LAYOUTS[hunt.trump]
    scores = tuple(hunt.points.get(card, 0) for card in layout.card)
    first = hunt.plays[0]
    solvers = _SOLVERS.get((hunt.trump, hunt.side_of, scores, first.hands, first.leader), dict)
    found = list(hunt.found)
    index = hunt.next
    enabled = gc.isenabled()
    gc.disable()  # as in the review: the search's many small tuples form no cycles
    try:
        while index < len(hunt.plays):
            position = hunt.plays[index]
            side = hunt.side_of[position.seat]
            solver = solvers.get(side)
            if solver is None:
                solver = solvers[side] = Solver(layout, hunt.side_of, side, points=scores)
            puzzle = _puzzle(solver, layout, index, position)
            if puzzle is not None:
                found.append(puzzle)
            index += 1
            if deadline is not None and slice_over(deadline):
                break
    finally:
        if enabled:
            gc.enable()
    return replace(hunt, next=index, found=tuple(found))


def find_puzzles(
    plays: Sequence[PlayPosition],
    trump: Suit,
    side_of: Sequence[int],
    points: Mapping[Card, int],
) -> tuple[Found, ...]:
    """Every puzzle among the positions of a finished hand's `plays`, in play order; `points`
    is what each card scores for the trick's winner this hand (`engine.capture_points`)."""
    return hunt_until(Hunt(tuple(plays), trump, tuple(side_of), points), None).found


def _puzzle(solver: Solver, layout: BitLayout, index: int, position: PlayPosition) -> Found | None:
    hands = [layout.mask(hand) for hand in position.hands]
    trick = [(seat, layout.bit[card]) for seat, card in position.trick]
    groups = solver.move_groups(hands, trick, position.leader, position.bonus)
    legal = [bit for group in groups for bit in group]
    if len(legal) < MIN_CARDS:
        return None
    values = solver.move_values(hands, trick, position.leader, position.bonus)
    best = max(values.values())
    best_bits = sorted(bit for bit in legal if values[bit] == best)
    if len(best_bits) == len(legal) or not any(sorted(group) == best_bits for group in groups):
        return None  # no wrong card, or the best is not one card or one run of equivalent cards
    if min(best - values[bit] for bit in legal if bit not in best_bits) < MIN_COST:
        return None
    if _highest(layout, legal) & set(best_bits):
        return None
    after = list(hands)
    answer = best_bits[-1]
    after[position.seat] ^= 1 << answer
    played = [*trick, (position.seat, answer)]
    tricks = solver.line(after, played, position.leader, position.bonus, best)
    return Found(
        play=index,
        values=tuple((layout.card[bit], values[bit]) for bit in sorted(legal, reverse=True)),
        best=tuple(layout.card[bit] for bit in reversed(best_bits)),
        line=tuple(
            (
                winner,
                sum(solver.points[bit] for _, bit in cards) + (position.bonus if not index else 0),
                tuple((seat, layout.card[bit]) for seat, bit in cards),
            )
            for index, (winner, cards) in enumerate(tricks)
        ),
    )
