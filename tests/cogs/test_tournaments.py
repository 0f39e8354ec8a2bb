"""A tournament through Discord: the organiser creates it, people sign up (a pair together),
the organiser starts it, each match opens in a thread with the right seats, the results make
the standings and the next round, a restart in the middle changes nothing, and a match the
deadline stops is decided on its score."""

from __future__ import annotations

import random

import discord
import pytest
import simcord
from discord import app_commands
from simcord.backend.models.channel import Overwrite
from simcord.enums import OverwriteType

from bot.league import tournaments as league
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver
from tests.cogs.tournament_helpers import (
    component_id,
    enter_pair,
    play_match,
    signup_message,
)

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)


@pytest.fixture
def organiser(simcord_env: simcord.Env, guild: simcord.GuildHandle) -> simcord.MemberActor:
    role = guild.create_role("Organisers", permissions=discord.Permissions(manage_events=True))
    return guild.add_member(simcord_env.create_user("organiser"), roles=[role])


async def signed_up_cup(channel, organiser, players, **options: object) -> None:
    """A knockout cup (``options`` added to ``create``) with two pairs signed up, alice with
    carol and bob with dave."""
    alice, bob, carol, dave = players
    await organiser.slash(
        channel, "cinch-tournament create", name="Cup", format="knockout", **options
    )
    await enter_pair(channel, alice, carol)
    await enter_pair(channel, bob, dave)


async def started_cup(channel, organiser, players) -> simcord.ChannelHandle:
    """The cup of :func:`signed_up_cup`, started: its match's thread."""
    await signed_up_cup(channel, organiser, players)
    await organiser.slash(channel, "cinch-tournament start")
    [thread] = channel.threads
    return thread


def seats_of(env: simcord.Env, thread_id: int) -> list[int | None]:
    table = env.bot.tables.registry.find_in_channel(thread_id)
    assert table is not None
    return [table.user_at(seat) for seat in range(4)]


async def test_a_pair_signs_up_together_and_the_sign_up_says_who_is_in(
    simcord_env, channel, players, organiser, take_user_errors
):
    alice, bob, carol, dave = players
    created = await organiser.slash(
        channel, "cinch-tournament create", name="Friday night", format="swiss"
    )
    assert created.ephemeral
    message = signup_message(channel)
    assert "Friday night" in message.content and "0 entries" in message.content
    await alice.select(message, [bob], custom_id=component_id(message, "cinch:tpartner:"))
    invitation = channel.last_message
    assert f"<@{bob.id}>" in invitation.content
    refused = await carol.click(invitation, label="Accept")
    assert refused.response.content == "This invitation is for someone else."
    await bob.click(invitation, label="Accept")
    assert "alice & bob" in signup_message(channel).content
    assert "1 entry" in signup_message(channel).content
    # The organiser cannot start with one pair.
    too_few = await organiser.slash(channel, "cinch-tournament start")
    assert too_few.response.content == "At least 2 entries are needed to start."
    # A member without Manage Events organises nothing.
    denied = await dave.slash(channel, "cinch-tournament create", name="Mine", format="swiss")
    assert "Manage Events" in denied.response.content
    simcord_env.errors  # noqa: B018 - the refusals above are expected


async def test_inviting_withdrawing_and_inviting_again_notifies_once(
    simcord_env, channel, players, organiser
):
    alice, bob, carol, _ = players
    await organiser.slash(channel, "cinch-tournament create", name="Friday night", format="swiss")
    message = signup_message(channel)
    menu = component_id(message, "cinch:tpartner:")
    withdraw = component_id(message, "cinch:tsign:")
    replies = []
    for _ in range(5):
        replies.append(await alice.select(message, [bob], custom_id=menu))
        await alice.click(message, custom_id=withdraw)
    calls = [m for m in channel.history() if f"<@{bob.id}>" in m.content]
    assert len(calls) == 1
    assert all("you can invite them again in 30 min" in r.response.content for r in replies[1:])
    # Carol declines alice for the tournament; bob, invited by alice, is free to choose carol.
    await alice.select(message, [carol], custom_id=menu)
    await carol.click(channel.last_message, label="Decline")
    again = await alice.select(message, [carol], custom_id=menu)
    assert "declined your invitation" in again.response.content
    await simcord_env.advance_time(31 * 60)
    await alice.select(message, [bob], custom_id=menu)
    assert "alice invited bob" in signup_message(channel).content
    await bob.select(message, [carol], custom_id=menu)
    await carol.click(channel.last_message, label="Accept")
    assert "bob & carol" in signup_message(channel).content
    assert "alice invited bob" not in signup_message(channel).content


