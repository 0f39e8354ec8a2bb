"""Time at the table, on SimCord's virtual clock: the turn timer, computer players' pauses, and
how few Discord calls a card costs when computer players follow."""

from __future__ import annotations

import random

import pytest
from table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver, buttons

from bot.engine import Phase, PlayDecision

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

TIMER = 90


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(21)
    return table_driver


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


async def test_a_card_costs_one_response_and_one_table_edit_with_computers_following(
    driver, players, drawn_tables
):
    """The computer players' moves after the card are folded into the one edit, and only the
    picture that edit shows is drawn."""
    alice = players[0]
    coalescer = driver.env.bot.delivery.coalescer
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
    table_edits = [c for c in calls if c.method == "PATCH" and c.path.startswith("/channels/")]
    hand_refreshes = [c for c in calls if c.method == "PATCH" and c.path.startswith("/webhooks/")]
    posts = [c for c in calls if c.method == "POST" and c.path.startswith("/channels/")]
    assert (len(responses), len(table_edits), len(hand_refreshes), posts) == (1, 1, 1, [])
    assert len(drawn_tables) - drawn_before == len(table_edits)
    assert isinstance(driver.game.decision(), PlayDecision)
    assert any(not item.get("disabled") for item in buttons(message))  # refreshed in place
