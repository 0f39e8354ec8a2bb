"""Text drawing with per-character font fallback, so any name renders without missing glyphs.

Player names are arbitrary Unicode: accents, CJK, emoji, "fancy" mathematical letters. The
shipped fonts (see `fonts/README.md`) are tried in order for each character; a character none
of them has is first replaced by its compatibility form (NFKC turns `𝓙𝓸𝓮` into `Joe`) and
otherwise by a question mark, so nothing is ever drawn as an empty box.

Fonts are loaded once per process and shared; on the GIL build of CPython Pillow holds the GIL
while it uses FreeType, so the shared fonts are safe from `asyncio.to_thread` workers.
"""

from __future__ import annotations

import struct
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont, features

from bot.package_data import shipped
from bot.render.kept import KeptPainting, image_bytes

FONT_DIR = shipped(__package__, "fonts")
#: Tried in this order for every character.
FONT_FILES = ("DejaVuSans-Bold.ttf", "DroidSansFallback-Common.ttf", "Symbola-Emoji.ttf")
REPLACEMENT = "?"
ELLIPSIS = "…"
#: Characters that only modify their neighbours (joiners, variation selectors, skin tones):
#: without colour-emoji sequences they would show as stray marks, so they are dropped.
_INVISIBLE = frozenset(
    (
        *(0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x20E3),
        *range(0xFE00, 0xFE10),
        *range(0x1F3FB, 0x1F400),
        *range(0xE0020, 0xE0080),
    )
)

#: Scripts whose letters change shape or order in context: Hebrew, Arabic, Syriac, Thaana, N'Ko,
#: the Indic scripts, Thai, Lao, and the Hebrew and Arabic presentation forms.
_SHAPED_RANGES = ((0x0590, 0x08FF), (0x0900, 0x0EFF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF))
_HAS_RAQM = features.check_feature("raqm")

Fill = tuple[int, int, int] | tuple[int, int, int, int]


def read_cmap(path: Path) -> frozenset[int]:
    """The code points a TrueType font maps, read from its `cmap` table (formats 4 and 12)."""
    data = path.read_bytes()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    tables = {
        data[12 + 16 * i : 16 + 16 * i]: struct.unpack_from(">I", data, 20 + 16 * i)[0]
        for i in range(num_tables)
    }
    cmap = tables[b"cmap"]
    (count,) = struct.unpack_from(">H", data, cmap + 2)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    if (3, 10) in subtables:
        return _cmap_format12(data, subtables[(3, 10)])
    return _cmap_format4(data, subtables[(3, 1)])


def _cmap_format12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    codes: set[int] = set()
    for i in range(groups):
        first, last, _glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        codes.update(range(first, last + 1))
    return frozenset(codes)


def _cmap_format4(data: bytes, at: int) -> frozenset[int]:
    (seg_x2,) = struct.unpack_from(">H", data, at + 6)
    ends = struct.unpack_from(f">{seg_x2 // 2}H", data, at + 14)
    starts = struct.unpack_from(f">{seg_x2 // 2}H", data, at + 16 + seg_x2)
    deltas = struct.unpack_from(f">{seg_x2 // 2}H", data, at + 16 + 2 * seg_x2)
    range_at = at + 16 + 3 * seg_x2
    offsets = struct.unpack_from(f">{seg_x2 // 2}H", data, range_at)
    codes: set[int] = set()
    for seg, (start, end) in enumerate(zip(starts, ends, strict=True)):
        for code in range(start, min(end, 0xFFFE) + 1):
            if offsets[seg] == 0:
                glyph = (code + deltas[seg]) & 0xFFFF
            else:
                glyph_at = range_at + 2 * seg + offsets[seg] + 2 * (code - start)
                (glyph,) = struct.unpack_from(">H", data, glyph_at)
            if glyph:
                codes.add(code)
    return frozenset(codes)


@cache
def _coverage() -> tuple[frozenset[int], ...]:
    return tuple(read_cmap(FONT_DIR / name) for name in FONT_FILES)


@cache
def fonts(size: int, shaped: bool = False) -> tuple[ImageFont.FreeTypeFont, ...]:
    """The fallback chain at one pixel size, loaded once per process.

    Pillow's basic layout places glyphs at FreeType's rounded advances, which reads evenly at
    small sizes; `shaped` fonts use Raqm (HarfBuzz) instead, needed only by scripts whose
    letters join or reorder (see `_needs_shaping`).
    """
    engine = ImageFont.Layout.RAQM if shaped and _HAS_RAQM else ImageFont.Layout.BASIC
    return tuple(
        ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=engine) for name in FONT_FILES
    )


def _needs_shaping(char: str) -> bool:
    code = ord(char)
    return any(low <= code <= high for low, high in _SHAPED_RANGES)


def _font_for(char: str) -> int | None:
    code = ord(char)
    for index, covered in enumerate(_coverage()):
        if code in covered:
            return index
    return None


def _clean_chars(char: str) -> str:
    """`char` if a font has it, else its NFKC form if fonts have that, else the replacement."""
    if ord(char) in _INVISIBLE or unicodedata.category(char) in ("Cc", "Cf"):
        return ""
    if _font_for(char) is not None or char.isspace():
        return char
    compatible = unicodedata.normalize("NFKC", char)
    if compatible != char and all(_font_for(c) is not None for c in compatible):
        return compatible
    if unicodedata.combining(char):
        return ""
    return REPLACEMENT


