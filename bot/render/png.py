"""A 256-colour picture written as PNG bytes, compressed by ISA-L's deflate.

Every picture the bot sends is a palette picture ("P", one byte a pixel): a table is some
520,000 bytes to compress. zlib's fastest level took 1.1 to 1.4 ms of a 3.5 ms table picture;
ISA-L's deflate (the `isal` package) takes 0.15 ms and writes a smaller file (some 25 KB
against 29 KB), so the pictures are written here rather than by Pillow's encoder, which only
knows zlib. The file is the plainest PNG: the header, the palette, the pixels (each row
unfiltered, as Pillow writes palette pictures too) and the end; any PNG reader gives back the
very pixels Pillow would have written.

A picture whose parts are kept from one drawing to the next can keep them compressed
(`deflated_rows`): each band of rows is compressed on its own, ending on a byte boundary, and
a PNG of bands kept and bands just drawn (`png_of_rows`) joins their compressed bytes into one
stream, compressing only the new ones.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Sequence
from dataclasses import dataclass

from isal import isal_zlib
from PIL import Image

SIGNATURE = b"\x89PNG\r\n\x1a\n"
#: ISA-L's levels run from 0 to 3; 1 is as fast as 0 and smaller, 3 several times slower.
COMPRESS_LEVEL = 1
#: The header's fixed fields: 8 bits a pixel, colour type 3 (palette), deflate, the standard
#: filters, no interlacing.
BIT_DEPTH, PALETTE_COLOUR, DEFLATE, STANDARD_FILTERS, NOT_INTERLACED = 8, 3, 0, 0, 0
#: Deflate without zlib's header and checksum, for bands joined into one stream.
RAW_DEFLATE = -15
#: A zlib stream's header: deflate with a 32 KB window, the fastest level (its check bits
#: make the two bytes a multiple of 31).
ZLIB_HEADER = b"\x78\x01"
#: The stream's last block: empty, its codes fixed.
LAST_BLOCK = b"\x03\x00"
#: Adler-32's modulus.
ADLER_BASE = 65521


def png_bytes(picture: Image.Image) -> bytes:
    """``picture`` (a "P" image) as the bytes of a PNG file."""
    _require_palette(picture)
    compressed = isal_zlib.compress(_rows(picture), COMPRESS_LEVEL)
    return _png(picture.size, _palette(picture), compressed)


@dataclass(frozen=True, slots=True)
class DeflatedRows:
    """A band of a palette picture's rows as a PNG stores them, compressed on their own."""

    #: Raw deflate ending on a byte boundary, not the stream's last block.
    data: bytes
    #: The Adler-32 of the rows' bytes, and how many they are.
    adler: int
    length: int


def deflated_rows(band: Image.Image) -> DeflatedRows:
    """``band`` (a "P" image: some of a picture's rows, the picture's width) compressed on
    its own, to be joined to others by `png_of_rows`."""
    _require_palette(band)
    rows = _rows(band)
    compressor = isal_zlib.compressobj(COMPRESS_LEVEL, isal_zlib.DEFLATED, RAW_DEFLATE)
    data = compressor.compress(rows) + compressor.flush(isal_zlib.Z_FULL_FLUSH)
    return DeflatedRows(to_keep(data), isal_zlib.adler32(rows), len(rows))


def to_keep(compressed: bytes) -> bytes:
    """``compressed`` bytes copied to a block of their own size, to be kept long. Compressing
    writes into a block the size of what it compresses and shrinks it in place, and the rest
    of that block stays free only until something smaller is put there: kept as they come,
    a thousand busy tables' bands and pieces left 30 MB of such holes in the heap."""
    return bytes(memoryview(compressed))


def png_of_rows(
    size: tuple[int, int], palette: Image.Image, bands: Sequence[DeflatedRows]
) -> bytes:
    """The PNG of a palette picture of ``size`` in the colours of ``palette`` (a "P" image),
    its rows the ``bands``, top to bottom."""
    _require_palette(palette)
    adler = 1  # of no bytes
    for band in bands:
        adler = _adler32_combine(adler, band.adler, band.length)
    stream = b"".join(
        (ZLIB_HEADER, *(band.data for band in bands), LAST_BLOCK, struct.pack(">I", adler))
    )
    return _png(size, _palette(palette), stream)


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings one after the other, from each one's (zlib's
    ``adler32_combine``, which Python does not offer)."""
    remainder = second_length % ADLER_BASE
    low = first & 0xFFFF
    high = (remainder * low) % ADLER_BASE
    low = (low + (second & 0xFFFF) + ADLER_BASE - 1) % ADLER_BASE
    high = (high + (first >> 16) + (second >> 16) + ADLER_BASE - remainder) % ADLER_BASE
    return low | (high << 16)


def _require_palette(picture: Image.Image) -> None:
    if picture.mode != "P":
        raise ValueError(f"a palette picture is written, not a {picture.mode!r} one")


def _palette(picture: Image.Image) -> bytes:
    """A palette picture's colours, as PNG's palette holds them (256 at most)."""
    return bytes(picture.getpalette("RGB") or [0, 0, 0])[: 3 * 256]


def _png(size: tuple[int, int], palette: bytes, compressed: bytes) -> bytes:
    """A PNG of ``size`` in the colours of ``palette`` whose pixels are ``compressed`` (a
    zlib stream of its rows)."""
    width, height = size
    header = struct.pack(
        ">IIBBBBB",
        width,
        height,
        BIT_DEPTH,
        PALETTE_COLOUR,
        DEFLATE,
        STANDARD_FILTERS,
        NOT_INTERLACED,
    )
    return b"".join(
        (
            SIGNATURE,
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", compressed),
            _chunk(b"IEND", b""),
        )
    )


def _rows(picture: Image.Image) -> bytes:
    """The pixels as PNG stores them: each row after its filter byte, 0 (none). Pasted one
    column to the right in a picture whose first column is index 0, each row's bytes are
    exactly that, in one copy instead of a join of every row."""
    width, height = picture.size
    framed = Image.new("P", (width + 1, height), 0)
    framed.paste(picture, (1, 0))
    return framed.tobytes()


def _chunk(kind: bytes, data: bytes) -> bytes:
    """A PNG chunk: its length, its kind, its data and the CRC of kind and data."""
    crc = zlib.crc32(data, zlib.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
