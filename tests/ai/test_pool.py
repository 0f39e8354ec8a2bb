"""The decision pool gives the same legal actions as inline decisions, from worker processes,
and tells its observer how many searches wait for a worker and how long each waited."""

from __future__ import annotations

import asyncio
import pickle

import pytest

from bot.ai.decide import may_search
from bot.ai.pool import DecisionPool, decide_seeded
from bot.engine import BidDecision, Game


def _view_to_play() -> tuple[Game, int]:
    game = Game.new(players=4, seed=7, first_dealer=0)
    seat = game.to_act
    assert seat is not None
    return game, seat


@pytest.mark.slow
async def test_hards_bid_runs_in_a_worker_and_matches_inline() -> None:
    # hard plays deals out to bid: far too long for the event loop.
    game, seat = _view_to_play()
    view = game.view(seat)
    assert isinstance(view.decision, BidDecision)
    pool = DecisionPool(workers=1)
    try:
        from_worker = await pool.decide(view, "hard", seed=11)
        assert pool._executor is not None
        inline = decide_seeded(view, "hard", 11, None)
        assert from_worker == inline
        game.apply(seat, from_worker)
    finally:
        pool.close()


@pytest.mark.slow
async def test_hints_come_from_a_worker() -> None:
    game, seat = _view_to_play()
    view = game.view(seat)
    pool = DecisionPool(workers=1)
    try:
        action, (key, params) = await pool.hint(view, seed=2, budget=4400)
        assert key.startswith("hint.")
        assert isinstance(params, dict)
        game.apply(seat, action)
    finally:
        pool.close()


async def test_inline_levels_need_no_worker() -> None:
    game, seat = _view_to_play()
    pool = DecisionPool()
    action = await pool.decide(game.view(seat), "easy", seed=3)
    game.apply(seat, action)
    assert pool._executor is None
    pool.close()


def test_views_and_actions_pickle() -> None:
    game, seat = _view_to_play()
    view = game.view(seat)
    copy = pickle.loads(pickle.dumps(view))
    assert copy == view
    assert all(a is b for a, b in zip(copy.hand, view.hand, strict=True))


def test_only_the_levels_that_play_deals_out_bid_in_a_worker() -> None:
    game, seat = _view_to_play()
    view = game.view(seat)
    assert isinstance(view.decision, BidDecision)
    assert may_search(view, "normal") and may_search(view, "hard")
    assert not may_search(view, "easy") and not may_search(view, "baseline")


class WaitRecorder:
    """Keeps what the pool tells its observer."""

    def __init__(self) -> None:
        self.waiting: list[int] = []
        self.waits: list[float] = []

    def decisions_waiting(self, count: int) -> None:
        self.waiting.append(count)

    def decision_waited(self, seconds: float) -> None:
        self.waits.append(seconds)


async def test_searches_beyond_the_workers_wait_and_each_wait_is_told() -> None:
    game, seat = _view_to_play()
    view = game.view(seat)
    recorder = WaitRecorder()
    pool = DecisionPool(workers=1, observer=recorder)
    try:
        # Three searches asked at once: one runs, two wait; each leaves in turn.
        hints = await asyncio.gather(*(pool.hint(view, seed, budget=300) for seed in range(3)))
        assert len(hints) == 3
        assert recorder.waiting == [0, 1, 2, 1, 0, 0]
        assert len(recorder.waits) == 3 and min(recorder.waits) >= 0
        # A decision made inline waits for no worker.
        await pool.decide(view, "easy", seed=3)
        assert len(recorder.waiting) == 6 and len(recorder.waits) == 3
    finally:
        pool.close()
