"""A bot process without Discord, for the tests of several processes on one database.

``python tests/service/table_process.py URL SHARD_COUNT SHARD_IDS [TABLES [relay]]`` restores
the tables of its shards, opens ``TABLES`` new tables of four computer players in servers of its
first shard, prints ``ready`` and lets the computer players play until it is killed. Nothing is
shown anywhere: the database is what the tests read.

With ``relay`` it also applies the moves other processes relay to its shards, and the tables it
opens seat :data:`PLAYER` and three computer players: the player's moves can only come relayed.
"""

from __future__ import annotations

import asyncio
import sys

from bot.demo import start_computer_game
from bot.engine import HouseRules
from bot.service import NoOutbox, Person, TableOptions, TableService
from bot.service.areas.routing import MoveRouter
from bot.sharding import ShardPlan, shard_of
from bot.store import Store

#: Short games with a pause between computer moves, so a kill lands in the middle of a hand.
TARGET, PAUSE = 11, 0.02
#: The person seated at the tables of a process that relays moves.
PLAYER = Person(777, "player")


def guild_on_shard(shard: int, count: int, number: int) -> int:
    """The ``number``-th server id that Discord puts on ``shard``."""
    guild = ((number * count + shard) << 22) + 12345
    assert shard_of(guild, count) == shard
    return guild


async def run(url: str, plan: ShardPlan, tables: int, relay: bool) -> None:
    store = await Store.open(url)
    service = TableService(store, NoOutbox(), owns=plan.owns)
    await service.restore()
    router = MoveRouter(service, store, plan)
    if relay:
        await router.start()
    for number in range(tables):
        guild = guild_on_shard(plan.ids[0], plan.count, number)
        if relay:
            await _open_with_player(service, guild, 1000 + number)
        else:
            options = TableOptions(rules=HouseRules(target_score=TARGET), computer_pause=PAUSE)
            await start_computer_game(service, guild, 1000 + number, options, level="easy")
    print("ready", flush=True)
    await asyncio.Event().wait()


async def _open_with_player(service: TableService, guild: int, channel: int) -> None:
    """A table of :data:`PLAYER` and three computer players, playing a full-length game."""
    options = TableOptions(computer_pause=PAUSE)
    table = await service.open_table(
        guild_id=guild,
        channel_id=channel,
        creator=PLAYER,
        options=options,
        language="en",
        turn_timer=None,
    )
    for _ in range(options.players - 1):
        await service.add_computer(table.table_id, PLAYER.user_id, level="easy")
    await service.start(table.table_id, PLAYER)


if __name__ == "__main__":
    url, count, ids = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    plan = ShardPlan(count, tuple(int(shard) for shard in ids.split(",")))
    tables = int(sys.argv[4]) if len(sys.argv) > 4 else 0
    asyncio.run(run(url, plan, tables, relay=sys.argv[5:] == ["relay"]))
