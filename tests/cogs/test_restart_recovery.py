"""A process that stops between storing an action and showing it: the next start shows what
was missed, and every private hand is brought up to the stored state.

The stop is simulated by dropping everything the service would have shown after the action
(its publisher does nothing), then restarting the bot on the same database, as after a kill.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.engine import Phase
from bot.store.shown import GAME_END
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons, enabled

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table = TableDriver(simcord_env, channel, players)
    table.service.seeds = random.Random(3)
    return table


def nothing_shown_from_now_on(driver: TableDriver, monkeypatch: pytest.MonkeyPatch) -> None:
    """The process stops right after its next commit: nothing it would show goes out."""
    monkeypatch.setattr(driver.service._publisher, "publish", lambda table, pending: None)


async def until_the_last_card_of_the_hand(driver: TableDriver) -> None:
    game = driver.game
    hand = game.hand_number
    while not (
        game.hand_number == hand
        and game.phase is Phase.PLAY
        and not any(game.hands[seat] for seat in range(4) if seat != game.to_act)
        and len(game.hands[game.to_act]) == 1
    ):
        await driver.take_turn()
        await driver.settle()
        game = driver.game


async def test_a_result_never_posted_and_the_next_deals_dm_go_out_after_a_restart(
    driver, players, restart, monkeypatch
):
    alice = players[0]
    await alice.slash(driver.channel, "cinch settings", hand="dm")
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    await until_the_last_card_of_the_hand(driver)
    dms_before = len(alice.user.dm_channel.history())

    nothing_shown_from_now_on(driver, monkeypatch)
    await driver.take_turn()  # the hand's last card: stored, its result never posted
    assert driver.game.hand_number == 2
    assert not any(m.content.startswith("Hand 1: ") for m in driver.messages())

    bot = await restart()
    driver.pace()
    await driver.settle()

    results = [m for m in driver.messages() if m.content.startswith("Hand 1: ")]
    assert len(results) == 1 and results[0].attachments[0].filename == "hand-1.png"
    game_id = driver.table.game_id
    assert 1 in await bot.store.shown.announced(game_id)
    # The table comes after the result, showing the new deal; alice got its DM.
    assert driver.messages()[-1].id == driver.table_message().id
    assert "Hand 2" in driver.table_message().content
    new_dms = alice.user.dm_channel.history()[dms_before:]
    assert any("(hand 2)" in dm.content for dm in new_dms)

    bot = await restart()  # once posted, a result is not posted again
    driver.pace()
    await driver.settle()
    assert len([m for m in driver.messages() if m.content.startswith("Hand 1: ")]) == 1
    assert GAME_END not in await bot.store.shown.announced(game_id)


def shows_a_turn(message: Any) -> bool:
    return bool(enabled(message))


async def test_no_private_hand_stays_live_after_a_restart(driver, players, restart, monkeypatch):
    alice = players[0]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    hands = {member.user.id: await driver.hand_message(member) for member in players}
    mover = driver.member_at(driver.game.to_act)

    nothing_shown_from_now_on(driver, monkeypatch)
    await mover.click(hands[mover.user.id], label="Pass")  # the next player is never told
    await restart()
    driver.pace()
    await driver.settle()

    # Every hand message shown before the restart is brought up to date: only the player to
    # act has live buttons, on the very message they had.
    to_act = driver.member_at(driver.game.to_act)
    for member in players:
        assert shows_a_turn(hands[member.user.id]) == (member is to_act), member.user.name
    played = await to_act.click(hands[to_act.user.id], label="Pass")
    assert played.response.id == hands[to_act.user.id].id
    await driver.settle()
    after = driver.member_at(driver.game.to_act)
    for member in players:
        assert shows_a_turn(hands[member.user.id]) == (member is after), member.user.name


async def test_the_clicked_hand_is_brought_up_to_date_when_the_answer_was_cut_short(
    driver, players, restart, monkeypatch
):
    """The process stops after storing a click's move and before answering it: the clicked
    message still shows the turn. The next start brings it up to date."""
    alice = players[0]
    await alice.slash(driver.channel, "cinch settings", hand="dm")
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    hands = {member.user.id: await driver.hand_message(member) for member in players}
    mover = driver.member_at(driver.game.to_act)

    async def stopped(*args: Any, **kwargs: Any) -> None:
        """The process is gone: the click is never answered."""

    nothing_shown_from_now_on(driver, monkeypatch)
    monkeypatch.setattr("cogs.tables.hand_message.answer_with_hand", stopped)
    await mover.click(hands[mover.user.id], label="Pass")
    await restart()
    driver.pace()
    await driver.settle()
    to_act = driver.member_at(driver.game.to_act)
    for member in players:
        assert shows_a_turn(hands[member.user.id]) == (member is to_act), member.user.name


async def test_a_dm_left_on_a_turn_of_the_last_deal_is_retired_after_a_restart(
    driver, players, restart, monkeypatch
):
    """A player who takes their hand by DM plays a hand's last card there, and the process
    stops before answering: their DM still shows that turn. The next start sends the new
    deal's DM, and the old one says where the hand went, its buttons no longer live."""
    for member in players:
        await member.slash(driver.channel, "cinch settings", hand="dm")
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    await until_the_last_card_of_the_hand(driver)
    last = driver.member_at(driver.game.to_act)
    dm = last.user.dm_channel.last_message
    card = enabled(dm)[0]["label"]

    async def stopped(*args: Any, **kwargs: Any) -> None:
        """The process is gone: the click is never answered."""

    nothing_shown_from_now_on(driver, monkeypatch)
    monkeypatch.setattr("cogs.tables.hand_message.answer_with_hand", stopped)
    await last.user.click(dm, label=card)
    assert driver.game.hand_number == 2
    await restart()
    driver.pace()
    await driver.settle()

    dms = last.user.dm_channel.history()
    assert "(hand 2)" in dms[-1].content
    old = next(message for message in dms if message.id == dm.id)
    assert old.content == "Your hand is in a newer message below." and not buttons(old)


