"""Deterministic, unpredictable shuffles derived from a game's secret seed.

Each use (a hand's deck, the discard pile at a stock shortage, the draw for seats) gets its own
stream from SHAKE-256 over the seed and a label, so games replay exactly from their seed while
nobody can predict the cards without it.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_BYTES_PER_DRAW = 8


def new_seed() -> int:
    """A fresh secret seed for a new game (64 bits from the operating system's CSPRNG)."""
    return secrets.randbits(64)


class SeededStream:
    """An endless stream of random integers for one (seed, label) pair."""

    def __init__(self, seed: int, label: str) -> None:
        self._key = f"{seed}:{label}".encode()
        self._buffer = b""
        self._offset = 0
        self._blocks = 0

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound); the 64-bit draw makes the modulo bias negligible."""
        if self._offset + _BYTES_PER_DRAW > len(self._buffer):
            self._blocks += 1
            digest = hashlib.shake_256(self._key + b"#" + str(self._blocks).encode())
            self._buffer = digest.digest(64 * _BYTES_PER_DRAW)
            self._offset = 0
        chunk = self._buffer[self._offset : self._offset + _BYTES_PER_DRAW]
        self._offset += _BYTES_PER_DRAW
        return int.from_bytes(chunk, "big") % bound


def shuffled(items: Sequence[T], seed: int, label: str) -> list[T]:
    """A Fisher-Yates shuffle of `items` driven by the (seed, label) stream."""
    result = list(items)
    stream = SeededStream(seed, label)
    for i in range(len(result) - 1, 0, -1):
        j = stream.below(i + 1)
        result[i], result[j] = result[j], result[i]
    return result