def calls_since(simcord_env, before: int) -> list[tuple[str, str]]:
    """The bot's calls to Discord since ``before``: (method, path)."""
    return [(call.method, call.path) for call in simcord_env.http_requests[before:]]


async def test_a_sign_up_click_is_answered_before_the_sign_up_message_is_edited(
    simcord_env, channel, players, organiser
):
    alice, bob, _, _ = players
    await organiser.slash(channel, "cinch-tournament create", name="Solo", format="individual")
    message = signup_message(channel)
    edit = ("PATCH", f"/channels/{channel.id}/messages/{message.id}")
    before = len(simcord_env.http_requests)
    await alice.click(message, custom_id=component_id(message, "cinch:tsign:"))
    calls = calls_since(simcord_env, before)
    assert calls[0][1].endswith("/callback") and edit in calls
    assert "alice" in signup_message(channel).content

    await organiser.slash(channel, "cinch-tournament cancel")
    await organiser.slash(channel, "cinch-tournament create", name="Pairs", format="swiss")
    message = signup_message(channel)
    before = len(simcord_env.http_requests)
    await alice.select(message, [bob], custom_id=component_id(message, "cinch:tpartner:"))
    calls = calls_since(simcord_env, before)
    # Answered first; then the partner is asked in the channel and the sign-up edited.
    assert calls[0][1].endswith("/callback")
    assert ("POST", f"/channels/{channel.id}/messages") in calls[1:]
    assert ("PATCH", f"/channels/{channel.id}/messages/{message.id}") in calls[1:]


@pytest.mark.slow
async def test_a_small_tournament_is_played_through_with_a_restart_in_the_middle(
    simcord_env, channel, players, organiser, restart
):
    alice = players[0]
    await organiser.slash(
        channel,
        "cinch-tournament create",
        name="Club night",
        format="individual",
        target=1,
        rounds=2,
        timer=300,
        events=True,
    )
    for member in players:
        await member.click(signup_message(channel), label="Sign up")
    assert "4 entries" in signup_message(channel).content
    await organiser.slash(channel, "cinch-tournament start")
    # Round 1: one table of four in a thread of the channel, its players called there.
    [thread] = channel.threads
    assert thread.name == "Round 1 · Table 1"
    seats = seats_of(simcord_env, thread.id)
    assert sorted(seats) == sorted(member.id for member in players)
    call = next(m for m in thread.history() if m.content.startswith("Club night, round 1"))
    assert all(f"<@{member.id}>" in call.content for member in players)
    events = simcord_env.backend.get_guild(channel.guild.id).scheduled_events
    # Each round is an event of the server; the one of the round going on has started.
    assert sorted(event.status for event in events.values()) == [1, 2]

    new_bot = await restart()
    driver = TableDriver(simcord_env, thread, players)
    driver.service.seeds = random.Random(4)
    table_id = driver.table.id
    await play_match(driver, table_id)
    # Round 1 decided: the standings are posted, and round 2 opens in a new thread with
    # partners changed.
    assert any(
        m.content.startswith("Club night: the standings after round 1") for m in channel.history()
    )
    second = next(handle for handle in channel.threads if handle.name == "Round 2 · Table 1")
    again = seats_of(simcord_env, second.id)
    first_partners = {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))}
    assert {frozenset((again[0], again[2])), frozenset((again[1], again[3]))}.isdisjoint(
        first_partners
    )
    driver = TableDriver(simcord_env, second, players)
    driver.service.seeds = random.Random(5)
    await play_match(driver, driver.table.id)
    final = [m for m in channel.history() if m.content.startswith("Club night is over")]
    assert len(final) == 1 and final[0].attachments
    assert [event.status for event in events.values()] == [3, 3]
    assert "The tournament is over." in signup_message(channel).content
    [tournament] = [t for t in await league.going_on(new_bot.store)] or [None]
    assert tournament is None  # finished
    standings = await alice.slash(channel, "cinch-tournament standings")
    assert standings.response.attachments