async def test_a_dm_sent_and_never_recorded_before_a_stop_is_retired_after_a_restart(
    driver, players, restart, monkeypatch
):
    """The process stops between sending a deal's DMs and recording where they are: the next
    start sends each player their hand again, and the DMs nobody recorded, the one of the
    player to act still offering moves, say where the hand went."""
    for member in players:
        await member.slash(driver.channel, "cinch settings", hand="dm")
    store = driver.env.bot.store
    keep = store.shown.keep_hand_message

    async def dms_never_recorded(table_id: int, message: Any) -> None:
        if message.kind != "dm":
            await keep(table_id, message)

    monkeypatch.setattr(store.shown, "keep_hand_message", dms_never_recorded)
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    to_act = driver.member_at(driver.game.to_act)
    unrecorded = to_act.user.dm_channel.last_message
    assert enabled(unrecorded)

    await restart()
    driver.pace()
    await driver.settle()

    dms = to_act.user.dm_channel.history()
    live = [dm for dm in dms if enabled(dm)]
    assert [dm.id for dm in live] == [dms[-1].id] and dms[-1].id != unrecorded.id
    old = next(dm for dm in dms if dm.id == unrecorded.id)
    assert old.content == "Your hand is in a newer message below." and not buttons(old)


async def test_a_private_hand_sent_and_never_recorded_before_a_stop_is_found_after_a_restart(
    driver, players, restart, monkeypatch
):
    """The process stops between Discord taking a private hand shown in the channel and
    storing where it is. The next start finds that message through its interaction's token,
    as the newest: the one shown before says where the hand went, and once the player moved
    none of their hand messages still shows a turn."""
    alice = players[0]
    await driver.open_and_fill(alice, timer=0)
    await alice.click(driver.table_message(), label="Start")
    await driver.settle()
    to_act = driver.member_at(driver.game.to_act)
    recorded = await driver.hand_message(to_act)
    table_id = driver.table.id
    assert await driver.env.bot.store.shown.hands_being_sent(table_id) == []  # stored, so done

    async def stopped(*args: Any, **kwargs: Any) -> None:
        """The process is gone: where the hand went is never stored."""

    monkeypatch.setattr(driver.env.bot.tables, "hand_shown", stopped)
    unrecorded = (await to_act.click(driver.table_message(), label="Show my hand")).response
    assert shows_a_turn(unrecorded)
    await restart()
    driver.pace()
    await driver.settle()

    assert recorded.content == "Your hand is in a newer message below." and not buttons(recorded)
    assert shows_a_turn(unrecorded)
    await to_act.click(unrecorded, label="Pass")
    await driver.settle()
    assert not shows_a_turn(unrecorded) and not shows_a_turn(recorded)
    assert await driver.env.bot.store.shown.hands_being_sent(table_id) == []
