"""The pieces of pictures kept are bounded by the bytes they hold, the least lately used
forgotten first, whatever their number."""

from __future__ import annotations

from PIL import Image

from bot.render.kept import Kept, KeptPainting, image_bytes


def _sized(text: str) -> int:
    return len(text)


def test_pieces_beyond_the_bytes_are_forgotten_the_least_lately_used_first() -> None:
    kept: Kept[str] = Kept(10, _sized)
    kept.keep("a", "xxxx")
    kept.keep("b", "xxxx")
    assert kept.get("a") == "xxxx"  # now used after b
    kept.keep("c", "xxxx")
    assert kept.get("b") is None
    assert kept.get("a") == kept.get("c") == "xxxx"
    assert len(kept) == 2 and kept.bytes == 8


def test_a_large_piece_makes_room_for_itself_by_its_size_not_one_piece() -> None:
    kept: Kept[str] = Kept(10, _sized)
    for name in "abcde":
        kept.keep(name, "xx")
    kept.keep("big", "x" * 9)
    assert len(kept) == 1 and kept.bytes == 9
    assert kept.get("big") == "x" * 9


def test_a_piece_kept_again_is_counted_once() -> None:
    kept: Kept[str] = Kept(10, _sized)
    kept.keep("a", "xxxx")
    kept.keep("a", "xxxxxx")
    assert len(kept) == 1 and kept.bytes == 6


def test_what_is_not_worth_keeping_is_neither_kept_nor_found() -> None:
    kept: Kept[str] = Kept(10, _sized)
    kept.keep(None, "xx")
    assert len(kept) == 0 and kept.get(None) is None


def test_a_kept_painting_paints_a_piece_once_while_it_is_kept() -> None:
    calls: list[tuple[int, int]] = []

    def paint(width: int, height: int) -> Image.Image:
        calls.append((width, height))
        return Image.new("P", (width, height))

    strips = KeptPainting(paint, 3 * image_bytes(Image.new("P", (10, 10))), image_bytes)
    first = strips(10, 10)
    assert strips(10, 10) is first
    for width in (11, 12, 13):
        strips(width, 10)
    assert strips.painted == 4 and len(calls) == 4
    assert strips(10, 10) is not first  # forgotten to make room for three wider ones
    assert strips.painted == 5


def test_the_image_bytes_are_its_pixels_and_a_pointer_a_row() -> None:
    assert image_bytes(Image.new("P", (16, 262))) == 262 * (16 + 8)
    assert image_bytes(Image.new("RGBA", (4, 2))) == 2 * (16 + 8)
