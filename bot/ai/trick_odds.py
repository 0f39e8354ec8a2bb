"""Facts about the trick in progress that the rule-based players reason with."""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

from bot.ai.bits import TRUMP_BLOCK
from bot.ai.knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class TrickState:
    """The trick so far, seen by the seat about to play to it."""

    #: Block of the card led (-1 before the lead).
    led: int
    #: Seat and bit of the card winning so far (-1 before the lead).
    winner: int
    best: int
    #: Points in the trick so far (cards thrown to the first trick included).
    points: int
    #: Seats still to play after this one.
    after: tuple[int, ...]


def trick_state(k: Knowledge) -> TrickState:
    led = winner = best = -1
    points = k.bonus
    for seat, bit in k.trick:
        if led == -1:
            led, winner, best = k.layout.block[bit], seat, bit
        elif beats(k, bit, best, led):
            winner, best = seat, bit
        points += k.layout.points[bit]
    start = k.leader
    seats = [(start + step) % k.players for step in range(k.players)]
    played = {seat for seat, _ in k.trick}
    after = tuple(
        seat for seat in seats if seat not in played and seat != k.me and k.hand_sizes[seat]
    )
    return TrickState(led, winner, best, points, after)


def beats(k: Knowledge, bit: int, best: int, led: int) -> bool:
    block = k.layout.block[bit]
    return block in (TRUMP_BLOCK, led) and bit > best


def beaters(k: Knowledge, best: int, led: int) -> int:
    """Every card that would beat `best` on a trick led in block `led`."""
    above = ~((1 << (best + 1)) - 1)
    trumps = k.trump_mask & above
    if k.layout.block[best] == TRUMP_BLOCK:
        return trumps
    return trumps | (k.layout.block_mask[led] & above)


def chance_to_beat(k: Knowledge, seat: int, best: int, led: int) -> float:
    """Chance that `seat` holds a card beating `best`, from a hypergeometric estimate."""
    possible = beaters(k, best, led) & k.can_hold(seat)
    if not possible:
        return 0.0
    if k.min_trumps[seat] and (possible & k.trump_mask) == (k.can_hold(seat) & k.trump_mask):
        return 1.0
    pool = k.can_hold(seat).bit_count()
    size = min(k.hand_sizes[seat], pool)
    good = possible.bit_count()
    return 1.0 - comb(pool - good, size) / comb(pool, size)


def chance_safe(k: Knowledge, state: TrickState, best: int, winner: int, led: int) -> float:
    """Chance that the card `best` played by `winner` still wins once the seats after play."""
    safe = 1.0
    for seat in state.after:
        if k.side_of[seat] != k.side_of[winner]:
            safe *= 1.0 - chance_to_beat(k, seat, best, led)
    return safe
