"""Strict mode for the catalogue tests that expect raising, restored afterwards."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import is_strict, set_strict


@pytest.fixture
def strict() -> Iterator[None]:
    before = is_strict()
    set_strict(True)
    yield
    set_strict(before)


@pytest.fixture
def lenient() -> Iterator[None]:
    before = is_strict()
    set_strict(False)
    yield
    set_strict(before)
