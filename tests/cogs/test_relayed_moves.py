"""A click on a hand sent by direct message reaches the process running shard 0, whoever owns
the table: that bot acknowledges it and the owner, another process on the same PostgreSQL
database, applies the move once.

The bot under SimCord runs shard 0 (it receives direct messages); the owner is a table service
with its own store and relay in this test, running the shard of the test server, as another
process would. SimCord's ids are fixed, and with `SHARDS` shards the test server is not on 0.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from table_driver import SETTLE_TIMEOUT

from bot.engine import Pass
from bot.service import NoOutbox, Person, TableOptions, TableService
from bot.service.routing import MoveRouter
from bot.settings import Settings
from bot.sharding import ShardPlan, shard_of
from bot.store import Store
from cogs.hand_message import hand_parts

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

SHARDS = 11


@pytest.fixture
def bot_settings(database_path: Path, postgres_url: str) -> Settings:
    plan = ShardPlan(SHARDS, (0,))
    return Settings(database_path=database_path, database_url=postgres_url, shards=plan)


@pytest.fixture
async def owner(postgres_url: str) -> AsyncIterator[tuple[TableService, list[MoveRouter]]]:
    store = await Store.open(postgres_url)
    tables = TableService(store, NoOutbox(), random_source=random.Random(3))
    routers: list[MoveRouter] = []
    try:
        yield tables, routers
    finally:
        for router in routers:
            await router.close()
        await tables.close()
        await store.close()


async def test_a_dm_click_for_a_table_elsewhere_is_played_by_its_owner(
    simcord_bot, guild, channel, players, owner, postgres_url
):
    tables, routers = owner
    home = shard_of(guild.id, SHARDS)
    assert home != 0 and simcord_bot.router is not None
    routers.append(MoveRouter(tables, tables.store, ShardPlan(SHARDS, (home,))))
    await routers[0].start()

    alice, *others = players
    table = await tables.open_table(
        guild_id=guild.id,
        channel_id=channel.id,
        creator=Person(alice.user.id, "alice"),
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )
    for member in others:
        await tables.join(table.table_id, Person(member.user.id, member.user.name))
    await tables.start(table.table_id, Person(alice.user.id, "alice"))
    live = tables.registry.table(table.table_id)
    game = live.game
    seat = game.to_act
    acting = next(m for m in players if m.user.id == live.user_at(seat))
    # The owner sent this player their hand by DM (here through the one simulated Discord).
    acting_person = Person(acting.user.id, acting.user.name, "en")
    private = (await tables.show_hand(table.table_id, acting_person)).hand
    user = await simcord_bot.fetch_user(acting.user.id)
    dm = await user.send(**hand_parts(private, "en").send_kwargs())
    assert not simcord_bot.tables.holds(table.table_id)

    clicked = await acting.user.click(dm, label="Pass")

    assert clicked.deferred and not clicked.followups  # acknowledged at once, nothing refused
    assert game.log == [(seat, Pass())]
    record = await tables.store.games.active(table.table_id)
    assert [action.seat for action in await tables.store.games.actions(record.id)] == [seat]
