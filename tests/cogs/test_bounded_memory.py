"""The Discord side keeps nothing for a table once it closes: tables played one after the
other, each with a turn-timer reminder standing when it ends, leave no reminder, turn or table
behind."""

from __future__ import annotations

import random

import pytest

from cogs.tables.delivery import Delivery
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

TIMER = 60


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(3)
    return table_driver


async def test_tables_played_one_after_another_leave_nothing_behind(driver, players):
    alice = players[0]
    delivery = driver.service._outbox
    assert isinstance(delivery, Delivery)
    for _ in range(3):
        await alice.slash(driver.channel, "cinch new", timer=TIMER, pause=SETTLE)
        for _ in range(3):
            await alice.click(driver.table_message(), label="Add computer player")
            await driver.settle()
        await alice.click(driver.table_message(), label="Start")
        await driver.settle()
        while driver.table.user_at(driver.game.to_act) != alice.user.id:
            await driver.settle()
        await driver.env.advance_time(TIMER / 2)
        assert driver.channel.history()[-1].content.startswith(f"⏰ <@{alice.user.id}>")
        assert delivery._reminders, "the reminder stands while alice thinks"
        await alice.slash(driver.channel, "cinch end")
        await driver.settle()
    assert delivery._reminders == {}
    assert driver.service.showing.turns._turns == {}
    assert len(driver.service.registry) == 0
    assert not any(m.content.startswith("⏰") for m in driver.channel.history())
