"""What an action costs on PostgreSQL: the statements the store sends for it, each one round
trip to the server, counted by asyncpg's query logger on every pooled connection."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest

from bot.store import FinishedHand, Store
from bot.store.database import utc_now
from bot.store.postgres_backend import PostgresDatabase

pytestmark = pytest.mark.slow  # on PostgreSQL


class Sent:
    """The statements the store's connections sent, in order."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    def __call__(self, query) -> None:
        self.statements.append(" ".join(query.query.split()))

    async def since(self, mark: int) -> list[str]:
        await asyncio.sleep(0)  # asyncpg tells its loggers on the loop's next turn
        return self.statements[mark:]


@pytest.fixture
async def watched(postgres_url: str) -> AsyncIterator[tuple[Store, Sent]]:
    sent = Sent()
    store = Store(await PostgresDatabase.open(postgres_url, utc_now, query_logger=sent))
    try:
        yield store, sent
    finally:
        await store.close()


async def _game(store: Store) -> int:
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    game = await store.games.start(table.id, seed=1, rules={}, player_count=4)
    await store.games.append_action(game.id, {"type": "deal"}, seq=1, state={"dealt": True})
    return game.id


async def test_an_action_in_a_hand_is_one_statement_and_the_connection_goes_back_as_it_is(
    watched: tuple[Store, Sent],
):
    """A move numbered by the table service, neither dealing nor scoring, is one round trip:
    no BEGIN and COMMIT around it, no separate read of the game's row or of a relayed move,
    and no reset of the connection when it goes back to the pool (asyncpg's default is one
    more round trip, four statements)."""
    store, sent = watched
    game_id = await _game(store)
    mark = len(sent.statements)
    await store.games.append_action(game_id, {"type": "pass"}, seat=1, seq=2, request_id=7)
    statements = await sent.since(mark)
    assert len(statements) == 1 and statements[0].startswith("INSERT INTO actions")
    assert [action.seq for action in await store.games.actions(game_id)] == [1, 2]


async def test_an_action_that_deals_or_ends_a_hand_is_one_statement_with_its_snapshot(
    watched: tuple[Store, Sent],
):
    """A deal (the game's snapshot with it) and a hand's end (the snapshot, the hand and its
    sides) are each one round trip, not a transaction of five and seven."""
    store, sent = watched
    game_id = await _game(store)
    mark = len(sent.statements)
    await store.games.append_action(game_id, {"type": "deal"}, seq=2, state={"hand": 2})
    statements = await sent.since(mark)
    assert len(statements) == 1 and statements[0].startswith("WITH game AS (UPDATE games")
    assert (await store.games.get(game_id)).state == {"hand": 2}
    hand = FinishedHand(
        number=1,
        dealer=0,
        bids=[[1, 7]],
        contract=7,
        maker=1,
        trump="H",
        points=[3, 11],
        score_change=[-7, 11],
        captured=[["right_pedro", 1]],
    )
    mark = len(sent.statements)
    await store.games.append_action(
        game_id, {"type": "play"}, seat=3, seq=3, state={"hand": 3}, hand=hand
    )
    assert len(await sent.since(mark)) == 1
    game = await store.games.get(game_id)
    assert (game.state, game.state_seq) == ({"hand": 3}, 3)
    [stored] = await store.games.hands(game_id)
    assert (stored.number, stored.dealer, stored.bids, stored.contract, stored.maker) == (
        1,
        0,
        [[1, 7]],
        7,
        1,
    )
    assert (stored.trump, stored.points, stored.score_change, stored.captured) == (
        "H",
        (3, 11),
        (-7, 11),
        [["right_pedro", 1]],
    )
    assert stored.finished_at == (await store.games.actions(game_id))[-1].created_at
