"""A table whose channel is deleted, whose server removes the bot, or whose channel the bot may
no longer see or post in closes without a word, its game stored as abandoned: through the
gateway's events while the bot listens, and through Discord's answers otherwise (after a
restart too)."""

from __future__ import annotations

import pytest

from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

MISSING_ACCESS, UNKNOWN_CHANNEL = 50001, 10003


async def computer_game(simcord_env, channel, alice) -> tuple[int, int]:
    """Alice against a computer player, the game started: (table, game)."""
    await alice.slash(channel, "cinch new", players=2, pause=SETTLE, timer=0)
    await alice.slash(channel, "cinch addbot", level="easy")
    await alice.slash(channel, "cinch start")
    await simcord_env.advance_time(SETTLE)
    table = simcord_env.bot.tables.registry.find_in_channel(channel.id)
    assert table is not None and table.game_id is not None
    return table.id, table.game_id


async def closed_quietly(bot, table_id: int, game_id: int, reason: str) -> bool:
    record = await bot.store.tables.get(table_id)
    game = await bot.store.games.get(game_id)
    return (
        not bot.tables.holds(table_id)
        and record.status == "ended"
        and record.closed_reason == reason
        and game.status == "abandoned"
    )


async def test_a_deleted_channel_closes_its_table(simcord_env, simcord_bot, channel, players):
    table_id, game_id = await computer_game(simcord_env, channel, players[0])
    requests = len(simcord_env.http_requests)
    simcord_env.backend.delete_channel(channel.id)
    await simcord_env.settle()
    assert await closed_quietly(simcord_bot, table_id, game_id, "channel gone")
    await simcord_env.advance_time(10 * SETTLE)
    assert not [r for r in simcord_env.http_requests[requests:] if str(channel.id) in r.path]


async def test_a_server_that_removes_the_bot_closes_its_tables(
    simcord_env, simcord_bot, guild, channel, players
):
    table_id, game_id = await computer_game(simcord_env, channel, players[0])
    simcord_env.backend.remove_guild(guild.id)
    await simcord_env.settle()
    assert await closed_quietly(simcord_bot, table_id, game_id, "server gone")


async def test_a_channel_the_bot_may_no_longer_see_closes_its_table(
    simcord_env, simcord_bot, channel, players
):
    alice = players[0]
    table_id, game_id = await computer_game(simcord_env, channel, alice)
    simcord_env.inject_error(
        "*", f"/channels/{channel.id}/*", status=403, code=MISSING_ACCESS, times=None
    )
    await alice.slash(channel, "cinch table")  # the table posted anew: Discord refuses it
    await simcord_env.advance_time(SETTLE)
    assert await closed_quietly(simcord_bot, table_id, game_id, "channel gone")


async def test_a_table_whose_channel_went_while_the_bot_was_away_does_not_come_back(
    simcord_env, channel, players, restart
):
    table_id, game_id = await computer_game(simcord_env, channel, players[0])
    simcord_env.inject_error(
        "*", f"/channels/{channel.id}*", status=404, code=UNKNOWN_CHANNEL, times=None
    )
    again = await restart()
    await simcord_env.advance_time(SETTLE)
    assert await closed_quietly(again, table_id, game_id, "channel gone")
    last = await restart()
    assert last.tables.held() == []
