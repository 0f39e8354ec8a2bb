"""What members wrote (their names, their server's name) is shown as they wrote it: in no message
the bot sends, public or private, does it become a link, a heading, bold text or a mention; and
the pictures draw it plain.
"""

from __future__ import annotations

import random
import re

import pytest
import simcord

from bot.i18n import t
from bot.presentation.user_text import NAME_LIMIT, SERVER_NAME_LIMIT, in_message
from tests.cogs.table_driver import (
    SETTLE_TIMEOUT,
    TableDriver,
    buttons,
    message_texts,
    sent_messages,
)

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

EN = "en-US"
NICKNAMES = (
    # Longer than Discord allows a name to be: cut short.
    "[Free Nitro](https://evil.example/claim)",
    "[Nitro](https://e.x)\n# HEADING",
    "**bold** `code` @everyone",
    "<@123> ||spoiler||",
)
#: How each nickname is drawn in a picture: as written, on one line, at most 32 characters.
DRAWN = (
    "[Free Nitro](https://evil.examp…",
    "[Nitro](https://e.x) # HEADING",
    "**bold** `code` @everyone",
    "<@123> ||spoiler||",
)
SERVER = "**Club** [Nitro](https://evil.example)"
#: Markdown that must never come alive from what members wrote.
LIVE = {
    "masked link": re.compile(r"(?<!\\)\[[^\]\n]*(?<!\\)\]\(https?://"),
    "heading": re.compile(r"^\s*(?:#{1,3}|-#) ", re.MULTILINE),
    "bold": re.compile(r"(?<!\\)\*\*(?:bold|Club)(?<!\\)\*\*"),
    "code": re.compile(r"(?<!\\)`code(?<!\\)`"),
    "spoiler": re.compile(r"(?<!\\)\|\|spoiler"),
    "mention of everyone": re.compile(r"@everyone"),
}
USER_MENTION = re.compile(r"(?<!\\)<@!?(\d+)>")


@pytest.fixture
def guild(simcord_env: simcord.Env) -> simcord.GuildHandle:
    return simcord_env.create_guild(SERVER)


@pytest.fixture
def members(simcord_env, guild) -> list[simcord.MemberActor]:
    return [
        guild.add_member(simcord_env.create_user(f"user{index}"), nick=nick)
        for index, nick in enumerate(NICKNAMES)
    ]


def live_markdown(text: str, people: set[int]) -> list[str]:
    """What in ``text`` Discord would show as markdown or a mention it should not: the only
    mentions allowed are the turn pings of the people at the table."""
    found = [kind for kind, pattern in LIVE.items() if pattern.search(text)]
    found += [f"mention of {m[1]}" for m in USER_MENTION.finditer(text) if int(m[1]) not in people]
    return found


async def test_names_are_shown_as_written_everywhere(
    simcord_env, channel, members, drawn_tables, take_user_errors
):
    first, second, third, fourth = members
    await second.slash(channel, "cinch settings", hand="dm")
    driver = TableDriver(simcord_env, channel, members)
    driver.service.seeds = random.Random(5)
    await driver.play_first_hand(first)
    [result] = [m for m in channel.history() if "cinch:replay-open:" in str(m.components)]
    replay_open = next(b for b in buttons(result) if b["custom_id"].startswith("cinch:replay-"))
    opened = await third.click(result, custom_id=replay_open["custom_id"])
    await third.click(opened.response, label=t("replay.button.share", EN))
    await fourth.slash(channel, "cinch score")
    await fourth.slash(channel, "cinch leave")
    await third.slash(channel, "cinch end")
    await first.slash(channel, "cinch end")
    listed = await second.slash(channel, "cinch-boards history")
    await second.click(listed.response, label="1")
    await third.slash(channel, "cinch-boards leaderboard")
    await fourth.slash(channel, "cinch-boards stats", player=first)
    assert [error.key for error in take_user_errors()] == ["stats.no_games"]

    people = {member.id for member in members}
    bodies = sent_messages(simcord_env.http_requests)
    texts = [text for body in bodies for text in message_texts(body)]
    assert {text: found for text in texts if (found := live_markdown(text, people))} == {}
    # Every name was shown, escaped once, and the server's name in the DMs.
    shown = "\n".join(texts)
    for written in (*NICKNAMES, SERVER):
        once = in_message(written, SERVER_NAME_LIMIT if written == SERVER else NAME_LIMIT)
        assert once in shown and in_message(once) not in shown
    # The pictures draw the names as written.
    assert {seat.name for scene in drawn_tables for seat in scene.seats} == set(DRAWN)
