"""Every message the bot sends stays within Discord's limits whatever members wrote: names
longer than Discord allows (stored ones too), names that are all markdown, a card typed as
thousands of characters. A message over a limit is refused by Discord and never seen
(``discord_rules.py``; every SimCord test checks what it saw sent by the same rules).
"""

from __future__ import annotations

import random

import pytest
import simcord

from tests.cogs.discord_rules import sent_problems
from tests.cogs.stored_games import end_game
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, sent_messages

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

#: Names of 100 characters: plain, and all markdown (each character escaped in a message).
LONG_NAMES = ("A" * 100, "*_" * 50, "`~" * 50, "[x](https://e.x) " * 6)


@pytest.fixture
def members(simcord_env, guild) -> list[simcord.MemberActor]:
    return [guild.add_member(simcord_env.create_user(name), nick=name) for name in LONG_NAMES]


async def test_long_names_and_long_input_stay_within_discords_limits(
    simcord_env, simcord_bot, channel, members, take_user_errors
):
    first, second, third, fourth = members
    driver = TableDriver(simcord_env, channel, members)
    driver.service.seeds = random.Random(3)
    await first.autocomplete(channel, "cinch join", "seat", "")
    await driver.play_first_hand(first)
    await second.slash(channel, "cinch score")
    await third.autocomplete(channel, "cinch join", "seat", "")
    await first.slash(channel, "cinch play", card="10H " * 1500)
    assert [error.key for error in take_user_errors()] == ["errors.not_a_card"]
    await first.slash(channel, "cinch end")
    # Ten more games, stored with names longer than Discord allows (an older version's).
    for winner in range(10):
        await end_game(simcord_bot.store, channel, members, winner=winner % 2)
    listed = await fourth.slash(channel, "cinch-boards history")
    await fourth.click(listed.response, label="1")

    assert {
        request.path: found
        for request in simcord_env.http_requests
        if (found := sent_problems(request))
    } == {}
    bodies = sent_messages(simcord_env.http_requests)
    # The table was shown with every hand's turn, the refusal quoted a little of the card.
    contents = [body.get("content") or "" for body in bodies]
    assert any("to play" in content for content in contents)
    [refusal] = [content for content in contents if "is not a card" in content]
    assert len(refusal) < 200
