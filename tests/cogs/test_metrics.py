"""Operators see a running bot: ``/metrics`` scraped while a game is played through SimCord,
and ``/health`` answering for a bot that is ready, one that is not yet, and one whose store
is gone. The server listens on a free loopback port; nothing else leaves the machine."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from bot.factory import CinchBot
from bot.monitor import Monitor
from bot.settings import Settings
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

LOOPBACK = "127.0.0.1"


@pytest.fixture
def bot_settings(database_path: Path) -> Settings:
    """Every bot of these tests serves /health and /metrics on a free loopback port."""
    return Settings(database_path=database_path, metrics_port=0, metrics_host=LOOPBACK)


async def get(port: int, path: str) -> tuple[int, str]:
    """GET a path of the bot's server: its status and body (the connection closed after)."""
    connector = aiohttp.TCPConnector(force_close=True)
    async with (
        aiohttp.ClientSession(connector=connector) as session,
        session.get(f"http://{LOOPBACK}:{port}{path}") as response,
    ):
        return response.status, await response.text()


class Scrape:
    """One scrape of ``/metrics``, its samples by name and labels."""

    def __init__(self, text: str) -> None:
        self.samples: dict[tuple[str, frozenset[tuple[str, str]]], float] = {}
        self.families: set[str] = set()
        for family in text_string_to_metric_families(text):
            self.families.add(family.name)
            for sample in family.samples:
                self.samples[(sample.name, frozenset(sample.labels.items()))] = sample.value

    def value(self, name: str, **labels: str) -> float:
        return self.samples[(name, frozenset(labels.items()))]


async def scrape(bot: CinchBot) -> Scrape:
    assert bot.monitor is not None
    status, text = await get(bot.monitor.port, "/metrics")
    assert status == 200
    return Scrape(text)


async def test_the_metrics_follow_a_game_as_it_is_played(simcord_env, channel, players):
    bot = simcord_env.bot
    first = await scrape(bot)
    assert first.value("cinch_open_tables") == 0
    assert first.value("cinch_updates_waiting") == 0
    assert first.value("cinch_actions_total") == 0
    assert first.value("cinch_tables_restored") == 0
    assert first.value("cinch_tables_set_aside") == 0
    assert first.value("cinch_decision_queue_length") == 0
    assert {"cinch_discord_requests", "cinch_discord_rate_limited"} <= first.families
    assert first.value("cinch_relay_round_trip_seconds_count") == 0

    driver = TableDriver(simcord_env, channel, players[:2])
    driver.service.seeds = random.Random(5)
    game = await driver.play_first_hand(players[0])
    while driver.member_at(driver.game.to_act) is None:  # the computer players' turns
        await driver.settle()
    await driver.settle()  # a person is to act: the table shows every move made

    during = await scrape(bot)
    assert during.value("cinch_open_tables") == 1
    assert during.value("cinch_updates_waiting") == 0  # the channel has caught up
    assert during.value("cinch_actions_total") == len(game.log)
    clicks = during.value("cinch_click_to_answer_seconds_count")
    people = {seat for seat in range(4) if driver.member_at(seat) is not None}
    assert clicks == sum(1 for seat, _ in game.log if seat in people) > 0
    # Every move has been shown by the table message.
    assert during.value("cinch_action_to_table_seconds_count") == len(game.log)
    # The finished hand was reviewed in the computer players' worker process.
    assert during.value("cinch_decision_wait_seconds_count") >= 1
    assert during.value("cinch_decision_queue_length") == 0

    await driver.take_turn()
    await driver.settle()

    after = await scrape(bot)
    assert after.value("cinch_actions_total") > during.value("cinch_actions_total")
    assert after.value("cinch_click_to_answer_seconds_count") == clicks + 1
    assert after.value("cinch_action_to_table_seconds_count") > during.value(
        "cinch_action_to_table_seconds_count"
    )


def health_of(body: str) -> dict[str, Any]:
    parsed = json.loads(body)
    assert isinstance(parsed, dict)
    return parsed


async def test_health_is_ok_while_the_bot_is_connected_and_its_store_answers(
    simcord_env, channel, players
):
    bot = simcord_env.bot
    await players[0].slash(channel, "cinch new")
    assert bot.monitor is not None
    status, body = await get(bot.monitor.port, "/health")
    assert status == 200
    assert health_of(body) == {
        "status": "ok",
        "ready": True,
        "shards": {"0": "connected"},
        "open_tables": 1,
        "store": "ok",
        "relay": None,
    }


async def test_health_is_unavailable_when_the_store_is_closed(simcord_env):
    bot = simcord_env.bot
    await bot.store.close()
    assert bot.monitor is not None
    status, body = await get(bot.monitor.port, "/health")
    assert status == 503
    health = health_of(body)
    assert health["status"] == "unavailable" and health["store"] == "unreachable"
    assert health["ready"] is True


async def test_health_is_unavailable_before_the_bot_is_ready(make_bot):
    bot = make_bot()  # never started: not connected, no store, no tables
    monitor = Monitor(bot.metrics.registry, bot.health)
    await monitor.start(LOOPBACK, 0)
    try:
        status, body = await get(monitor.port, "/health")
    finally:
        await monitor.close()
    assert status == 503
    assert health_of(body) == {
        "status": "unavailable",
        "ready": False,
        "shards": {},
        "open_tables": None,
        "store": "unreachable",
        "relay": None,
    }
