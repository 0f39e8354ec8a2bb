"""Mistakes get their own message and change nothing: out of turn, not seated, an illegal card,
a bid too low, a stale button, two clicks at once, a missing permission, a second table."""

from __future__ import annotations

import asyncio
import random

import discord
import pytest
from discord import app_commands

from bot.engine import Pass, PlayDecision
from bot.errors import UserFacingError
from bot.service import Person
from bot.service.showing.private_hands import PRIVATE_LIFETIME
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


@pytest.fixture
async def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(5)
    await table_driver.open_and_fill(players[0])
    await players[0].click(table_driver.table_message(), label="Start")
    await table_driver.settle()
    return table_driver


def someone_waiting(driver: TableDriver):
    game = driver.game
    return driver.member_at((game.to_act + 1) % 4)


@pytest.mark.slow
async def test_acting_out_of_turn_names_the_player_to_act(driver, take_user_errors):
    game = driver.game
    moves = len(game.log)
    result = await someone_waiting(driver).slash(driver.channel, "cinch pass")
    acting = driver.table.seats[game.to_act].display_name
    assert result.ephemeral and result.response.content == f"It is {acting}'s turn."
    assert [error.key for error in take_user_errors()] == ["errors.not_your_turn"]
    assert len(game.log) == moves


@pytest.mark.slow
async def test_someone_not_seated_is_refused_politely(driver, add_member, take_user_errors):
    erin = add_member("erin")
    shown = await erin.click(driver.table_message(), label="Show my hand")
    assert shown.response.content == "You are not seated at this table."
    result = await erin.slash(driver.channel, "cinch bid", amount=5)
    assert result.response.content == "You are not seated at this table."
    assert [error.key for error in take_user_errors()] == ["errors.not_seated"]


@pytest.mark.slow
async def test_a_bid_too_low_says_what_to_beat(driver, take_user_errors):
    first = driver.member_at(driver.game.to_act)
    await first.slash(driver.channel, "cinch bid", amount=5)
    second = driver.member_at(driver.game.to_act)
    result = await second.slash(driver.channel, "cinch bid", amount=5)
    assert result.response.content == "Bids must be higher than 5."
    assert [error.key for error in take_user_errors()] == ["errors.bid_too_low"]
    assert len(driver.game.bids) == 1


@pytest.mark.slow
async def test_an_illegal_card_says_which_cards_may_be_played(driver, take_user_errors):
    def blocked() -> bool:
        decision = driver.game.decision()
        hand = driver.game.hands[driver.game.to_act]
        return isinstance(decision, PlayDecision) and len(decision.cards) < len(hand)

    while not blocked():
        await driver.take_turn()
        await driver.settle()
    game = driver.game
    decision = game.decision()
    illegal = next(card for card in game.hands[decision.seat] if card not in decision.cards)
    moves = len(game.log)
    result = await driver.member_at(decision.seat).slash(
        driver.channel, "cinch play", card=illegal.code
    )
    legal = " ".join(card.display for card in decision.cards)
    assert result.response.content in (
        f"Follow suit or play a trump: you hold {legal}.",
        f"You must play a trump: you hold {legal}.",
    )
    take_user_errors()
    assert len(game.log) == moves
    message = await driver.hand_message(driver.member_at(decision.seat))
    disabled = {item["label"] for item in buttons(message) if item.get("disabled")}
    assert f"Play {illegal.display}" in disabled


@pytest.mark.slow
async def test_a_card_that_is_not_a_card_is_explained(driver, take_user_errors):
    member = driver.member_at(driver.game.to_act)
    result = await member.slash(driver.channel, "cinch play", card="11Z")
    assert result.response.content == "“11Z” is not a card. Write cards like 10H, 10♥ or th."
    take_user_errors()


@pytest.mark.slow
async def test_a_button_of_an_earlier_hand_is_stale(simcord_env, channel, players):
    driver = TableDriver(simcord_env, channel, players)
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    member = driver.member_at(driver.game.to_act)
    old = await member.slash(driver.channel, "cinch hand")
    assert any(item["label"] == "Pass" for item in buttons(old.response))
    hand = driver.game.hand_number
    # Discord lets the bot edit a private message for 15 minutes: an older one keeps its
    # buttons when the player is shown their hand again.
    await driver.env.advance_time(PRIVATE_LIFETIME.total_seconds() + 60)
    while driver.game.hand_number == hand:
        await driver.take_turn()
        await driver.settle()
    moves = len(driver.game.log)
    stale = await member.click(old.response, label="Pass")
    assert stale.response.content == "This button belongs to an earlier hand."
    assert len(driver.game.log) == moves


@pytest.mark.slow
async def test_buttons_of_a_closed_table_say_so(driver, players, take_user_errors):
    member = driver.member_at(driver.game.to_act)
    hand = await member.slash(driver.channel, "cinch hand")
    closed = await players[0].slash(driver.channel, "cinch end")
    assert closed.response.content == "The table is closed."
    result = await member.click(hand.response, label="Pass")
    assert result.response.content == "This table has been closed."
    assert buttons(driver.channel.history()[-2]) == []  # the last table message, retired


@pytest.mark.slow
async def test_a_click_and_another_action_arriving_together_apply_once(driver):
    """SimCord runs one user operation at a time, so the second arrives straight at the
    service while the click is being handled; the table's lock lets only one through."""
    member = driver.member_at(driver.game.to_act)
    message = await driver.hand_message(member)
    moves = len(driver.game.log)
    results = await asyncio.gather(
        member.click(message, label="Pass"),
        driver.service.act(driver.table.id, Person(member.user.id, ""), Pass()),
        return_exceptions=True,
    )
    assert len(driver.game.log) == moves + 1
    refused = [r for r in results if isinstance(r, UserFacingError)]
    clicked = results[0]
    assert len(refused) == 1 or clicked.response.content.startswith("It is ")
    assert refused == [] or refused[0].key == "errors.not_your_turn"


@pytest.mark.slow
async def test_a_second_table_in_the_channel_points_to_the_first(driver, players, take_user_errors):
    result = await players[1].slash(driver.channel, "cinch new")
    table = driver.table.record
    link = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}/{table.message_id}"
    assert result.response.content == f"This channel already has a table: {link}"
    take_user_errors()


async def test_a_missing_permission_is_named(simcord_env, guild, players):
    channel = guild.create_text_channel(
        "no-pictures", overwrites={guild.me: discord.PermissionOverwrite(attach_files=False)}
    )
    result = await players[0].slash(channel, "cinch new")
    assert result.response.content == "I am missing permissions in this channel: Attach Files."
    (error,) = simcord_env.errors
    assert isinstance(error, app_commands.BotMissingPermissions)
