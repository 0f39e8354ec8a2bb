"""Games counted on the boards by two stores at once, as two bot processes sharing one database
would: each game counts once, and the ratings are exactly those of rating them in order."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.stats import rebuild, record_game
from bot.store import Store
from tests.stats.builders import Clock, Hand, person, store_game

pytestmark = pytest.mark.slow

PEOPLE = [person(n) for n in range(1, 7)]


async def _boards(store: Store) -> list[tuple[object, ...]]:
    rows = await store.database.fetch_all(
        "SELECT player, games, wins, points, rating FROM stat_players WHERE guild_id = 1"
        " ORDER BY player"
    )
    return [tuple(row) for row in rows]


async def test_two_stores_counting_games_together_count_each_once_in_order(
    database: str | Path, clock: Clock
):
    first = await Store.open(database, clock=clock)
    second = await Store.open(database, clock=clock)
    try:
        games = []
        for n in range(8):
            clock.advance(minutes=5)
            seated = [PEOPLE[(n + k) % len(PEOPLE)] for k in range(4)]
            games.append(
                await store_game(first, seated, winner=n % 2, hands=[Hand(n % 4, 7, (8, 5))])
            )
        counted = await asyncio.gather(
            *(record_game((first, second)[n % 2], game) for n, game in enumerate(games))
        )
        assert all(counted)
        together = await _boards(second)
        assert sum(row[1] for row in together) == 8 * 4

        assert await rebuild(first, 1) == 8
        assert await _boards(first) == together
    finally:
        await first.close()
        await second.close()
