"""Two stores on one database, as two bot processes sharing it would be: whatever order their
writes arrive in, no action is lost or numbered twice, and no game ends twice."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.store import GameEndedError, ResultPlayer, Store


@pytest.fixture
async def stores(database: str | Path) -> AsyncIterator[tuple[Store, Store]]:
    first = await Store.open(database)
    second = await Store.open(database)
    try:
        yield first, second
    finally:
        await first.close()
        await second.close()


async def _game(store: Store) -> int:
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    return (await store.games.start(table.id, seed=1, rules={}, player_count=4)).id


async def test_actions_from_two_stores_are_numbered_once_each(stores: tuple[Store, Store]):
    game_id = await _game(stores[0])
    records = await asyncio.gather(
        *(
            stores[i % 2].games.append_action(game_id, {"i": i}, seat=i % 4, state={"after": i})
            for i in range(30)
        )
    )
    assert sorted(record.seq for record in records) == list(range(1, 31))
    stored = await stores[1].games.actions(game_id)
    assert [action.seq for action in stored] == list(range(1, 31))
    assert sorted(action.action["i"] for action in stored) == list(range(30))
    # The snapshot names the action it was taken after, whichever store wrote it last.
    game = await stores[0].games.get(game_id)
    assert game is not None
    assert game.state == {"after": stored[game.state_seq - 1].action["i"]}


async def test_a_game_ended_by_two_stores_at_once_ends_once(stores: tuple[Store, Store]):
    game_id = await _game(stores[0])
    players = [ResultPlayer(seat=0, side=0, display_name="Alice", won=True, user_id=1)]

    async def finish(store: Store, score: int) -> object:
        try:
            return await store.games.finish(
                game_id, status="finished", winners=[0], final_scores=[score, 0], players=players
            )
        except GameEndedError as error:
            return error

    outcomes = await asyncio.gather(finish(stores[0], 51), finish(stores[1], 52))
    assert sum(isinstance(outcome, GameEndedError) for outcome in outcomes) == 1
    result = await stores[1].games.result(game_id)
    assert result is not None and result in outcomes
    with pytest.raises(GameEndedError):
        await stores[0].games.append_action(game_id, {"late": True})