@lru_cache(maxsize=4096)
def clean(text: str) -> str:
    """`text` with every character one of the shipped fonts can draw."""
    normalised = unicodedata.normalize("NFC", text)
    return "".join(_clean_chars(char) for char in normalised)


@dataclass(frozen=True, slots=True)
class Run:
    """A stretch of text drawn with one font of the chain, shaped or not."""

    font: int
    shaped: bool
    text: str

    def font_object(self, size: int) -> ImageFont.FreeTypeFont:
        return fonts(size, self.shaped)[self.font]


@lru_cache(maxsize=4096)
def runs(text: str) -> tuple[Run, ...]:
    """Split cleaned text into runs that one font draws, shaped or not."""
    result: list[Run] = []
    for char in clean(text):
        font = _font_for(char)
        if font is None:  # a space no font has, e.g. an ideographic space
            font, char = 0, " "
        shaped = _needs_shaping(char)
        if result and (result[-1].font, result[-1].shaped) == (font, shaped):
            result[-1] = Run(font, shaped, result[-1].text + char)
        else:
            result.append(Run(font, shaped, char))
    return tuple(result)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int) -> int:
    """Width in pixels of `text` drawn at `size`."""
    return round(sum(run.font_object(size).getlength(run.text) for run in runs(text)))


@lru_cache(maxsize=4096)
def fit(text: str, size: int, max_width: int) -> str:
    """`text`, cleaned, shortened with an ellipsis if it is wider than `max_width` pixels."""
    cleaned = clean(text).strip()
    if text_width(cleaned, size) <= max_width:
        return cleaned
    low, high = 0, len(cleaned)
    while low < high:  # the longest prefix that fits together with the ellipsis
        middle = (low + high + 1) // 2
        if text_width(cleaned[:middle].rstrip() + ELLIPSIS, size) <= max_width:
            low = middle
        else:
            high = middle - 1
    return cleaned[:low].rstrip() + ELLIPSIS


def wrapped(text: str, size: int, max_width: int) -> list[str]:
    """`text` broken into lines no wider than `max_width` pixels, at its spaces (a no-break
    space keeps two words together; a word wider than that keeps a line of its own)."""
    lines: list[str] = []
    for word in clean(text).split(" "):
        if not word:
            continue
        if lines and text_width(f"{lines[-1]} {word}", size) <= max_width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


@cache
def _centre_to_baseline(size: int) -> float:
    """How far below a line's vertical centre its baseline sits, from the primary font."""
    ascent, descent = fonts(size)[0].getmetrics()
    return (ascent - descent) / 2


def _run_mask(run: Run, size: int) -> RunMask:
    """A run drawn once into an `L` mask, with the mask's offset from the pen position and
    how far the pen moves past the run."""
    font = run.font_object(size)
    left, top, right, bottom = (int(edge) for edge in font.getbbox(run.text, anchor="ls"))
    mask = Image.new("L", (max(right - left, 1), max(bottom - top, 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), run.text, font=font, fill=255, anchor="ls")
    return RunMask(mask, left, top, font.getlength(run.text))


class RunMask(NamedTuple):
    """A run of text drawn into an `L` mask: where the mask lies from the pen position, and
    how far the pen moves past the run."""

    mask: Image.Image
    left: int
    top: int
    advance: float


#: What a run kept holds besides its mask's pixels: its key and entry, and the mask's objects
#: (Pillow's image and its memory block), measured in a process.
RUN_BYTES = 1000


def run_bytes(run: RunMask) -> int:
    """The memory a run kept holds: its mask, and what the run adds."""
    return RUN_BYTES + image_bytes(run.mask)


#: Bytes of runs of text kept drawn (some 4.7 KB each): a table picture writes a dozen lines,
#: its players' names in several of them, and a thousand busy tables seating people of their
#: own wrote some 5,000 different runs in 20 s, 24 MB. Kept within 16 MB (3,600 runs) a line
#: cost some 10 us more (`docs/benchmarks.md`, "Tables seated with names of their own"). Since
#: every seat's name, and the header's columns, are kept drawn in the table's pieces, a table
#: picture writes few lines: within 8 MB, 33 more runs a second were drawn again at a thousand
#: busy tables, 1,800 in 55 s ("The side seats' panels and the header's columns kept
#: packed").
KEPT_TEXT_BYTES = 8 * 2**20
run_masks: KeptPainting[RunMask] = KeptPainting(_run_mask, KEPT_TEXT_BYTES, run_bytes)


def aligned_left(x: float, width: float, align: str) -> float:
    """Where a line `width` wide starts when `align` ("left", "centre", "right") places it at x."""
    return x - {"left": 0, "centre": width / 2, "right": width}[align]


def draw_text(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: Fill,
    align: str = "left",
    max_width: int | None = None,
) -> int:
    """Draw one line vertically centred on `xy[1]`; `align` places it left/centre/right of x.

    Returns the width drawn. With `max_width` the text is shortened to fit first. The same
    names and labels are drawn on every picture of a game, so their runs are kept drawn
    (`run_masks`), which saves most of the text's cost.
    """
    line = fit(text, size, max_width) if max_width is not None else clean(text)
    width = text_width(line, size)
    x = aligned_left(xy[0], width, align)
    baseline = round(xy[1] + _centre_to_baseline(size))
    for run in runs(line):
        mask, left, top, advance = run_masks(run, size)
        corner = (round(x) + left, baseline + top)
        image.paste(fill, (*corner, corner[0] + mask.width, corner[1] + mask.height), mask)
        x += advance
    return width
