"""Fixtures shared by every test folder: a real SQLite store in a temporary directory."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest

from bot.i18n import is_strict, set_strict
from bot.store import Store


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    """Where this test's database file lives (inside a folder that does not exist yet)."""
    return tmp_path / "data" / "cinch.sqlite3"


@pytest.fixture
async def store(database_path: Path) -> AsyncIterator[Store]:
    """A migrated store on a fresh file, closed after the test."""
    opened = await Store.open(database_path)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(autouse=True)
def strict_catalogue() -> Iterator[None]:
    """Every test runs with strict message lookups: an unknown key or a missing placeholder
    fails the test instead of showing the key, as production does."""
    previous = is_strict()
    set_strict(True)
    yield
    set_strict(previous)


@pytest.fixture
def record_drawn_text(monkeypatch: pytest.MonkeyPatch) -> Callable[..., list[str]]:
    """Start recording every string the given picture modules hand to `draw_text`.

    The picture tests use it to check that every word drawn came from the scene's words.
    """

    def record(*modules: ModuleType) -> list[str]:
        texts: list[str] = []
        for module in modules:
            original = module.draw_text

            def draw_and_record(image, xy, text, *args, _original=original, **kwargs):
                texts.append(text)
                return _original(image, xy, text, *args, **kwargs)

            monkeypatch.setattr(module, "draw_text", draw_and_record)
        return texts

    return record
