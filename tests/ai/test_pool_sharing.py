"""The decision pool shares its workers between tables: a flood of hints at one table lets
another table's computer move through, in real worker processes; and it has one worker per
core but one."""

from __future__ import annotations

import asyncio

import pytest

from bot.ai import pool as pool_module
from bot.ai.pool import MOST_WORKERS_BY_DEFAULT, DecisionPool, decide_seeded, default_workers
from bot.engine import Game


async def test_a_move_at_one_table_overtakes_a_flood_of_hints_at_another():
    game = Game.new(players=4, seed=7, first_dealer=0)
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    pool = DecisionPool(workers=1)
    finished: list[str] = []

    async def record(name: str, work: asyncio.Future[object]) -> object:
        result = await work
        finished.append(name)
        return result

    try:
        hints = [
            asyncio.create_task(record(f"hint {n}", pool.hint(view, seed=n, budget=2000, table=1)))
            for n in range(6)
        ]
        await asyncio.sleep(0)
        move = asyncio.create_task(record("move", pool.decide(view, "hard", seed=11, table=2)))
        await asyncio.gather(*hints, move)
        # The first hint was already running when the move came: the move is next.
        assert finished[:2] == ["hint 0", "move"]
        assert move.result() == decide_seeded(view, "hard", 11, None)
    finally:
        pool.close()


@pytest.mark.parametrize(
    ("cores", "workers"), [(1, 1), (2, 1), (4, 3), (64, MOST_WORKERS_BY_DEFAULT)]
)
def test_one_worker_per_core_but_one(monkeypatch, cores, workers):
    monkeypatch.setattr(pool_module.os, "sched_getaffinity", lambda pid: set(range(cores)))
    assert default_workers() == workers
    assert DecisionPool().workers == workers
