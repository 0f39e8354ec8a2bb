"""The daily deal's fixtures: the dealt store and the workers (``dealt_store.py``), and the
daily deals' service over them."""

from __future__ import annotations

import pytest

from bot.ai.pool import DecisionPool
from bot.daily import DailyDeals
from bot.store import Store
from tests.daily.dealt_store import clock, store

__all__ = ["clock", "daily", "store"]


@pytest.fixture
def daily(store: Store, decisions: DecisionPool) -> DailyDeals:
    return DailyDeals(store, decisions)
