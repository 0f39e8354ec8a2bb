"""Every message the bot sends stays within Discord's limits whatever members wrote: names
longer than Discord allows (stored ones too), names that are all markdown, a card typed as
thousands of characters. A message over a limit is refused by Discord and never seen.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import simcord

from tests.cogs.stored_games import end_game
from tests.cogs.table_driver import SETTLE_TIMEOUT, TableDriver, message_texts, sent_messages

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

#: Names of 100 characters: plain, and all markdown (each character escaped in a message).
LONG_NAMES = ("A" * 100, "*_" * 50, "`~" * 50, "[x](https://e.x) " * 6)
#: Discord's limits of a message's parts.
CONTENT, EMBED_DESCRIPTION, EMBED_FIELD_NAME, EMBED_FIELD_VALUE = 2000, 4096, 256, 1024
BUTTON_LABEL, OPTION_LABEL, CHOICE_NAME = 80, 100, 100


@pytest.fixture
def members(simcord_env, guild) -> list[simcord.MemberActor]:
    return [guild.add_member(simcord_env.create_user(name), nick=name) for name in LONG_NAMES]


def over_limits(body: dict[str, Any]) -> list[str]:
    """What in a message body Discord would refuse as too long."""
    found = []
    if len(body.get("content") or "") > CONTENT:
        found.append(f"content of {len(body['content'])}")
    for embed in body.get("embeds") or []:
        if len(embed.get("description") or "") > EMBED_DESCRIPTION:
            found.append(f"embed description of {len(embed['description'])}")
        for field in embed.get("fields", []):
            if len(field["name"]) > EMBED_FIELD_NAME or len(field["value"]) > EMBED_FIELD_VALUE:
                found.append(f"embed field {field['name'][:20]!r}")
    items = [item for row in body.get("components") or [] for item in row["components"]]
    for item in items:
        if len(item.get("label") or "") > BUTTON_LABEL:
            found.append(f"button {item['label'][:20]!r}")
        found += [
            f"option {option['label'][:20]!r}"
            for option in item.get("options", [])
            if len(option["label"]) > OPTION_LABEL
        ]
    found += [
        f"choice {choice['name'][:20]!r}"
        for choice in body.get("choices") or []
        if len(choice["name"]) > CHOICE_NAME
    ]
    return found


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

    bodies = sent_messages(simcord_env.http_requests)
    assert {
        "\n".join(message_texts(body))[:80]: found
        for body in bodies
        if (found := over_limits(body))
    } == {}
    # The table was shown with every hand's turn, the refusal quoted a little of the card.
    contents = [body.get("content") or "" for body in bodies]
    assert any("to play" in content for content in contents)
    [refusal] = [content for content in contents if "is not a card" in content]
    assert len(refusal) < 200
