"""Build the fonts shipped in `bot/render/fonts/` from Debian's font packages.

The pictures must draw any player name (accents, Greek, Cyrillic, Arabic, CJK, emoji) without
missing-glyph boxes, yet the repository should stay small. So the fonts are subsets with their
hinting removed: DejaVu Sans Bold for most scripts, Droid Sans Fallback for the common Chinese,
Japanese and Korean characters, and Symbola for emoji. Anything outside them is replaced by
the renderer (see `bot/render/lettering.py`).

Needs `pip install fonttools` and `apt-get install fonts-dejavu-core fonts-droid-fallback
fonts-symbola`. Run from the repository root: `python scripts/make_fonts.py`.
"""

from __future__ import annotations

import argparse
import shutil
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "bot" / "render" / "fonts"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
DROID = Path("/usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf")
SYMBOLA = Path("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf")

#: Everything DejaVu has except mathematical alphanumerics and Braille, which names rarely use.
DEJAVU_RANGES = [(0x0000, 0x27FF), (0x2900, 0xFFFF), (0x1F000, 0x1FFFF)]
#: Emoji and pictographs, the symbols people put in display names (less what DejaVu has).
SYMBOLA_RANGES = [
    (0x2300, 0x23FF),
    (0x2600, 0x27BF),
    (0x2B00, 0x2BFF),
    (0x1F300, 0x1F6FF),
    (0x1F900, 0x1F9FF),
]
CJK_SYMBOL_RANGES = [(0x3000, 0x30FF), (0x3130, 0x318F), (0x31F0, 0x31FF), (0xFF00, 0xFFEF)]


def _encodes_in(char: str, codec: str, width: int) -> bool:
    try:
        return len(char.encode(codec)) == width
    except UnicodeEncodeError:
        return False


def common_cjk() -> list[int]:
    """Hanzi/kanji of GB 2312, Big5 level 1 and JIS X 0208, and the 2,350 KS X 1001 hangul."""
    han = []
    for code in range(0x4E00, 0xA000):
        char = chr(code)
        big5 = char.encode("big5", "ignore")
        in_big5_level1 = len(big5) == 2 and 0xA440 <= int.from_bytes(big5, "big") <= 0xC67E
        if in_big5_level1 or _encodes_in(char, "gb2312", 2) or _encodes_in(char, "shift_jis", 2):
            han.append(code)
    hangul = [code for code in range(0xAC00, 0xD7A4) if _encodes_in(chr(code), "euc_kr", 2)]
    return han + hangul + _expand(CJK_SYMBOL_RANGES)


def _expand(ranges: list[tuple[int, int]]) -> list[int]:
    return [code for low, high in ranges for code in range(low, high + 1)]


def make_subset(source: Path, unicodes: list[int], target: Path) -> None:
    from fontTools import subset  # only building the fonts needs fontTools, not --help

    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=unicodes)
    subsetter.subset(font)
    subset.save_font(font, str(target), options)
    print(f"{target.name}: {target.stat().st_size // 1024} KB")


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    dejavu = _expand(DEJAVU_RANGES)
    make_subset(DEJAVU / "DejaVuSans-Bold.ttf", dejavu, OUT / "DejaVuSans-Bold.ttf")
    make_subset(DROID, common_cjk(), OUT / "DroidSansFallback-Common.ttf")
    from fontTools.ttLib import TTFont

    in_dejavu = set(TTFont(OUT / "DejaVuSans-Bold.ttf").getBestCmap())
    emoji = [code for code in _expand(SYMBOLA_RANGES) if code not in in_dejavu]
    make_subset(SYMBOLA, emoji, OUT / "Symbola-Emoji.ttf")
    shutil.copyfile("/usr/share/common-licenses/Apache-2.0", OUT / "LICENSE-Apache-2.0.txt")


if __name__ == "__main__":
    main()
