"""What real Discord punishes and the simulator lets pass: ghost pings, notifications for
nothing, attachments piling up on edits, and edits of messages near an hour old.

Each is checked at Discord's boundary: what a moderation bot watching the channel would see,
and the flags, attachments and routes of the bot's own requests.
"""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest

from cogs.tables.delivery import MENTION_REMOVED
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

SUPPRESS_NOTIFICATIONS = 1 << 12


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table = TableDriver(simcord_env, channel, players)
    table.service.seeds = random.Random(8)
    return table


async def four_people_play(driver: TableDriver, players: list[Any], moves: int, **options: Any):
    await driver.open_and_fill(players[0], **options)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    for _ in range(moves):
        await driver.take_turn()
        await driver.env.advance_time(2 * SETTLE)  # each takes their time: every turn notifies


class Watcher:
    """What a moderation bot watching the channel sees from now on: the bot's messages that
    notified someone when they were posted (they mention a member), and every deletion, alone
    or in bulk."""

    def __init__(self, bot: Any) -> None:
        self.notified: dict[int, discord.Message] = {}
        self.deleted: list[int] = []
        bot.add_listener(self.on_message)
        bot.add_listener(self.on_raw_message_delete)
        bot.add_listener(self.on_raw_bulk_message_delete)

    async def on_message(self, message: discord.Message) -> None:
        if message.mentions:
            self.notified[message.id] = message

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.deleted.append(payload.message_id)

    async def on_raw_bulk_message_delete(self, payload: discord.RawBulkMessageDeleteEvent) -> None:
        self.deleted.extend(payload.message_ids)

    def ghost_pings(self) -> list[str]:
        """The messages deleted after they notified someone, as they were posted."""
        return [self.notified[id].content for id in self.deleted if id in self.notified]


async def test_no_message_that_notified_someone_is_ever_deleted(driver, players, simcord_bot):
    """As a moderation bot would see it: a deleted message that notified someone is a "ghost
    ping", and the player's notification leads nowhere. The table is posted anew at each
    person's turn (notifying them) and the old one taken away, and the turn timer's reminders
    go when the turn moves on: those that notified someone stay, as bare lines."""
    watcher = Watcher(simcord_bot)
    await four_people_play(driver, players, moves=6, timer=60)
    await driver.env.advance_time(25)  # half the timer: a reminder mentions the player
    assert any("⏰" in message.content for message in driver.messages())
    await driver.take_turn()
    await driver.env.advance_time(2 * SETTLE)

    assert len(watcher.notified) >= 6 and watcher.deleted  # turns notified; tables went
    assert watcher.ghost_pings() == []
    table = driver.table_message().id
    kept = [m for m in driver.messages() if m.id in watcher.notified and m.id != table]
    assert kept and all(
        (m.content, m.attachments, m.components, m.mentions) == (MENTION_REMOVED, [], [], [])
        for m in kept
    )



async def test_after_a_restart_the_table_that_notified_someone_stays(driver, players, restart):
    """A new process does not know whether the table message notified someone: it keeps it,
    as a bare line, however many tables follow."""
    await four_people_play(driver, players, moves=3, timer=0)
    notified = driver.table_message()
    assert notified.mentions
    await restart()
    driver.pace()
    for _ in range(4):
        await driver.take_turn()
        await driver.env.advance_time(2 * SETTLE)
    assert driver.table_message().id != notified.id
    assert [m.content for m in driver.messages() if m.id == notified.id] == [MENTION_REMOVED]


async def test_a_table_posted_anew_notifies_only_when_a_turn_starts(driver, players):
    await four_people_play(driver, players, moves=1, timer=0)
    before = len(driver.env.http_requests)
    await players[0].slash(driver.channel, "cinch table")
    await driver.settle()
    posts = [
        request
        for request in driver.env.http_requests[before:]
        if request.method == "POST" and request.path == f"/channels/{driver.channel.id}/messages"
    ]
    assert len(posts) == 1 and posts[0].json["flags"] & SUPPRESS_NOTIFICATIONS
    before = len(driver.env.http_requests)
    await driver.take_turn()
    await driver.env.advance_time(2 * SETTLE)
    notifying = [
        request
        for request in driver.env.http_requests[before:]
        if request.method == "POST" and request.path == f"/channels/{driver.channel.id}/messages"
    ]
    assert notifying and not notifying[-1].json.get("flags", 0) & SUPPRESS_NOTIFICATIONS
    assert "<@" in notifying[-1].json["content"]


async def test_an_edited_table_shows_one_picture(simcord_env, channel, players):
    """A picture given on an edit replaces the message's attachments; it is never added."""
    alice = players[0]
    driver = TableDriver(simcord_env, channel, [alice])
    driver.service.seeds = random.Random(8)
    await alice.slash(channel, "cinch new", pause=SETTLE, timer=0)
    for _ in range(3):
        await alice.click(driver.table_message(), label="Add computer player")
        await driver.settle()
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    edits = 0
    for _ in range(25):  # the computer players' moves are shown by editing the table
        before = len(simcord_env.http_requests)
        await simcord_env.advance_time(2 * SETTLE)
        message = driver.table_message()
        assert [a.filename for a in message.attachments] == ["table.png"]
        edits += sum(
            request.method == "PATCH" and f"/messages/{message.id}" in request.path
            for request in simcord_env.http_requests[before:]
        )
        if driver.table.game is not None and driver.member_at(driver.game.to_act) is alice:
            await driver.take_turn()
    assert edits >= 5


async def test_a_table_message_near_an_hour_old_is_posted_anew_not_edited(driver, players):
    await four_people_play(driver, players, moves=2, timer=0)
    old = driver.table_message()
    await driver.env.advance_time(55 * 60)
    before = len(driver.env.http_requests)
    await driver.hand_message(driver.member_at(driver.game.to_act))
    await driver.take_turn()
    await driver.env.advance_time(2 * SETTLE)
    calls = driver.env.http_requests[before:]
    assert not [c for c in calls if c.method == "PATCH" and f"/messages/{old.id}" in c.path]
    assert driver.table_message().id != old.id
