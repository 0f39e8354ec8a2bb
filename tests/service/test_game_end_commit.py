"""A game won by an action ends in one commit: the action, the hand it scored, the game's
result and its count on the boards are one transaction; and when the boards cannot count the
game, its end is stored all the same (the boards can always be rebuilt)."""

from __future__ import annotations

import asyncio
import logging
import random

import pytest

from bot.ai.pool import DecisionPool
from bot.engine.random_player import random_action
from bot.service import TableService
from bot.stats import rebuild
from bot.store import Store
from bot.store.database import utc_now
from bot.store.postgres_backend import PostgresDatabase
from tests.service.tables import (
    GUILD,
    ManualClock,
    RecordingOutbox,
    four_people,
    person_at,
    play_until,
)


class Sent:
    """The statements the store's connections sent, in order (asyncpg's query logger)."""

    def __init__(self) -> None:
        self.statements: list[str] = []

    def __call__(self, query) -> None:
        self.statements.append(" ".join(query.query.split()))


def _first(statements: list[str], start: str) -> int:
    return next(index for index, sent in enumerate(statements) if sent.startswith(start))


@pytest.mark.slow  # on PostgreSQL
async def test_the_action_that_wins_a_game_is_one_transaction_with_its_result_and_boards(
    postgres_url: str, decisions: DecisionPool
):
    """Before, a game's last action was three commits (the action with its hand, then the
    result, then the boards), some thirty round trips with the table's lock held."""
    sent = Sent()
    store = Store(await PostgresDatabase.open(postgres_url, utc_now, query_logger=sent))
    clock = ManualClock()
    service = TableService(
        store,
        RecordingOutbox(),
        decisions=decisions,
        random_source=random.Random(7),
        sleep=clock.sleep,
    )
    try:
        table_id = await four_people(service, target=21)
        table = service.registry.table(table_id)
        game, game_id = table.game, table.game_id
        assert game is not None and game_id is not None
        rng = random.Random(3)
        mark = 0
        while table.game is game:
            await clock.settle(service)  # nothing of the last action still going on
            await asyncio.sleep(0)  # asyncpg tells its loggers on the loop's next turn
            mark = len(sent.statements)
            person = person_at(service, table_id, game.to_act)
            await service.act(table_id, person, random_action(game.decision(), rng), answered=False)
        await asyncio.sleep(0)
        last = sent.statements[mark:]
        action = _first(last, "INSERT INTO actions")
        counted = _first(last, "INSERT INTO stat_games")
        assert _first(last, "INSERT INTO hands") < counted
        assert _first(last, "INSERT INTO results") < counted
        assert "COMMIT;" not in last[action:counted]
        assert last[:action].count("BEGIN;") == 1
        assert (await store.games.get(game_id)).status == "finished"
        result = await store.games.result(game_id)
        assert result is not None and result.winners == (game.winner,)
    finally:
        await service.close()
        await store.close()


async def _refuse_the_boards(store: Store) -> None:
    """Make every count on the boards fail, as a damaged or locked table of theirs would."""
    async with store.database.session() as session:
        if session.dialect == "sqlite":
            await session.execute(
                "CREATE TRIGGER refuse_boards BEFORE INSERT ON stat_games"
                " BEGIN SELECT RAISE(ABORT, 'the boards refuse'); END"
            )
        else:
            await session.execute(
                "CREATE FUNCTION refuse_boards() RETURNS trigger AS"
                " $$ BEGIN RAISE EXCEPTION 'the boards refuse'; END $$ LANGUAGE plpgsql"
            )
            await session.execute(
                "CREATE TRIGGER refuse_boards BEFORE INSERT ON stat_games"
                " FOR EACH STATEMENT EXECUTE FUNCTION refuse_boards()"
            )


async def test_a_game_the_boards_cannot_count_still_ends_and_is_counted_by_a_rebuild(
    service: TableService, store: Store, clock: ManualClock, caplog: pytest.LogCaptureFixture
):
    """The boards' count is undone alone (a savepoint): on PostgreSQL a failed statement
    would otherwise spoil the whole transaction, and the game's end with it."""
    table_id = await four_people(service, target=21)
    table = service.registry.table(table_id)
    game, game_id = table.game, table.game_id
    assert game is not None and game_id is not None
    await _refuse_the_boards(store)
    with caplog.at_level(logging.ERROR):
        await play_until(service, clock, table_id, lambda table: table.game is not game)
    assert f"could not count game {game_id} on the boards" in caplog.text
    assert (await store.games.get(game_id)).status == "finished"
    result = await store.games.result(game_id)
    assert result is not None and result.winners == (game.winner,)
    assert len(await store.games.hands(game_id)) == len(game.history)
    assert [action.seq for action in await store.games.actions(game_id)][-1] == len(game.log)
    async with store.database.session() as session:
        assert await session.fetch_all("SELECT * FROM stat_games") == []
        await session.execute(
            "DROP TRIGGER refuse_boards" + ("" if session.dialect == "sqlite" else " ON stat_games")
        )
    assert await rebuild(store, GUILD) == 1