@pytest.mark.slow
async def test_a_match_the_deadline_stops_is_decided_on_its_score(
    simcord_env, channel, players, organiser
):
    alice, bob, carol, dave = players
    await organiser.slash(
        channel,
        "cinch-tournament create",
        name="Knockout",
        format="knockout",
        round_minutes=10,
        timer=60,
    )
    await enter_pair(channel, alice, carol)
    await enter_pair(channel, bob, dave)
    await organiser.slash(channel, "cinch-tournament start")
    [thread] = channel.threads
    # Nobody plays: the timers play for them, and the round's time runs out first. Five
    # minutes before, the players are called back: the reminder mentions each of them.
    for _ in range(11):
        await simcord_env.advance_time(60)
    [reminder] = [m for m in thread.history() if "The round ends" in m.content]
    assert {user.id for user in reminder.mentions} == {alice.id, bob.id, carol.id, dave.id}
    assert any("Time is up for this round" in m.content for m in thread.history())
    final = [m for m in channel.history() if m.content.startswith("Knockout is over")]
    assert len(final) == 1
    # Level at 0 to 0: the better seed (the first to sign up, neither being rated) goes through.
    assert "alice & carol" in final[0].content


async def test_a_pair_that_withdraws_forfeits_its_match(
    simcord_env, channel, players, organiser, take_user_errors
):
    alice, bob, carol, dave = players
    thread = await started_cup(channel, organiser, players)
    # Partners sit opposite, the first to sign up of each pair in seats 0 and 1.
    assert seats_of(simcord_env, thread.id) == [alice.id, bob.id, carol.id, dave.id]
    # Only the match's players sit at its table.
    erin = thread.guild.add_member(simcord_env.create_user("erin"))
    refused = await erin.slash(thread, "cinch join")
    assert refused.response.content == "This is a tournament match: only its players sit here."
    await dave.slash(thread, "cinch-tournament withdraw")
    assert any("bob & dave withdrew from the tournament" in m.content for m in thread.history())
    final = [m for m in channel.history() if m.content.startswith("Cup is over")]
    assert len(final) == 1 and "alice & carol" in final[0].content
    assert not simcord_env.bot.tables.registry.find_in_channel(thread.id)
    assert [error.key for error in take_user_errors()] == ["errors.match_seats"]


async def test_a_player_of_rotating_partners_who_withdraws_leaves_their_table(
    simcord_env, channel, players, organiser
):
    carol = players[2]
    await organiser.slash(
        channel, "cinch-tournament create", name="Solo", format="individual", rounds=2
    )
    for member in players:
        await member.click(signup_message(channel), label="Sign up")
    await organiser.slash(channel, "cinch-tournament start")
    [thread] = channel.threads
    table = simcord_env.bot.tables.registry.find_in_channel(thread.id)
    await carol.slash(channel, "cinch-tournament withdraw")
    # The computer plays carol's seat to the end of this match; the game goes on.
    seat = table.seat_of(carol.id)
    assert seat is not None and table.seats[seat].away and table.playing
    entrants = await league.entrants(simcord_env.bot.store, 1)
    assert [entrant.status for entrant in entrants if entrant.user_id == carol.id] == ["withdrawn"]


async def test_a_tournament_is_not_started_where_the_bot_may_not_make_threads(
    simcord_env, guild, players, organiser, take_user_errors
):
    channel = guild.create_text_channel("cups")
    await organiser.slash(channel, "cinch-tournament create", name="Cup", format="knockout")
    await enter_pair(channel, players[0], players[2])
    await enter_pair(channel, players[1], players[3])
    # The bot loses Create Public Threads in the tournament's channel before it starts.
    threads = discord.Permissions(create_public_threads=True).value
    simcord_env.backend.set_overwrite(
        channel.id, Overwrite(guild.me.id, OverwriteType.MEMBER, deny=threads)
    )
    refused = await organiser.slash(channel, "cinch-tournament start")
    assert "Create Public Threads" in refused.response.content
    assert isinstance(simcord_env.errors[-1], app_commands.BotMissingPermissions)
    assert [t.status for t in await league.going_on(simcord_env.bot.store)] == ["signup"]


