"""Private hands by direct message, and the fall-back when Discord refuses to deliver them."""

from __future__ import annotations

import random

import pytest

from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons, enabled

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

CANNOT_DM = 50007


def refuse_dms(driver: TableDriver, member) -> None:
    """From now on Discord refuses every direct message to ``member`` (their DMs are closed)."""
    driver.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=CANNOT_DM,
        message="Cannot send messages to this user",
        times=None,
    )


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(8)
    return table_driver


async def test_a_player_who_prefers_dms_gets_and_plays_the_hand_there(driver, players):
    alice, bob = players[0], players[1]
    await bob.slash(driver.channel, "cinch settings", hand="dm")
    await driver.open_and_fill(alice)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    dms = bob.user.dm_channel.history()
    where = f"**Cinch Club** · <#{driver.channel.id}>\n"
    assert len(dms) == 1 and dms[0].content.startswith(where + "**Your hand** (hand 1)")
    assert [a.filename for a in dms[0].attachments] == ["hand.png"]
    while driver.table.user_at(driver.game.to_act) != bob.user.id:
        await driver.take_turn()
        await driver.settle()
    dm = bob.user.dm_channel.last_message
    assert dm.id == dms[0].id and enabled(dm)  # the same DM, now with bob's choices
    moves = len(driver.game.log)
    result = await bob.user.click(dm, label="Pass")
    assert len(driver.game.log) == moves + 1
    assert result.response.id == dm.id and "Waiting for" in result.response.content
    assert result.response.content.startswith(where)
    assert all(
        not message.content.startswith("**Your hand**") for message in driver.channel.history()
    )


async def test_refused_dms_fall_back_to_the_channel_and_the_player_is_told_once(driver, players):
    alice, carol = players[0], players[2]
    await carol.slash(driver.channel, "cinch settings", hand="dm")
    refuse_dms(driver, carol)
    await driver.open_and_fill(alice)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    preferences = await driver.env.bot.store.preferences.get(carol.user.id)
    assert preferences.hand_delivery == "dm" and preferences.dm_failed
    # She never showed her hand here: no interaction of hers lives, so the channel names her.
    told = [m for m in driver.messages() if "I couldn't send you a direct message" in m.content]
    assert [(m.content, [user.id for user in m.mentions]) for m in told] == [
        (
            f"<@{carol.user.id}> I couldn't send you a direct message, so your hand will appear"
            " here instead.",
            [carol.user.id],
        )
    ]
    first = await carol.click(driver.table_message(), label="Show my hand")
    assert first.ephemeral
    assert first.response.content.startswith("**Your hand** (hand 1)")
    again = await carol.click(driver.table_message(), label="Show my hand")
    assert again.response.content.startswith("**Your hand** (hand 1)")
    assert carol.user.dm_channel.history() == []
    assert buttons(again.response) == buttons(first.response)


async def test_a_hand_shown_again_retires_the_older_message(driver, players):
    alice = players[0]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    first = await alice.click(driver.table_message(), label="Show my hand")
    assert first.response.content.startswith("**Your hand**")
    second = await alice.slash(driver.channel, "cinch hand")
    assert second.response.content.startswith("**Your hand**")
    assert first.response.content == "Your hand is in a newer message below."
    assert buttons(first.response) == [] and first.response.attachments == []


async def test_at_the_end_of_the_game_every_hand_message_says_it_is_over(driver, players):
    await driver.open_and_fill(players[0], timer=0, target=1)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    shown = {
        member.user.id: (await member.click(driver.table_message(), label="Show my hand")).response
        for member in players
    }
    while driver.table.playing:
        await driver.take_turn()
        await driver.settle()
    for user_id, first in shown.items():
        latest = driver.hand_messages.get(user_id, first)  # the driver shows hands anew
        assert latest.content == "The game is over: the result is in the channel."
        assert buttons(latest) == []


async def test_a_dm_player_who_plays_a_hands_last_card_in_the_channel_gets_the_next_deal_by_dm(
    driver, players
):
    alice = players[0]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    game = driver.game
    while not (game.phase.value == "play" and sum(map(len, game.hands)) == 1):
        await driver.take_turn()
        await driver.settle()
        game = driver.game
    last = driver.member_at(game.to_act)
    await last.slash(driver.channel, "cinch settings", hand="dm")
    before = len(last.user.dm_channel.history()) if last.user.dm_channel else 0

    await driver.take_turn(use_commands=True)  # the hand's last card, played in the channel
    await driver.settle()

    assert driver.game.hand_number == 2
    new_dms = last.user.dm_channel.history()[before:]
    assert any("**Your hand** (hand 2)" in dm.content for dm in new_dms)


async def test_a_player_whose_dms_close_across_a_restart_is_told_beside_their_hand(
    driver, players, restart
):
    """The bot restarts between the click that showed a hand privately in the channel and
    Discord's refusal of the player's first DM: the private message's interaction still lives,
    so its followup tells the player, as the process before the restart would have."""
    alice, carol = players[0], players[2]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    shown = await carol.click(driver.table_message(), label="Show my hand")
    await carol.slash(driver.channel, "cinch settings", hand="dm")
    refuse_dms(driver, carol)
    await restart()  # the new process brings hands up to date: carol's first DM is refused
    driver.pace()
    told = "I couldn't send you a direct message, so your hand will appear here instead."
    for _ in range(8):
        await driver.take_turn()
        await driver.settle()
        if (await driver.env.bot.store.preferences.get(carol.user.id)).dm_failed:
            break
    seen = [m for m in driver.channel.history(viewer=carol) if m.content == told]
    assert len(seen) == 1 and seen[0].flags.ephemeral
    assert driver.channel.history(viewer=alice).count(seen[0]) == 0
    assert shown.response.ephemeral
