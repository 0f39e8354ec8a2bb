"""With the shards split over several processes, each one does the league's work of the servers
it runs only: a season of a server another process runs is left to that process."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from bot.league.seasons import change_season_settings, seasons
from bot.league.windows import SeasonLength
from bot.settings import Settings
from bot.sharding import ShardPlan
from tests.cogs.table_driver import SETTLE_TIMEOUT

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

DAY = 24 * 60 * 60


@pytest.fixture
def bot_settings(database_path: Path) -> Settings:
    return Settings(database_path=database_path, shards=ShardPlan(2, (0,)))


async def test_the_clock_ends_the_seasons_of_its_own_servers_only(simcord_bot, simcord_env):
    ours = simcord_env.create_guild("Ours", shard_id=0)
    theirs = simcord_env.create_guild("Theirs", shard_id=1)
    store = simcord_bot.store
    for guild in (ours, theirs):
        await change_season_settings(
            store,
            guild.id,
            channel_id=guild.create_text_channel("seasons").id,
            length=SeasonLength.DATES,
            dates=(date(2026, 1, 1), date(2026, 1, 1)),
        )
    await simcord_env.advance_time(DAY + 60)
    [mine] = await seasons(store, ours.id)
    [other] = await seasons(store, theirs.id)
    assert mine.ended and mine.posted
    assert not other.ended  # the process running shard 1 ends it
