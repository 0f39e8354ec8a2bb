"""**Rematch** under a game's result: each player confirms with a click, and the game starts
again at the same seats with the same computer players; in the channel, in a thread whose
table closed with its game, and from a button posted before a restart."""

from __future__ import annotations

import random

import discord
import pytest

from cogs.tables.rematch import RematchButton
from tests.cogs.stored_games import end_game
from tests.cogs.table_driver import (
    SETTLE_TIMEOUT,
    TableDriver,
    buttons,
    computers_table_in_thread,
    play_to_the_end,
)

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


def rematch_message(channel) -> discord.Message:
    """The last message offering a rematch."""
    return [
        message
        for message in channel.history()
        if any(item.get("label") == "Rematch" for item in buttons(message))
    ][-1]


def seating(driver: TableDriver) -> dict[int, int | str | None]:
    return {
        seat: record.user_id or record.computer_level for seat, record in driver.table.seats.items()
    }


@pytest.mark.slow
async def test_both_players_confirm_and_play_again_at_the_same_seats(simcord_env, channel, players):
    alice, bob, _, _ = players
    await alice.slash(channel, "cinch new", target=1, pause=10.0, timer=0)
    await bob.slash(channel, "cinch join")
    await alice.slash(channel, "cinch addbot", level="easy")
    await alice.slash(channel, "cinch addbot", level="easy")
    await alice.slash(channel, "cinch start")
    driver = TableDriver(simcord_env, channel, [alice, bob])
    driver.service.seeds = random.Random(3)
    table_id = driver.table.id
    await play_to_the_end(driver, table_id)
    before = seating(driver)
    offer = rematch_message(channel)

    waiting = await alice.click(offer, label="Rematch")
    assert waiting.ephemeral
    assert waiting.response.content == "You are in for the rematch. Waiting for bob."
    assert "Rematch: waiting for bob." in driver.table_message().content
    started = await bob.click(offer, label="Rematch")
    assert started.ephemeral and started.response.attachments  # bob's hand
    assert driver.table.playing and seating(driver) == before
    # Someone who did not play that game is refused.
    carol = players[2]
    refused = await carol.click(offer, label="Rematch")
    assert refused.response.content == "Only the players of that game can ask for its rematch."


@pytest.mark.slow
async def test_a_rematch_in_a_thread_opens_its_table_again(simcord_env, channel, players):
    alice = players[0]
    thread, driver = await computers_table_in_thread(simcord_env, channel, alice)
    first = driver.table.id
    before = seating(driver)
    await play_to_the_end(driver, first)
    assert simcord_env.backend.get_channel(thread.id).thread_metadata.archived

    started = await alice.click(rematch_message(thread), label="Rematch")
    assert started.response.attachments  # alice's hand: the computers need no asking
    assert not simcord_env.backend.get_channel(thread.id).thread_metadata.archived
    assert driver.table.id != first and driver.table.playing
    assert seating(driver) == before


async def test_a_rematch_button_from_before_a_restart_works(
    simcord_env, simcord_bot, channel, players, restart
):
    alice, bob, carol, _ = players
    game_id = await end_game(
        simcord_bot.store, channel, [alice, bob, carol], winner=0, computer="easy"
    )
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(game_id))
    await simcord_bot.get_channel(channel.id).send("result", view=view)
    offer = channel.last_message
    await restart()

    result = await carol.click(offer, label="Rematch")
    assert result.response.content == "You are in for the rematch. Waiting for alice, bob."
    facts = simcord_env.bot.tables.facts_in_channel(channel.id)
    assert not facts.playing
