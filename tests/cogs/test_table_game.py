"""Whole games through Discord: four people to the target with slash commands and buttons,
no hidden card in any public message, and a game that carries on across a restart."""

from __future__ import annotations

import random

import pytest

from bot.engine import Phase
from bot.replays import library
from bot.service.showing import display
from bot.service.showing.drawing import Drawing
from tests.cogs.table_driver import SETTLE_TIMEOUT, HiddenCardWatch, TableDriver, buttons

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]


@pytest.fixture
def driver(simcord_env, channel, players, monkeypatch) -> TableDriver:
    # These games are not about reviews: each finished hand's review would run in the computer
    # players' worker while SimCord waits, on its wall clock, for the bot to settle, and on a
    # busy machine a whole game's reviews can outlast that wait. Left for when a replay is
    # opened, they cost these tests nothing (tests/cogs/test_replay.py reviews hands).
    monkeypatch.setattr(library, "REVIEWS_WAITING_MOST", 0)
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(11)
    return table_driver


async def test_four_people_play_a_game_to_the_target(driver, players):
    alice = players[0]
    watch = HiddenCardWatch(driver)
    await watch.step(driver.open_and_fill(alice, target=11))
    start = await watch.step(alice.click(driver.table_message(), label="Start"))
    assert start.ephemeral and start.response.content.startswith("**Your hand** (hand 1)")
    game = driver.game
    steps = 0
    while driver.table.playing:
        await watch.step(driver.take_turn(use_commands=steps % 4 == 0))
        steps += 1
        assert steps < 1_000
    history = driver.channel.history()
    assert history[-3].content.startswith(f"Hand {game.hand_number}: ")
    assert history[-2].content.startswith("Victory for ")
    assert [a.filename for a in history[-2].attachments] == ["game.png"]
    assert history[-1].content.startswith("**Cinch table**")  # back to the lobby
    store = driver.env.bot.store
    result = await store.games.result(1)
    assert result.status == "finished" and max(result.final_scores) >= 11
    hands = await store.games.hands(1)
    assert len(hands) == len(game.history) and hands[-1].captured is not None
    assert watch.checked > steps


async def test_one_table_message_stands_and_the_new_one_notifies_only_the_player_to_act(
    driver, players
):
    """Each person's turn posts the table anew (the old one goes), mentioning them alone."""
    alice = players[0]
    await driver.open_and_fill(alice)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    for _ in range(3):
        await driver.take_turn()
        await driver.settle()
    tables = [message for message in driver.messages() if buttons(message)]
    assert [message.id for message in tables] == [driver.table_message().id]
    acting = driver.table.user_at(driver.game.to_act)
    created = next(
        request
        for request in reversed(driver.env.http_requests)
        if request.method == "POST" and request.path == f"/channels/{driver.channel.id}/messages"
    )
    assert created.json["allowed_mentions"] == {"parse": [], "users": [acting]}
    assert f"<@{acting}>" in driver.table_message().content
    assert [a.filename for a in driver.table_message().attachments] == ["table.png"]


async def test_a_game_carries_on_after_a_restart_and_old_buttons_still_work(
    driver, players, restart
):
    alice = players[0]
    await driver.open_and_fill(alice)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    while not (driver.game.phase is Phase.PLAY and len(driver.game.tricks) == 2):
        await driver.take_turn()
        await driver.settle()
    before = driver.game.to_dict()
    acting = driver.member_at(driver.game.to_act)
    old_hand_message = await driver.hand_message(acting)

    bot = await restart()
    driver.pace()
    await driver.settle()
    assert bot.tables.registry.find_in_channel(driver.channel.id).game.to_dict() == before
    # Back up, the table is posted anew to tell the player to act; their private message from
    # before the restart still answers: a card played from it is played.
    card = driver.game.decision().cards[0]
    played = await acting.click(old_hand_message, label=f"Play {card.display}")
    assert card not in driver.game.hands[driver.table.seat_of(acting.user.id)]
    driver.hand_messages[acting.user.id] = played.response
    hand = driver.game.hand_number
    while driver.game.hand_number == hand:
        await driver.take_turn()
        await driver.settle()
    assert driver.messages()[-2].content.startswith(f"Hand {hand}: ")


async def test_after_a_stop_between_the_commit_and_the_edit_the_table_is_brought_up_to_date(
    driver, players, restart
):
    """The move is stored but the table message never showed it (the process stopped first):
    at start the bot shows every open table's stored state (posted anew, notifying the player
    to act, the stale message deleted), and says it is back."""
    alice = players[0]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    path = f"/channels/{driver.channel.id}/messages"
    # A refusal that does not mean the channel is gone (that would close the table).
    driver.env.inject_error("POST", path, status=400, code=50035, message="Invalid Form Body")
    await driver.take_turn()
    await driver.settle()
    stale = driver.table_message().content

    await restart()
    driver.pace()
    await driver.settle()

    shown = driver.table_message()
    drawing = Drawing()
    stored = await display.public_table(driver.table, drawing, lambda user: f"<@{user}>")
    drawing.close()
    assert shown.content == stored.text != stale
    assert [m.id for m in driver.messages() if buttons(m)] == [shown.id]
    assert any(m.content.startswith("🔄 The bot was restarted") for m in driver.messages())
