"""A bot process without Discord, for the tests of several processes on one database.

``python tests/service/table_process.py URL SHARD_COUNT SHARD_IDS [TABLES]`` restores the
tables of its shards, opens ``TABLES`` new tables of four computer players in servers of its
first shard, prints ``ready`` and lets the computer players play until it is killed. Nothing is
shown anywhere: the database is what the tests read.
"""

from __future__ import annotations

import asyncio
import sys

from bot.demo import start_computer_game
from bot.engine import HouseRules
from bot.service import NoOutbox, TableOptions, TableService
from bot.sharding import ShardPlan, shard_of
from bot.store import Store

#: Short games with a pause between computer moves, so a kill lands in the middle of a hand.
TARGET, PAUSE = 11, 0.02


def guild_on_shard(shard: int, count: int, number: int) -> int:
    """The ``number``-th server id that Discord puts on ``shard``."""
    guild = ((number * count + shard) << 22) + 12345
    assert shard_of(guild, count) == shard
    return guild


async def run(url: str, plan: ShardPlan, tables: int) -> None:
    store = await Store.open(url)
    service = TableService(store, NoOutbox(), owns=plan.owns)
    await service.restore()
    options = TableOptions(rules=HouseRules(target_score=TARGET), computer_pause=PAUSE)
    for number in range(tables):
        guild = guild_on_shard(plan.ids[0], plan.count, number)
        await start_computer_game(service, guild, 1000 + number, options, level="easy")
    print("ready", flush=True)
    await asyncio.Event().wait()


if __name__ == "__main__":
    url, count, ids = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    plan = ShardPlan(count, tuple(int(shard) for shard in ids.split(",")))
    asyncio.run(run(url, plan, int(sys.argv[4]) if len(sys.argv) > 4 else 0))
