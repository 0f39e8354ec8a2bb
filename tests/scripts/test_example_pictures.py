"""The example pictures in `docs/img/`: each drawn by `scripts/make_examples.py` and shown in
the README or a page of the docs, and each picture a page shows is there."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PICTURES = ROOT / "docs" / "img"
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _shown() -> set[str]:
    """Every picture of `docs/img/` a page links to."""
    return {
        match
        for page in PAGES
        for match in re.findall(r"\]\((?:docs/)?img/([\w.-]+\.png)\)", page.read_text("utf-8"))
    }


def _drawn() -> set[str]:
    """Every picture `make_examples.py` draws (its `PICTURES` keys, read from its source so the
    test does not run it)."""
    source = (ROOT / "scripts" / "make_examples.py").read_text("utf-8")
    table = source[source.index("PICTURES = {") :]
    return set(re.findall(r'^\s+"([\w.-]+\.png)":', table[: table.index("\n}\n")], re.MULTILINE))


def test_every_example_picture_is_drawn_by_the_script_and_shown_in_the_docs() -> None:
    present = {path.name for path in PICTURES.glob("*.png")}
    assert present == _drawn()
    assert present == _shown()
