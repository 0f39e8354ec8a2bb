"""A game played in a channel some members cannot see stays out of their sight: the history, the
replays, a shared replay and a player's card show it only to members who can read that channel,
checked each time they ask, and a public answer shows it only where all its readers could.
"""

from __future__ import annotations

import random
from typing import Any

import discord
import pytest
import simcord
from simcord.backend.models import Overwrite
from simcord.enums import ChannelType, OverwriteType

from bot.i18n import t
from bot.render.player_card import render_player_card
from bot.stats import player_card, user_key
from bot.stats.board_scenes import card_scene
from cogs.records.game_history import HistoryGameButton
from tests.cogs.stored_games import end_game
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, buttons
from tests.pictures import assert_same_picture, sent_png

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

EN = "en-US"
SEE = discord.Permissions(view_channel=True)
HISTORY = discord.Permissions(read_message_history=True)


def overwrite(
    env: simcord.Env, channel: simcord.ChannelHandle, target: int, kind: OverwriteType, **pair: Any
) -> None:
    """Change one permission overwrite of ``channel``, as a moderator would in Discord."""
    allow, deny = (pair.get(side, discord.Permissions()).value for side in ("allow", "deny"))
    env.backend.set_overwrite(channel.id, Overwrite(target, kind, allow=allow, deny=deny))


def make_private(
    env: simcord.Env, channel: simcord.ChannelHandle, *members: simcord.MemberActor
) -> None:
    """From now on only ``members`` (and the bot) see ``channel``."""
    role = channel.guild.default_role.id
    overwrite(env, channel, role, OverwriteType.ROLE, deny=SEE)
    for user in (env.bot.user.id, *(member.id for member in members)):
        overwrite(env, channel, user, OverwriteType.MEMBER, allow=SEE)


def labels(message: Any) -> set[str]:
    return {item.get("label", "") for item in buttons(message)}


def custom_id(message: Any, prefix: str) -> str:
    return next(b["custom_id"] for b in buttons(message) if b["custom_id"].startswith(prefix))


@pytest.mark.slow
async def test_a_game_is_shown_only_to_members_who_can_read_its_channel(
    simcord_env, guild, channel, players, add_member, take_user_errors
):
    alice, bob, carol, _ = players
    general = guild.create_text_channel("general")
    driver = TableDriver(simcord_env, channel, [alice, bob])
    driver.service.seeds = random.Random(11)
    game = await driver.play_first_hand(alice)
    game_id, number = driver.table.game_id, game.history[0].hand_number
    [result] = [m for m in channel.history() if "cinch:replay-open:" in str(m.components)]
    await alice.slash(channel, "cinch end")
    share, next_step = t("replay.button.share", EN), t("replay.button.next", EN)
    pick = f"cinch:replay-pick:{game_id}"

    # While everyone may read #cinch, its game is listed and replayed anywhere.
    listed = await carol.slash(general, "cinch-boards history")
    assert labels(listed.response) == {"1"}
    detail = await carol.click(listed.response, label="1")
    carols_replay = (await carol.select(detail.response, [str(number)], custom_id=pick)).response
    alices_detail = await alice.click(listed.response, label="1")
    alices_replay = await alice.select(alices_detail.response, [str(number)], custom_id=pick)
    assert share in labels(alices_replay.response)

    make_private(simcord_env, channel, alice, bob)

    # Carol can no longer read #cinch: the old list's button and her replay's buttons refuse.
    refused = await carol.click(listed.response, label="1")
    assert refused.response.content == t("history.not_found", EN)
    refused = await carol.click(carols_replay, label=next_step)
    assert refused.response.content == t("replay.not_found", EN)
    await carol.slash(general, "cinch-boards history")
    assert [error.key for error in take_user_errors()] == ["history.empty"]

    # Alice still sees the game privately, but what she posts in #general carol reads too.
    shown = await alice.click(listed.response, label="1")
    assert shown.ephemeral and shown.response.embeds
    await alice.slash(general, "cinch-boards history")
    assert [error.key for error in take_user_errors()] == ["history.empty"]
    posted = len(general.history())
    refused = await alice.click(alices_replay.response, label=share)
    assert [m.content for m in refused.followups] == [t("replay.share_elsewhere", EN)]
    assert len(general.history()) == posted
    reopened = await alice.select(shown.response, [str(number)], custom_id=pick)
    assert next_step in labels(reopened.response) and share not in labels(reopened.response)

    # In #cinch itself the game is listed, replayed and shared.
    here = await alice.slash(channel, "cinch-boards history")
    assert labels(here.response) == {"1"}
    opened = await bob.click(result, custom_id=custom_id(result, "cinch:replay-open:"))
    assert share in labels(opened.response)
    posted = len(channel.history())
    await bob.click(opened.response, label=share)
    assert [m.content for m in channel.history()[posted:]] == [
        t("replay.shared", EN, name="bob", number=number)
    ]

    # Erin may view #cinch but not read its past messages: no replay of them either.
    erin = add_member("erin")
    overwrite(simcord_env, channel, erin.id, OverwriteType.MEMBER, allow=SEE, deny=HISTORY)
    refused = await erin.click(result, custom_id=custom_id(result, "cinch:replay-open:"))
    assert refused.response.content == t("replay.not_found", EN)
    assert not refused.response.attachments

    # A deleted channel's games are nobody's to see any more.
    simcord_env.backend.delete_channel(channel.id)
    refused = await alice.click(listed.response, label="1")
    assert refused.response.content == t("history.not_found", EN)
    await alice.slash(general, "cinch-boards history")
    assert [error.key for error in take_user_errors()] == ["history.empty"]


