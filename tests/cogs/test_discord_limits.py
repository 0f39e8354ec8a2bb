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

from cogs.delivery import MENTION_REMOVED
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


def watch_deletions(bot: Any) -> list[discord.Message | None]:
    """Every message deleted from now on, as a moderation bot's cache holds it (None: not
    cached), whether deleted alone or in a bulk deletion."""
    deleted: list[discord.Message | None] = []

    async def on_raw_message_delete(payload: discord.RawMessageDeleteEvent) -> None:
        deleted.append(payload.cached_message)

    async def on_raw_bulk_message_delete(payload: discord.RawBulkMessageDeleteEvent) -> None:
        cached = {message.id: message for message in payload.cached_messages}
        deleted.extend(cached.get(message_id) for message_id in payload.message_ids)

    bot.add_listener(on_raw_message_delete)
    bot.add_listener(on_raw_bulk_message_delete)
    return deleted


async def test_no_message_is_deleted_while_it_still_mentions_someone(
    driver, players, simcord_bot
):
    """As a moderation bot would see it: a deleted message that mentions someone is a "ghost
    ping". The table is posted anew at each person's turn and the old one deleted, and the
    turn timer's reminders go when the turn moves on: none of them still mentions anyone."""
    deleted = watch_deletions(simcord_bot)
    await four_people_play(driver, players, moves=6, timer=60)
    await driver.env.advance_time(25)  # half the timer: a reminder mentions the player
    assert any("⏰" in message.content for message in driver.messages())
    await driver.take_turn()
    await driver.env.advance_time(2 * SETTLE)

    seen = [message for message in deleted if message is not None]
    assert len(seen) >= 6 and len(seen) == len(deleted)  # every deletion was watched
    assert [message.content for message in seen if message.mentions] == []


async def test_without_manage_messages_each_message_goes_alone_and_unmentioned(
    simcord_env, simcord_bot, guild, players
):
    """Bulk deletion needs Manage Messages: where the bot lacks it, the messages that lost
    their mention are deleted one by one, still never with a mention, and none is left."""
    channel = guild.create_text_channel(
        "no-manage", overwrites={guild.me: discord.PermissionOverwrite(manage_messages=False)}
    )
    driver = TableDriver(simcord_env, channel, players)
    driver.service.seeds = random.Random(8)
    deleted = watch_deletions(simcord_bot)
    await four_people_play(driver, players, moves=8, timer=0)

    seen = [message for message in deleted if message is not None]
    assert len(seen) >= 7 and len(seen) == len(deleted)
    assert [message.content for message in seen if message.mentions] == []
    assert [m for m in driver.messages() if m.content == MENTION_REMOVED] == []
    bulk = [call for call in simcord_env.http_requests if call.path.endswith("/bulk-delete")]
    assert len(bulk) == 1  # refused once: from then on the bot knows


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
    await alice.slash(channel, "cinch new", pause=1.0, timer=0)
    for _ in range(3):
        await alice.click(driver.table_message(), label="Add computer player")
        await driver.settle()
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    edits = 0
    for _ in range(25):  # the computer players' moves are shown by editing the table
        before = len(simcord_env.http_requests)
        await simcord_env.advance_time(2.0)
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
