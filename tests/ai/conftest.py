"""Computer-player tests run `hard` on its deterministic node budget alone.

Its wall-clock guard (a busy machine cuts the search short) would make decisions depend on the
load of the machine running the tests.
"""

from __future__ import annotations

import pytest

import bot.ai.hard


@pytest.fixture(autouse=True)
def no_wall_clock_guard(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bot.ai.hard, "DEADLINE_FACTOR", 1000.0)
