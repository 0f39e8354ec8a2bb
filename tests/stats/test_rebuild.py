"""Boards rebuilt from stored results equal the boards kept up to date game by game."""

from __future__ import annotations

import asyncio
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.stats import (
    Metric,
    Period,
    leaderboard,
    player_card,
    rebuild,
    recent_games,
    record_game,
    reset,
    update_board_settings,
    user_key,
)
from bot.store import Store
from tests.examples import examples
from tests.stats.builders import Clock, Hand, Player, computer, person, store_game

POOL = [person(n, f"P{n}") for n in range(1, 7)] + [computer("easy"), computer("hard")]


async def snapshot(store: Store, guild: int = 1) -> dict[str, list[tuple]]:
    """Every derived row of a server, plus every board, in a comparable form."""
    db = store.database
    tables = {}
    for table, order in (
        ("stat_games", "ended_at, game_id, seat"),
        ("stat_bids", "player, amount, game_id"),
        ("stat_players", "player"),
    ):
        rows = await db.fetch_all(
            f"SELECT * FROM {table} WHERE guild_id = ? ORDER BY {order}", (guild,)
        )
        tables[table] = [tuple(row) for row in rows]
    for metric in Metric:
        for period in Period:
            page = await leaderboard(store, guild, metric, period)
            tables[f"{metric}/{period}"] = [page.total, *page.entries]
    return tables


def _random_game(rng: random.Random) -> tuple[list[Player], int | None, list[Hand], str]:
    size = rng.choice((2, 3, 4))
    players = rng.sample(POOL, size)
    sides = size if size < 4 else 2
    hands = []
    for _ in range(rng.randint(0, 4)):
        maker = rng.randrange(size)
        contract = rng.randint(1, 14)
        points = [rng.randint(0, 14) for _ in range(sides)]
        bids = {seat: rng.choice((None, rng.randint(1, 14))) for seat in range(size)}
        bids[maker] = contract
        hands.append(Hand(maker, contract, points, bids, {rng.randrange(sides): rng.randint(0, 2)}))
    status = rng.choice(("finished", "finished", "finished", "abandoned"))
    winner = None if status == "abandoned" else rng.randrange(sides)
    return players, winner, hands, status


async def _incremental_equals_rebuilt(seed: int, games: int, count_abandoned: bool) -> None:
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder:
        clock = Clock()
        store = await Store.open(Path(folder) / "stats.sqlite3", clock=clock)
        try:
            await update_board_settings(store, 1, count_abandoned=count_abandoned)
            ended = []
            for _ in range(games):
                clock.advance(minutes=rng.choice((0, 5, 60 * 24 * 3)))
                players, winner, hands, status = _random_game(rng)
                scores = [
                    rng.randint(0, 60) for _ in range(2 if len(players) == 4 else len(players))
                ]
                ended.append(
                    await store_game(
                        store,
                        players,
                        winner=winner,
                        hands=hands,
                        status=status,
                        final_scores=scores,
                    )
                )
            # Games are sometimes recorded out of the order they ended in.
            order = ended[:]
            for i in range(0, len(order) - 1, 3):
                if rng.random() < 0.5:
                    order[i], order[i + 1] = order[i + 1], order[i]
            for game in order:
                await record_game(store, game)
            kept = await snapshot(store)

            await rebuild(store, 1)

            assert await snapshot(store) == kept
        finally:
            await store.close()


@pytest.mark.slow
@examples(15)
@given(seed=st.integers(0, 2**32), games=st.integers(1, 14), count_abandoned=st.booleans())
def test_rebuilding_from_results_gives_the_same_boards(seed, games, count_abandoned):
    asyncio.run(_incremental_equals_rebuilt(seed, games, count_abandoned))


async def test_rebuild_restores_deleted_boards(store: Store, clock):
    for winner in (0, 1, 0):
        clock.advance(hours=1)
        await record_game(store, await store_game(store, POOL[:4], winner=winner))
    kept = await snapshot(store)
    await store.database.fetch_all("DELETE FROM stat_games")
    await store.database.fetch_all("DELETE FROM stat_players")

    assert await rebuild(store, 1) == 3
    assert await snapshot(store) == kept


async def test_reset_starts_the_boards_over_and_rebuild_keeps_it_so(store: Store, clock):
    await record_game(store, await store_game(store, POOL[:4], winner=0))
    clock.advance(hours=1)

    await reset(store, 1)

    assert await player_card(store, 1, user_key(1)) is None
    clock.advance(hours=1)
    await record_game(store, await store_game(store, POOL[:4], winner=1))
    await rebuild(store, 1)
    card = await player_card(store, 1, user_key(1))
    assert (card.games, card.wins) == (1, 0)
    assert len(await recent_games(store, 1)) == 2  # history still has both games


async def test_reset_touches_one_server_only(store: Store):
    await record_game(store, await store_game(store, POOL[:4], winner=0, guild=1))
    await record_game(store, await store_game(store, POOL[:4], winner=0, guild=2))

    await reset(store, 1)

    assert await player_card(store, 1, user_key(1)) is None
    assert (await player_card(store, 2, user_key(1))).games == 1
