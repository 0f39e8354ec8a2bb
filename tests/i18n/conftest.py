"""Lenient mode, for the catalogue tests of production fall-backs (tests are strict otherwise)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import is_strict, set_strict


@pytest.fixture
def lenient() -> Iterator[None]:
    before = is_strict()
    set_strict(False)
    yield
    set_strict(before)
