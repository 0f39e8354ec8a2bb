"""Table edits are folded together: settled changes show at once, unsettled ones wait for the
next settled one (or the longest delay), and edits never come faster than the interval."""

from __future__ import annotations

import pytest

from bot.service.showing.coalesce import EditCoalescer
from tests.service.tables import ManualClock

TABLE = 7


class Shown:
    def __init__(self, clock: ManualClock) -> None:
        self.clock = clock
        self.flushes: list[tuple[float, int, bool]] = []

    async def __call__(self, key: int, repost: bool) -> None:
        self.flushes.append((self.clock.now, key, repost))


@pytest.fixture
def shown(clock) -> Shown:
    return Shown(clock)


@pytest.fixture
async def coalescer(clock, shown):
    edits = EditCoalescer(shown, sleep=clock.sleep, min_interval=1.0, max_delay=5.0)
    yield edits
    await edits.close()


async def test_a_settled_change_shows_at_once(clock, shown, coalescer):
    coalescer.mark(TABLE, settled=True)
    await clock.settle(coalescer)
    assert shown.flushes == [(0.0, TABLE, False)]


async def test_unsettled_changes_wait_for_the_settled_one(clock, shown, coalescer):
    for _ in range(3):
        coalescer.mark(TABLE, settled=False)
        await clock.advance(coalescer, 1.0)
    assert shown.flushes == []
    coalescer.mark(TABLE, settled=True)
    await clock.settle(coalescer)
    assert shown.flushes == [(3.0, TABLE, False)]


async def test_a_long_run_of_unsettled_changes_still_shows(clock, shown, coalescer):
    for _ in range(8):
        coalescer.mark(TABLE, settled=False)
        await clock.advance(coalescer, 1.0)
    assert [when for when, _, _ in shown.flushes] == [5.0]


async def test_edits_never_come_faster_than_the_interval(clock, shown, coalescer):
    for _ in range(4):
        coalescer.mark(TABLE, settled=True)
        await clock.advance(coalescer, 0.25)
    await clock.advance(coalescer, 2.0)
    assert [when for when, _, _ in shown.flushes] == [0.0, 1.0]


async def test_a_repost_is_remembered_until_shown(clock, shown, coalescer):
    coalescer.mark(TABLE, settled=False, repost=True)
    coalescer.mark(TABLE, settled=True)
    await clock.settle(coalescer)
    assert shown.flushes == [(0.0, TABLE, True)]
    coalescer.mark(TABLE, settled=True)
    await clock.advance(coalescer, 1.0)
    assert shown.flushes[-1] == (1.0, TABLE, False)


async def test_tables_are_independent(clock, shown, coalescer):
    coalescer.mark(1, settled=True)
    coalescer.mark(2, settled=True)
    await clock.settle(coalescer)
    assert sorted(key for _, key, _ in shown.flushes) == [1, 2]
