"""The sharded bot (SHARD_COUNT set) is the same bot: it starts, a game is played on it, and its
health names each shard it runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.ext import commands

from bot.settings import Settings
from bot.sharding import ShardPlan
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]


@pytest.fixture
def bot_settings(database_path: Path) -> Settings:
    return Settings(database_path=database_path, shards=ShardPlan(1, (0,)))


async def test_a_game_is_played_on_the_sharded_bot(simcord_bot, simcord_env, channel, players):
    assert isinstance(simcord_bot, commands.AutoShardedBot)
    assert simcord_bot.router is None  # every shard is here: nothing to relay
    driver = TableDriver(simcord_env, channel, players)
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    for _ in range(6):
        await driver.take_turn()
        await driver.settle()
    record = await simcord_bot.store.games.active(driver.table.id)
    assert len(await simcord_bot.store.games.actions(record.id)) == 6


async def test_health_names_each_shard_and_a_closed_one_makes_the_bot_unavailable(
    simcord_bot, simcord_env
):
    health = await simcord_bot.health()
    assert health.healthy and dict(health.shards) == {0: True}
    shard = simcord_bot.get_shard(0)
    assert shard is not None
    await shard.disconnect()
    health = await simcord_bot.health()
    assert not health.healthy and not health.ready and dict(health.shards) == {0: False}
    await shard.connect()
    assert (await simcord_bot.health()).healthy