async def test_a_refused_match_thread_is_said_once_and_the_match_decided_at_the_deadline(
    simcord_env, channel, players, organiser
):
    await signed_up_cup(channel, organiser, players, round_minutes=10)
    # Discord refuses the match's thread, from now on (the permission was taken meanwhile).
    simcord_env.inject_error(
        "POST", f"/channels/{channel.id}/threads", status=403, code=50013,
        message="Missing Permissions", times=None,
    )  # fmt: skip
    await organiser.slash(channel, "cinch-tournament start")
    for _ in range(12):
        await simcord_env.advance_time(60)
    asked = [
        call
        for call in simcord_env.http_requests
        if call.method == "POST" and call.path == f"/channels/{channel.id}/threads"
    ]
    assert len(asked) == 1  # asked once, never again in a loop
    told = [m for m in channel.history() if "Discord refused me a thread" in m.content]
    assert len(told) == 1
    # At the deadline the match is decided as one that never got its table: 0 to 0, the
    # better seed through; the tournament ends.
    [match] = await league.matches(simcord_env.bot.store, 1)
    assert match.done and match.scores == (0, 0) and match.decided_by == "deadline"
    assert [m for m in channel.history() if m.content.startswith("Cup is over")]


async def test_a_refused_post_of_a_tournament_is_said_once_to_the_admins(
    simcord_env, guild, channel, players, organiser
):
    told = guild.create_text_channel("moderators")
    simcord_env.backend.edit_guild(guild.id, {"system_channel_id": told.id})
    await signed_up_cup(channel, organiser, players, round_minutes=10)
    # Discord refuses every post in the tournament's channel from now on.
    simcord_env.inject_error(
        "POST", f"/channels/{channel.id}/messages", status=403, code=50013,
        message="Missing Permissions", times=None,
    )  # fmt: skip
    await organiser.slash(channel, "cinch-tournament start")
    [thread] = channel.threads  # the round opens all the same, its match in its thread
    for _ in range(12):  # the deadline passes: the final standings are refused too
        await simcord_env.advance_time(60)
    [notice] = told.history()
    assert "could not post in" in notice.content and channel.mention in notice.content
    [match] = await league.matches(simcord_env.bot.store, 1)
    assert match.done and match.thread_id == thread.id


@pytest.mark.slow
async def test_a_match_whose_table_is_set_aside_at_a_restart_counts_the_hands_it_finished(
    simcord_env, channel, players, organiser, restart
):
    thread = await started_cup(channel, organiser, players)
    driver = TableDriver(simcord_env, thread, players)
    driver.service.seeds = random.Random(6)
    table_id = driver.table.id
    game_id = driver.table.game_id
    store = simcord_env.bot.store

    async def hands_finished() -> list[int]:
        return [hand.number for hand in await store.games.hands(game_id)]

    while len(await hands_finished()) < 2:
        await driver.take_turn()
        await driver.settle()
    rows = await store.database.fetch_all(
        "SELECT side, SUM(score_change) AS total FROM hand_sides WHERE game_id = ? GROUP BY side",
        (game_id,),
    )
    known = tuple(row["total"] for row in sorted(rows, key=lambda row: row["side"]))
    async with store.database.write() as tx:  # the table's row is damaged while it is down
        await tx.execute(
            "UPDATE game_tables SET house_rules = '{not json' WHERE id = ?", (table_id,)
        )

    new_bot = await restart()
    await simcord_env.advance_time(60)
    [match] = await league.matches(new_bot.store, 1)
    assert match.done and match.scores == known
    [said] = [m for m in channel.history() if "could not be read back" in m.content]
    assert f"{known[0]} to {known[1]}" in said.content
