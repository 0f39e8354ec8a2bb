"""A click on a hand sent by direct message reaches the process running shard 0, whoever owns
the table: that bot acknowledges it and the owner, another process on the same PostgreSQL
database, applies the move once.

The bot under SimCord runs shard 0 (it receives direct messages); the owner is a table service
with its own store and relay in this test, running the shard of the test server, as another
process would. SimCord's ids are fixed, and with `SHARDS` shards the test server is not on 0.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.engine import Pass
from bot.i18n import t
from bot.service import HandPlace, Person, TableOptions, TableService
from bot.service.areas.routing import ANSWER_WITHIN, MoveRouter
from bot.settings import Settings
from bot.sharding import ShardPlan, shard_of
from bot.store import Store, relay
from cogs.tables.delivery import Delivery
from cogs.tables.hand_message import hand_parts
from tests.cogs.table_driver import SETTLE_TIMEOUT, buttons, enabled

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

SHARDS = 11


@pytest.fixture(autouse=True)
def relay_reads_rows_when_woken(monkeypatch: pytest.MonkeyPatch) -> None:
    """The relays read their waiting rows every second whatever they heard, for a notification
    lost on a connection that hangs (``tests/service/test_routing.py``): a wait shorter than
    SimCord's settle timeout, which it would take for work never done. Here every notification
    arrives, so they read them once a simulated hour."""
    monkeypatch.setattr(relay, "POLL_EVERY", 3600.0)


@pytest.fixture
def bot_settings(database_path: Path, postgres_url: str) -> Settings:
    plan = ShardPlan(SHARDS, (0,))
    return Settings(database_path=database_path, database_url=postgres_url, shards=plan)


@pytest.fixture
async def owner(
    postgres_url: str, simcord_bot
) -> AsyncIterator[tuple[TableService, list[MoveRouter]]]:
    """The owner shows what it shows through the one simulated Discord, as another process of
    the same bot would."""
    store = await Store.open(postgres_url)
    tables = TableService(store, Delivery(simcord_bot), random_source=random.Random(3))
    routers: list[MoveRouter] = []
    try:
        yield tables, routers
    finally:
        for router in routers:
            await router.close()
        await tables.close()
        await store.close()


@pytest.fixture
def owner_answers_from_outside(simcord_env, simcord_bot, monkeypatch) -> None:
    """The bot's wait for the owner is a wait for another process: SimCord is told so, and
    lets it wait (an undeclared wait on a future would read as a bot that never settles)."""
    router = simcord_bot.router
    assert router is not None
    forward = router.forward

    async def forward_to_another_process(move):
        return await simcord_env.external_wait(forward(move), reason="the owner's answer")

    monkeypatch.setattr(router, "forward", forward_to_another_process)


async def _listening_owner(tables: TableService, routers: list[MoveRouter], guild_id: int) -> None:
    """The owner's relay, listening for the moves of the test server's shard."""
    home = shard_of(guild_id, SHARDS)
    assert home != 0
    routers.append(MoveRouter(tables, tables.store, ShardPlan(SHARDS, (home,))))
    await routers[-1].start()


async def _dealt_elsewhere(simcord_bot, guild, channel, players, tables: TableService):
    """A game at a table the owner holds, and the DM of the player to act, sent as the owner
    sends it (here through the one simulated Discord): who clicks, what, and the live table."""
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
    acting = next(m for m in players if m.user.id == live.user_at(live.game.to_act))
    person = Person(acting.user.id, acting.user.name, "en")
    private = (await tables.show_hand(table.table_id, person)).hand
    user = await simcord_bot.fetch_user(acting.user.id)
    dm = await user.send(**hand_parts(private, "en").send_kwargs())
    place = HandPlace(dm.id, dm_channel_id=dm.channel.id, locale="en", game_id=live.game_id)
    await tables.hand_shown(table.table_id, acting.user.id, place, new_message=True)
    assert simcord_bot.router is not None and not simcord_bot.tables.holds(table.table_id)
    return acting, dm, live


async def _stored_seats(tables: TableService, table_id: int) -> list[int | None]:
    record = await tables.store.games.active(table_id)
    assert record is not None
    return [action.seat for action in await tables.store.games.actions(record.id)]


async def test_a_dm_click_for_a_table_elsewhere_is_played_by_its_owner(
    simcord_bot, guild, channel, players, owner
):
    tables, routers = owner
    await _listening_owner(tables, routers, guild.id)
    acting, dm, live = await _dealt_elsewhere(simcord_bot, guild, channel, players, tables)
    game, seat = live.game, live.game.to_act

    clicked = await acting.user.click(dm, label="Pass")

    assert clicked.deferred and not clicked.followups  # acknowledged at once, nothing refused
    assert game.log == [(seat, Pass())]
    # The owner answered in the message clicked: the hand as it is now, no turn, no new DM.
    answered = acting.user.dm_channel.history()
    assert [message.id for message in answered] == [dm.id]
    assert "Waiting for" in answered[0].content and not enabled(answered[0])
    assert await _stored_seats(tables, live.id) == [seat]
    # This bot answered the click and timed the round trip; the owner applied the move.
    counted = simcord_bot.metrics.registry.get_sample_value
    assert counted("cinch_click_to_answer_seconds_count") == 1
    assert counted("cinch_relay_round_trip_seconds_count") == 1
    assert counted("cinch_actions_total") == 0


async def test_a_dm_click_stored_by_an_owner_that_then_went_quiet_is_said_played(
    simcord_bot,
    simcord_env,
    guild,
    channel,
    players,
    owner,
    owner_answers_from_outside,
    monkeypatch,
):
    tables, routers = owner
    await _listening_owner(tables, routers, guild.id)
    acting, dm, live = await _dealt_elsewhere(simcord_bot, guild, channel, players, tables)
    seat = live.game.to_act
    act = tables.act

    async def stores_then_stalls(*args, **kwargs):
        await act(*args, **kwargs)
        await asyncio.sleep(3600)  # stopped, or stalled, before answering

    monkeypatch.setattr(tables, "act", stores_then_stalls)
    clicked = await acting.user.click(dm, label="Pass")
    await simcord_env.advance_time(2 * ANSWER_WITHIN)

    assert await _stored_seats(tables, live.id) == [seat]
    # Told in the message clicked, whose buttons are no longer live.
    answered = acting.user.dm_channel.history()
    assert [message.id for message in answered] == [dm.id] and not clicked.followups
    assert answered[0].content == t("reply.move_counted", "en") and not buttons(answered[0])


async def test_a_dm_click_no_owner_answered_is_said_not_played(
    simcord_bot, simcord_env, guild, channel, players, owner, owner_answers_from_outside
):
    tables, _ = owner  # holds the table, but does not listen for moves: it is restarting
    acting, dm, live = await _dealt_elsewhere(simcord_bot, guild, channel, players, tables)

    clicked = await acting.user.click(dm, label="Pass")
    await simcord_env.advance_time(2 * ANSWER_WITHIN)

    assert [reply.content for reply in clicked.followups] == [t("errors.owner_unavailable", "en")]
    assert await _stored_seats(tables, live.id) == []
