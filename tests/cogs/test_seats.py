"""Who may sit where, through Discord: a newcomer asks the people playing for a seat, and
someone no longer in the server stops playing (a ban heard at once, a kick at their next click
from a DM)."""

from __future__ import annotations

import random

import pytest

from bot.presentation.names import seat_name
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons, enabled

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(5)
    return table_driver


async def started(driver: TableDriver, creator, **options) -> None:
    await driver.open_and_fill(creator, **options)
    await creator.click(driver.table_message(), label="Start")
    await driver.settle()


async def test_a_newcomer_asks_for_a_seat_and_someone_playing_lets_them_in_after_a_restart(
    driver, players, add_member, restart
):
    alice, bob, carol = players[:3]
    await started(driver, alice)
    seat = driver.table.seat_of(bob.user.id)
    await bob.slash(driver.channel, "cinch leave")
    await driver.settle()
    erin = add_member("erin")
    asked = await erin.click(driver.table_message(), label="Join")
    request = asked.response
    assert not asked.ephemeral
    assert request.content.startswith(f"<@{erin.user.id}> asks for a seat in the game going on")
    assert [item["label"] for item in buttons(request)] == ["Let them in", "Refuse"]
    assert driver.table.seat_of(erin.user.id) is None
    again = await erin.click(driver.table_message(), label="Join")
    assert again.ephemeral and again.response.content.startswith("You already asked")

    frank = add_member("frank")
    refused = await frank.click(request, label="Let them in")
    assert refused.ephemeral and refused.response.content.startswith("Only someone playing")
    assert driver.table.seat_of(erin.user.id) is None

    await restart()
    driver.pace()
    await carol.click(request, label="Let them in")
    await driver.settle()
    seat_label = seat_name(seat, 4, "en")
    assert request.content == (
        f"<@{carol.user.id}> let <@{erin.user.id}> take a seat ({seat_label})."
    )
    assert buttons(request) == []
    assert driver.table.seat_of(erin.user.id) == seat
    assert driver.table.seats[seat].display_name == "erin"
    shown = await erin.click(driver.table_message(), label="Show my hand")
    assert shown.response.content.startswith("**Your hand**")


async def test_a_refused_newcomer_stays_out(driver, players, add_member):
    alice, bob = players[:2]
    await started(driver, alice)
    await bob.slash(driver.channel, "cinch leave")
    await driver.settle()
    erin = add_member("erin")
    request = (await erin.click(driver.table_message(), label="Join")).response
    await alice.click(request, label="Refuse")
    seat = seat_name(driver.table.seat_of(bob.user.id), 4, "en")
    assert request.content == (
        f"<@{alice.user.id}> refused the request of <@{erin.user.id}> ({seat})."
    )
    assert driver.table.seat_of(erin.user.id) is None


async def test_a_kicked_player_cannot_play_on_from_their_dm_and_their_seat_plays_itself(
    driver, players, guild
):
    alice, bob = players[:2]
    await bob.slash(driver.channel, "cinch settings", hand="dm")
    await started(driver, alice)
    while driver.table.user_at(driver.game.to_act) != bob.user.id:
        await driver.take_turn()
        await driver.settle()
    dm = bob.user.dm_channel.last_message
    assert enabled(dm)
    seat = driver.table.seat_of(bob.user.id)
    moves = len(driver.game.log)
    guild.remove_member(bob)
    clicked = await bob.user.click(dm, label="Pass")
    assert clicked.ephemeral
    assert clicked.response.content.startswith("You are no longer a member of this table's server")
    assert driver.table.seats[seat].away
    await driver.settle()
    assert len(driver.game.log) > moves, "the computer played the seat"
    assert driver.game.log[moves][0] == seat


async def test_a_banned_player_steps_away_at_once(driver, players, guild):
    alice, bob = players[:2]
    await started(driver, alice)
    seat = driver.table.seat_of(bob.user.id)
    driver.env.backend.apply_ban(guild.id, bob.user.id, "cheating")
    await driver.settle()
    assert driver.table.seats[seat].away
    assert any("bob left the table" in message.content for message in driver.messages()[-3:])
