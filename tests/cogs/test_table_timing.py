"""Time at the table, on SimCord's virtual clock: the turn timer, computer players' pauses, and
how few Discord calls a card costs when computer players follow."""

from __future__ import annotations

import random
from datetime import datetime

import discord
import pytest

from bot.engine import Phase, PlayDecision
from bot.service.showing.coalesce import MAX_DELAY, MIN_INTERVAL
from bot.service.showing.turns import WATCHING
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver, buttons

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

TIMER = 90


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(21)
    return table_driver


@pytest.mark.slow
async def test_the_turn_timer_reminds_then_moves_for_the_player(driver, players):
    await driver.open_and_fill(players[0], timer=TIMER)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    game = driver.game
    seat = game.to_act
    acting = driver.member_at(seat)
    moves = len(game.log)
    posted = len(driver.channel.history())
    await driver.env.advance_time(TIMER / 2 - SETTLE - 1)  # the start was SETTLE ago
    assert len(driver.channel.history()) == posted
    await driver.env.advance_time(1)
    reminder = driver.channel.history()[-1]
    assert reminder.content == (
        f"⏰ <@{acting.user.id}>, it is your turn: 45 seconds left before a move is made for you."
    )
    assert [user.id for user in reminder.mentions] == [acting.user.id]
    await driver.env.advance_time(TIMER / 2 - 1)
    assert len(game.log) == moves
    await driver.env.advance_time(1)
    assert len(game.log) == moves + 1 and game.log[moves][0] == seat
    stored = await driver.env.bot.store.tables.seats(driver.table.id)
    assert next(record for record in stored if record.seat == seat).auto_moves == 1


@pytest.mark.slow
async def test_a_card_costs_one_response_and_one_table_message_with_computers_following(
    driver, players, drawn_tables
):
    """The computer players' moves after the card are folded into the one edit, and only the
    picture that edit shows is drawn."""
    alice = players[0]
    coalescer = driver.service.showing.edits
    coalescer.max_delay = 8 * SETTLE  # longer than any run of computer moves below
    await alice.slash(driver.channel, "cinch new", pause=SETTLE, timer=0)
    for _ in range(3):
        await alice.click(driver.table_message(), label="Add computer player")
        await driver.settle()
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()

    def alice_plays_early() -> bool:
        game = driver.game
        return (
            game.phase is Phase.PLAY
            and len(game.tricks) < 4
            and driver.table.user_at(game.to_act) == alice.user.id
        )

    while not alice_plays_early():
        if driver.table.user_at(driver.game.to_act) == alice.user.id:
            await driver.take_turn()
        await driver.settle()
    message = await driver.hand_message(alice)
    card = driver.rng.choice(driver.game.decision().cards)
    hand = driver.game.hand_number

    before = len(driver.env.http_requests)
    drawn_before = len(drawn_tables)
    await alice.click(message, label=f"Play {card.display}")
    while driver.table.user_at(driver.game.to_act) != alice.user.id:
        await driver.settle()
    await driver.settle()
    calls = driver.env.http_requests[before:]

    assert driver.game.hand_number == hand
    responses = [c for c in calls if c.path.startswith("/interactions/")]
    channel_calls = [c for c in calls if c.path.startswith("/channels/")]
    hand_refreshes = [c for c in calls if c.method == "PATCH" and c.path.startswith("/webhooks/")]
    assert (len(responses), len(hand_refreshes)) == (1, 1)
    # One showing of the table: an edit, or (her turn came back after she stopped watching)
    # the table posted anew mentioning her alone, which notifies her, and the old one deleted
    # or, when it notified someone (even before edits since), shrunk to a bare line.
    shown = [c.method for c in channel_calls]
    assert shown in (["PATCH"], ["POST", "DELETE"], ["POST", "PATCH"])
    posts = [c for c in channel_calls if c.method == "POST"]
    assert all(post.json["allowed_mentions"]["users"] == [alice.user.id] for post in posts)
    assert len(drawn_tables) - drawn_before == 1
    assert isinstance(driver.game.decision(), PlayDecision)
    assert any(not item.get("disabled") for item in buttons(message))  # refreshed in place


def notifications(driver, since: int) -> list[int]:
    """Who Discord notified since request `since`: the users a *created* message in the
    channel mentions and allows to be pinged (an edited message notifies nobody)."""
    created = [
        call
        for call in driver.env.http_requests[since:]
        if call.method == "POST" and call.path == f"/channels/{driver.channel.id}/messages"
    ]
    return [
        user
        for call in created
        for user in (call.json.get("allowed_mentions") or {}).get("users", [])
        if f"<@{user}>" in call.json.get("content", "")
    ]


def standing_pings(driver) -> list:
    """The channel's messages that notified someone and still stand."""
    return [message for message in driver.channel.history() if message.mentions]


@pytest.mark.slow
async def test_each_persons_turn_notifies_them_with_one_new_message(driver, players):
    """Four people: after each move, the next player is notified within 2 s by a new message
    (the table posted anew) that mentions them alone; at most one ping stands, and it goes
    once they have moved; no other message is left behind."""
    coalescer = driver.service.showing.edits
    coalescer.min_interval, coalescer.max_delay = MIN_INTERVAL, MAX_DELAY  # the bot's own
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    pinged = 0
    acted_at: dict[int | None, datetime] = {}
    for _ in range(16):
        mover = driver.table.user_at(driver.game.to_act)
        before = len(driver.env.http_requests)
        await driver.take_turn()
        acted_at[mover] = discord.utils.utcnow()
        await driver.env.advance_time(2)
        next_player = driver.table.user_at(driver.game.to_act)
        watching = next_player in acted_at and acted_at[mover] - acted_at[next_player] < WATCHING
        expected = [] if next_player in (None, mover) or watching else [next_player]
        assert notifications(driver, before) == expected
        pinged += len(expected)
        standing = standing_pings(driver)
        assert len(standing) <= 1
        assert all(f"<@{mover}>" not in ping.content for ping in standing)
        await driver.settle()
    assert pinged >= 12


@pytest.mark.slow
async def test_a_player_watching_the_table_is_not_pinged(driver, players):
    """Someone whose turn comes straight back after their own move needs no ping."""
    alice = players[0]
    await alice.slash(driver.channel, "cinch new", pause=0, timer=0)
    for _ in range(3):
        await alice.click(driver.table_message(), label="Add computer player")
        await driver.settle()
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    while driver.table.user_at(driver.game.to_act) != alice.user.id:
        await driver.settle()
    await driver.take_turn()
    before = len(driver.env.http_requests)
    while driver.table.user_at(driver.game.to_act) != alice.user.id:
        await driver.env.advance_time(1)
    await driver.env.advance_time(1)
    assert notifications(driver, before) == []


async def test_a_player_who_asked_for_it_also_gets_a_direct_message(driver, players):
    alice, bob = players[0], players[1]
    await bob.slash(driver.channel, "cinch settings", turn_dm=True)
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    while driver.table.user_at(driver.game.to_act) != bob.user.id:
        await driver.take_turn()
        await driver.settle()
    dm = bob.user.dm_channel.last_message
    assert dm is not None and dm.content == f"🔔 Your turn at <#{driver.channel.id}>."
