"""The pictures' PNG writer: any PNG reader gives back the very pixels and colours written."""

from __future__ import annotations

import io
import itertools
import random
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from bot.render import examples, render_hand, render_table
from bot.render.png import _adler32_combine, deflated_rows, png_bytes, png_of_rows, to_keep
from bot.render.table_picture import paint_table, table_palette


def _read(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as image:
        image.load()
        assert image.format == "PNG"
        return image.copy()


def _palette_picture(width: int, height: int, colours: int, seed: int) -> Image.Image:
    rng = random.Random(seed)
    picture = Image.new("P", (width, height))
    picture.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    picture.putdata([rng.randrange(colours) for _ in range(width * height)])
    return picture


@pytest.mark.parametrize(
    ("width", "height", "colours"), [(1, 1, 1), (1, 40, 2), (37, 3, 16), (300, 200, 256)]
)
def test_a_written_picture_reads_back_with_the_same_pixels_and_colours(
    width: int, height: int, colours: int
) -> None:
    picture = _palette_picture(width, height, colours, seed=width * height)
    read = _read(png_bytes(picture))
    assert read.mode == "P"
    assert read.size == (width, height)
    assert read.tobytes() == picture.tobytes()
    assert read.convert("RGB").tobytes() == picture.convert("RGB").tobytes()


def test_a_table_reads_back_as_the_picture_pillow_would_have_written() -> None:
    reduced = paint_table(examples.table_in_play()).quantize(
        palette=table_palette(), dither=Image.Dither.NONE
    )
    by_pillow = io.BytesIO()
    reduced.save(by_pillow, format="PNG")
    ours = _read(png_bytes(reduced))
    theirs = _read(by_pillow.getvalue())
    assert ours.tobytes() == theirs.tobytes()
    assert ours.convert("RGB").tobytes() == theirs.convert("RGB").tobytes()


def test_the_pictures_are_compressed() -> None:
    """A table's 720 x 726 pixels are some 520 KB unpacked: the file is a small part of it."""
    table = render_table(examples.table_in_play())
    assert len(table) < 720 * 726 // 10
    assert len(render_hand(examples.hand_to_play())) < 60_000


def test_only_a_palette_picture_is_written() -> None:
    with pytest.raises(ValueError, match="palette"):
        png_bytes(Image.new("RGB", (4, 4)))


@pytest.mark.parametrize("cuts", [(), (1,), (3, 17), (1, 2, 3, 39)])
def test_bands_compressed_on_their_own_read_back_as_the_whole_picture(
    cuts: tuple[int, ...],
) -> None:
    picture = _palette_picture(53, 40, 256, seed=len(cuts))
    edges = (0, *cuts, picture.height)
    bands = [
        deflated_rows(picture.crop((0, top, picture.width, bottom)))
        for top, bottom in itertools.pairwise(edges)
    ]
    read = _read(png_of_rows(picture.size, picture, bands))
    assert read.tobytes() == picture.tobytes()
    assert read.convert("RGB").tobytes() == picture.convert("RGB").tobytes()


@given(st.binary(max_size=300), st.binary(max_size=300), st.integers(0, 200_000))
def test_the_checksum_of_two_strings_is_combined_from_each_ones(
    first: bytes, second: bytes, zeros: int
) -> None:
    second += bytes(zeros)  # long enough to wrap the sums
    combined = _adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second))
    assert combined == zlib.adler32(first + second)


def test_compressed_bytes_to_keep_are_a_copy_of_their_own_size() -> None:
    """A band kept long is not the compressor's own output, whose block is the size of what
    was compressed: it is the same bytes in a block of their own."""
    rows = bytes(range(256)) * 64
    compressed = zlib.compress(rows)
    kept = to_keep(compressed)
    assert kept == compressed
    assert kept is not compressed
    assert zlib.decompress(kept) == rows
