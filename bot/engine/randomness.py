"""Deterministic, unpredictable shuffles derived from a game's secret seed.

Each use (a hand's deck, the discard pile at a stock shortage, the draw for seats) gets its own
stream from SHAKE-256 over the seed and a label, so games replay exactly from their seed while
nobody can predict the cards without it.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import operator
import secrets
import struct
from collections.abc import Iterable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

#: 64 draws of 64 bits per hash call.
_BLOCK_DRAWS = 64


def new_seed() -> int:
    """A fresh secret seed for a new game (64 bits from the operating system's CSPRNG)."""
    return secrets.randbits(64)


def derived_seed(secret: str, label: str) -> int:
    """A seed (63 bits) made from a secret and what it is for: the same pair always gives the
    same seed, and nobody without the secret can tell it (SHA-256)."""
    digest = hashlib.sha256(f"{secret}:{label}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def _draws(seed: int, label: str, block: int, count: int = _BLOCK_DRAWS) -> tuple[int, ...]:
    """The first `count` of the `block`-th batch of 64 random 64-bit integers for (seed, label).

    SHAKE-256 output is a stream, so asking for fewer bytes gives the same first draws, and
    saves hashing the ones a short shuffle would throw away.
    """
    layout = _layout(count)
    digest = hashlib.shake_256(f"{seed}:{label}#{block}".encode()).digest(layout.size)
    return layout.unpack(digest)


@functools.cache
def _layout(count: int) -> struct.Struct:
    """`count` big-endian unsigned 64-bit integers."""
    return struct.Struct(f">{count}Q")


class SeededStream:
    """An endless stream of random integers for one (seed, label) pair."""

    def __init__(self, seed: int, label: str) -> None:
        self._values = _raw_values(seed, label)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound); the 64-bit draw makes the modulo bias negligible."""
        return next(self._values) % bound


def _raw_values(seed: int, label: str) -> Iterator[int]:
    """The 64-bit draws of (seed, label), one block after another."""
    for block in itertools.count(1):
        yield from _draws(seed, label, block)


def shuffled(items: Sequence[T], seed: int, label: str) -> list[T]:
    """A Fisher-Yates shuffle of `items` driven by the (seed, label) stream.

    Position i (from the last down to 1) swaps with the draw modulo i + 1. A whole deck needs
    only one block of draws, so that common case takes them straight from one hash call.
    """
    result = list(items)
    positions = range(len(result) - 1, 0, -1)
    if len(positions) <= _BLOCK_DRAWS:
        values: Iterable[int] = _draws(seed, label, 1, len(positions))
    else:
        values = _raw_values(seed, label)
    # Position i swaps with its draw modulo i + 1 (the map ends with the bounds).
    swaps = map(operator.mod, values, range(len(result), 1, -1))
    for i, j in zip(positions, swaps, strict=True):
        result[i], result[j] = result[j], result[i]
    return result