async def test_a_player_card_charts_only_games_its_readers_may_see(
    simcord_bot, guild, channel, players
):
    alice, bob, carol, _ = players
    allowed = discord.PermissionOverwrite(view_channel=True)
    secret = guild.create_text_channel(
        "secret",
        overwrites={
            guild.default_role: discord.PermissionOverwrite(view_channel=False),
            alice: allowed,
            bob: allowed,
            guild.me: allowed,
        },
    )
    store = simcord_bot.store
    await end_game(store, channel, [alice, bob], winner=0)
    await end_game(store, secret, [alice, bob], winner=0)
    both = await player_card(store, guild.id, user_key(alice.id))
    public = await player_card(store, guild.id, user_key(alice.id), channels={channel.id})
    assert both is not None and public is not None
    assert len(both.rating_history) == 2 and len(public.rating_history) == 1

    # Everyone reads #cinch: its card charts the game of #cinch alone, whoever asks.
    for member in (carol, alice):
        shown = await member.slash(channel, "cinch-boards stats", player=alice)
        assert_same_picture(
            await sent_png(shown.response), render_player_card(card_scene(public, EN))
        )
    # Whoever reads #secret may see both games.
    shown = await alice.slash(secret, "cinch-boards stats", player=alice)
    assert_same_picture(await sent_png(shown.response), render_player_card(card_scene(both, EN)))


async def test_a_game_in_a_private_thread_is_seen_by_its_members(
    simcord_env, simcord_bot, guild, channel, players, take_user_errors
):
    alice, bob, carol, _ = players
    backend = simcord_env.backend
    backend.create_thread(channel.id, "staff", alice.id, type=ChannelType.PRIVATE_THREAD)
    [thread] = channel.threads
    backend.add_thread_member(thread.id, bob.id)
    game_id = await end_game(simcord_bot.store, thread, [alice, bob], winner=0)
    # A button naming the thread's game where everyone may click it (as an old or forged
    # message could offer).
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryGameButton(game_id, 1))
    await simcord_bot.get_channel(channel.id).send("history", view=view)
    offered = channel.last_message

    # Carol reads #cinch but was not added to the thread.
    refused = await carol.click(offered, label="1")
    assert refused.response.content == t("history.not_found", EN)
    shown = await bob.click(offered, label="1")
    assert shown.ephemeral and shown.response.embeds
    # Listed in the thread itself, never in #cinch, whose readers are not all in the thread.
    listed = await bob.slash(thread, "cinch-boards history")
    assert labels(listed.response) == {"1"}
    await alice.slash(channel, "cinch-boards history")
    assert [error.key for error in take_user_errors()] == ["history.empty"]


async def test_a_game_in_a_public_thread_is_listed_in_its_channel(
    simcord_env, simcord_bot, guild, channel, players, take_user_errors
):
    alice, bob, *_ = players
    simcord_env.backend.create_thread(channel.id, "table", alice.id)
    [thread] = channel.threads
    simcord_env.backend.create_thread(channel.id, "chat", alice.id)
    [chat] = [handle for handle in channel.threads if handle.id != thread.id]
    make_private(simcord_env, channel, alice, bob)
    await end_game(simcord_bot.store, thread, [alice, bob], winner=0)
    # Whoever reads #cinch reads its public threads: the thread's game is listed in #cinch
    # and in its other threads.
    listed = await bob.slash(channel, "cinch-boards history")
    assert labels(listed.response) == {"1"}
    listed = await alice.slash(chat, "cinch-boards history")
    assert labels(listed.response) == {"1"}
    # Not in a channel whose readers may not all read #cinch.
    general = guild.create_text_channel("general")
    await alice.slash(general, "cinch-boards history")
    assert [error.key for error in take_user_errors()] == ["history.empty"]
