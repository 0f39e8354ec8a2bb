"""Pieces of pictures kept to be drawn again without painting them: the least lately used
forgotten first, within a number of bytes.

A bound by bytes rather than by count: the pieces kept differ tenfold in size (the edge where two
of a hand's cards meet is some 6 KB, the strip of a card 30 KB), and what a process can spare is
memory. Each kind has a store of its own, sized to what a thousand busy tables reuse
(`docs/benchmarks.md`: the hit rates by kind and size); one piece used again at every table (a
card's strip) then never makes room for another used once. A store is shared by the drawing
threads: two that paint the same missing piece at once both paint it, and the same piece is kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

from isal import isal_zlib
from PIL import Image

from bot.render.png import COMPRESS_LEVEL, to_keep

Piece = TypeVar("Piece")

#: What Pillow holds for an image besides its pixels: a pointer to each row.
_ROW_POINTER = 8


def image_bytes(image: Image.Image) -> int:
    """The memory an image holds: its pixels, and a pointer a row."""
    pixel = 1 if image.mode in ("P", "L", "1") else 4
    return image.height * (image.width * pixel + _ROW_POINTER)


@dataclass(frozen=True, slots=True)
class PackedPiece:
    """A palette piece kept compressed. Some pieces are wanted again only once their table is
    drawn again, a thousand pictures later at a thousand busy tables: kept as pixels, a
    thousand tables' worth of them would take tens of MB, compressed some ten times less.
    Packing or unpacking one takes 10 to 40 us (a side seat's name to the header's column),
    painting it again 100 to 250."""

    size: tuple[int, int]
    data: bytes

    @classmethod
    def of(cls, piece: Image.Image) -> PackedPiece:
        if piece.mode != "P":
            raise ValueError(f"a palette piece is packed, not a {piece.mode!r} one")
        return cls(piece.size, to_keep(isal_zlib.compress(piece.tobytes(), COMPRESS_LEVEL)))

    def unpacked(self) -> Image.Image:
        return Image.frombytes("P", self.size, isal_zlib.decompress(self.data))


class Kept(Generic[Piece]):
    """Pieces by what they show, the least lately used forgotten first once they hold more
    than ``most_bytes`` (each measured by ``size_of``)."""

    def __init__(self, most_bytes: int, size_of: Callable[[Piece], int]) -> None:
        self._most = most_bytes
        self._size_of = size_of
        self._pieces: OrderedDict[Hashable, tuple[Piece, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, shows: Hashable) -> Piece | None:
        """The piece kept for ``shows`` (None: nothing kept, or not worth keeping)."""
        if shows is None:
            return None
        with self._lock:
            kept = self._pieces.get(shows)
            if kept is None:
                return None
            self._pieces.move_to_end(shows)
            return kept[0]

    def keep(self, shows: Hashable, piece: Piece) -> None:
        """Keep ``piece`` for ``shows`` (None: not worth keeping), forgetting the least lately
        used pieces beyond the bound."""
        if shows is None:
            return
        size = self._size_of(piece)
        with self._lock:
            replaced = self._pieces.pop(shows, None)
            if replaced is not None:
                self._bytes -= replaced[1]
            self._pieces[shows] = (piece, size)
            self._bytes += size
            while self._bytes > self._most and len(self._pieces) > 1:
                _, (_, forgotten) = self._pieces.popitem(last=False)
                self._bytes -= forgotten

    def clear(self) -> None:
        with self._lock:
            self._pieces.clear()
            self._bytes = 0

    @property
    def bytes(self) -> int:
        """What the pieces kept hold, as ``size_of`` measures them."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._pieces)


class _Shows(list[Hashable]):
    """A painting's arguments, hashed once (as `functools.lru_cache` does): a store looks a key
    up twice (found, then moved to the end), and cards hash in Python."""

    __slots__ = ("_hash",)

    def __init__(self, shows: tuple[Hashable, ...]) -> None:
        super().__init__(shows)
        self._hash = hash(shows)

    def __hash__(self) -> int:  # type: ignore[override]  # never changed once made
        return self._hash


class KeptPainting(Generic[Piece]):
    """``paint`` called through a `Kept` store: a piece painted for the same arguments lately
    is taken from it. ``painted`` counts the pieces painted (what was not found kept)."""

    def __init__(
        self, paint: Callable[..., Piece], most_bytes: int, size_of: Callable[[Piece], int]
    ) -> None:
        self._paint = paint
        self.kept: Kept[Piece] = Kept(most_bytes, size_of)
        self.painted = 0

    def __call__(self, *shows: Hashable) -> Piece:
        key = _Shows(shows)
        piece = self.kept.get(key)
        if piece is None:
            piece = self._paint(*shows)
            self.painted += 1
            self.kept.keep(key, piece)
        return piece
