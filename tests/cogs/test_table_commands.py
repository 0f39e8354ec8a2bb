"""The table's other commands: rules, score, table, addbot and its seat choices, play's card
choices, hints, leaving a game and taking the seat over, and private hands in one's language."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

from bot.engine import HouseRules, PlayDecision
from bot.service import Teams
from cogs.cinch.lobby import HOUSE_RULE_OPTIONS
from cogs.tables.delivery import MENTION_REMOVED
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


@pytest.fixture
def driver(simcord_env, channel, players) -> TableDriver:
    table_driver = TableDriver(simcord_env, channel, players)
    table_driver.service.seeds = random.Random(13)
    return table_driver


async def started(driver: TableDriver, creator, **options) -> None:
    await driver.open_and_fill(creator, **options)
    await creator.click(driver.table_message(), label="Start")
    await driver.settle()


async def test_rules_show_this_tables_house_rules_then_the_summary(driver, players):
    alice = players[0]
    await alice.slash(driver.channel, "cinch new", target=42, all_pass="redealNextDealer")
    result = await alice.slash(driver.channel, "cinch rules")
    (embed,) = result.response.embeds
    assert embed.title == "Cinch (Double Pedro) in short"
    lines = embed.description.splitlines()
    assert lines[0] == "**This table's house rules**"
    assert "Points to win: 42" in lines
    assert "If everyone passes: Redeal by the next dealer" in lines
    assert "Turn timer: 90 s" in lines
    assert "Newcomers during a game: need the agreement of someone playing" in lines
    assert embed.fields[0].name == "Cards and trumps"
    summary = {field.name: field.value for field in embed.fields}
    assert summary["Scoring and winning"].endswith("The first team to reach 42 wins.")
    assert "51" not in "\n".join(summary.values())
    assert summary["Bidding"].endswith(
        "If everyone passes, the next dealer deals again; after 3 new deals in a row, the dealer"
        " is stuck with a bid of 1."
    )


async def test_rules_without_a_table_give_the_usual_rules(driver, players):
    result = await players[0].slash(driver.channel, "cinch rules")
    (embed,) = result.response.embeds
    assert embed.description is None
    summary = {field.name: field.value for field in embed.fields}
    assert summary["Scoring and winning"].endswith("The first team to reach 51 wins.")
    assert "from 1 to 14" in summary["Bidding"]


@pytest.mark.slow
async def test_score_lists_every_hand(driver, players):
    await started(driver, players[0])
    hand = driver.game.hand_number
    while driver.game.hand_number == hand:
        await driver.take_turn()
        await driver.settle()
    result = await players[1].slash(driver.channel, "cinch score")
    lines = result.response.content.splitlines()
    north_south = " & ".join(driver.table.names(None)[seat] for seat in (0, 2))
    assert lines[0].startswith(f"Score: {north_south} ")
    assert lines[1].startswith(f"Hand 1: {north_south} ")


@pytest.mark.slow
async def test_table_posts_the_table_again_below(driver, players):
    await started(driver, players[0])
    old = driver.table_message()
    await players[2].send(driver.channel, "brb")
    result = await players[2].slash(driver.channel, "cinch table")
    assert result.response.content == "The table is posted again at the bottom of the channel."
    await driver.settle()
    assert driver.channel.last_message.id == driver.table.record.message_id != old.id
    # The old one is gone, or (it notified the first player) a bare line that stays.
    left = [message for message in driver.channel.history() if message.id == old.id]
    assert all(
        (m.content, m.attachments, m.components, m.mentions) == (MENTION_REMOVED, [], [], [])
        for m in left
    )


async def test_addbot_takes_a_chosen_seat_at_a_chosen_level(driver, players):
    alice = players[0]
    await alice.slash(driver.channel, "cinch new", teams="manual")
    choices = await alice.autocomplete(driver.channel, "cinch addbot", "seat", "")
    assert [choice["name"] for choice in choices] == [
        "North · alice",
        "East · Empty seat",
        "South · Empty seat",
        "West · Empty seat",
    ]
    result = await alice.slash(driver.channel, "cinch addbot", seat=2, level="hard")
    assert result.response.content == "A computer player (Hard) sits at South."
    seat = driver.table.seats[2]
    assert seat.computer_level == "hard"
    await driver.settle()
    assert "South: Computer 3" in driver.table_message().content


@pytest.mark.slow
async def test_play_offers_the_legal_cards(driver, players):
    await started(driver, players[0])
    while not isinstance(driver.game.decision(), PlayDecision):
        await driver.take_turn()
        await driver.settle()
    decision = driver.game.decision()
    member = driver.member_at(decision.seat)
    choices = await member.autocomplete(driver.channel, "cinch play", "card", "")
    assert [choice["value"] for choice in choices] == [card.code for card in decision.cards]


@pytest.mark.slow
async def test_hints_are_off_unless_the_table_allows_them(driver, players, take_user_errors):
    await started(driver, players[0])
    member = driver.member_at(driver.game.to_act)
    result = await member.slash(driver.channel, "cinch hint")
    assert result.response.content == "Hints are turned off at this table."
    assert [error.key for error in take_user_errors()] == ["errors.hints_off"]


@pytest.mark.slow
async def test_a_hint_names_a_legal_move(driver, players):
    await started(driver, players[0], hints=True)
    member = driver.member_at(driver.game.to_act)
    result = await member.slash(driver.channel, "cinch hint")
    assert result.response.content.startswith("💡 ")
    assert result.ephemeral
    # The reason names the move once ("💡 Bid 7: this hand should make it..."), not twice.
    reason = result.response.content.removeprefix("💡 ")
    move = reason.split(":")[0]
    assert reason.count(move) == 1


@pytest.mark.slow
async def test_at_a_table_open_to_all_a_player_who_leaves_is_replaced_by_whoever_joins(
    driver, players, add_member
):
    await started(driver, players[0], open_seats=True)
    bob = players[1]
    seat = driver.table.seat_of(bob.user.id)
    left = await bob.slash(driver.channel, "cinch leave")
    assert left.response.content.startswith("You stepped away")
    await driver.settle()
    assert driver.table.seats[seat].away
    assert any("bob left the table" in message.content for message in driver.messages()[-2:])
    erin = add_member("erin")
    taken = await erin.click(driver.table_message(), label="Join")
    assert taken.ephemeral and taken.response.content.startswith("**Your hand**")
    assert driver.table.seat_of(erin.user.id) == seat
    await driver.settle()
    assert all(item["label"] != "Join" for item in buttons(driver.table_message()))


@pytest.mark.slow
async def test_a_players_hand_speaks_their_language_while_the_table_keeps_its_own(driver, players):
    bob = players[1]
    await driver.env.bot.store.preferences.update(bob.user.id, locale="fr")
    await started(driver, players[0])
    shown = await bob.click(driver.table_message(), label="Show my hand")
    assert shown.response.content.startswith("**Votre main** (donne 1)")
    assert driver.table_message().content.startswith("**Hand 1**")


async def test_every_option_of_new_reaches_the_table(driver, players):
    """Each house rule of the engine is an option of `/cinch new`, and each option given is
    the table's setting; the others keep the defaults `HouseRules` and `TableOptions` own."""
    assert set(HOUSE_RULE_OPTIONS.values()) == {field.name for field in fields(HouseRules)}
    alice = players[0]
    await alice.slash(
        driver.channel,
        "cinch new",
        players=3,
        target=21,
        teams="manual",
        hints=True,
        pause=0.5,
        min_bid=2,
        all_pass="dealerStuckAtMin",
        dealer_rob="freeChoice",
        excess_trumps="dumpOnFirstTrick",
        stock_shortage="playShort",
        scoring="eachSideOwn",
        set_formula="oppPointsPlusBid",
        bidder_goes_out=False,
        first_dealer="lowest",
        low_goes_to="holder",
        high_low="inPlay",
        discards_visible=False,
        counting_discard=True,
    )
    options = driver.table.options
    assert (options.players, options.teams, options.hints, options.computer_pause) == (
        3,
        Teams.MANUAL,
        True,
        0.5,
    )
    assert options.rules.to_dict() == {
        "target_score": 21,
        "min_bid": 2,
        "all_pass": "dealerStuckAtMin",
        "dealer_rob": "freeChoice",
        "excess_trumps": "dumpOnFirstTrick",
        "stock_shortage": "playShort",
        "scoring": "eachSideOwn",
        "set_formula": "oppPointsPlusBid",
        "bidder_goes_out": False,
        "first_dealer": "lowest",
        "low_goes_to": "holder",
        "high_low": "inPlay",
        "discards_visible": False,
        "allow_counting_discard": True,
    }
