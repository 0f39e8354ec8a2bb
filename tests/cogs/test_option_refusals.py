"""Values a command's option does not take, and button ids the bot never made, through SimCord:
each gets the sentence saying what is allowed, ephemeral, and nothing is logged as an error.

Discord offers only the values a command declares, but a client whose copy of the commands is
out of date (or a made-up request) can send any: ``stale_client`` lets such values through
SimCord, which otherwise checks them as Discord's own client does.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
import pytest
import simcord
from simcord import interactions

from tests.cogs.table_driver import SETTLE_TIMEOUT

pytestmark = pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)

SOMETHING_WENT_WRONG = "Something went wrong"


@pytest.fixture
def stale_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """Options are sent as given: no choice or range of the command's is checked."""
    checked = interactions.validate_option_value

    def as_given(command_name: str, option: dict[str, Any], value: Any) -> Any:
        loose = {k: v for k, v in option.items() if k not in ("choices", "min_value", "max_value")}
        return checked(command_name, loose, value)

    monkeypatch.setattr(interactions, "validate_option_value", as_given)


NOT_OFFERED = [
    ("cinch new", {"players": 5}, "players: choose one of 4 (two teams of two)"),
    ("cinch new", {"language": "xx"}, "choose one of English, Français"),
    ("cinch new", {"teams": "random"}, "choose one of"),
    ("cinch new", {"all_pass": "nope"}, "choose one of"),
    ("cinch addbot", {"level": "godlike"}, "choose one of"),
    ("cinch trump", {"suit": "X"}, "choose one of"),
    ("cinch bid", {"amount": 99}, "choose one of"),
    ("cinch new", {"target": 0}, "choose a value from 1 to"),
    ("cinch new", {"min_bid": 99}, "choose a value from 1 to 14"),
    ("cinch new", {"pause": 99.0}, "choose a value from 0 to 10"),
    ("cinch new", {"timer": -4}, "choose a value from 0 to"),
]


@pytest.mark.parametrize(("command", "options", "said"), NOT_OFFERED)
async def test_a_value_an_option_does_not_take_gets_what_it_takes(
    simcord_env, channel, players, stale_client, caplog, command, options, said
):
    alice = players[0]
    if command != "cinch new":
        await alice.slash(channel, "cinch new")
    with caplog.at_level(logging.WARNING):
        result = await alice.slash(channel, command, **options)
    assert result.ephemeral
    text = result.response.content
    assert said in text and SOMETHING_WENT_WRONG not in text, text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    simcord_env.errors  # noqa: B018 - the refusal is the expected error


JUNK_IDS = [
    "cinch:history:99999999999999999999999",
    "cinch:pz:1:ZZ",
    "cinch:lobby:99999999999999999999:join",
    "cinch:replay:1:1:99999999999999999999999:n",
    "cinch:rematch:123456789012345678901234567890",
]


async def _bot_message_with(bot: discord.Client, channel_id: int, custom_ids: list[str]) -> None:
    """A message of the bot's with buttons of those ids, as a tampered client would click."""
    view = discord.ui.View()
    for number, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=str(number), custom_id=custom_id))
    with discord.http.handle_message_parameters(content="buttons", view=view) as params:
        await bot.http.send_message(channel_id, params=params)


async def test_a_button_id_the_bot_never_made_gets_the_sentence_saying_so(
    simcord_env: simcord.Env, channel, players, caplog
):
    alice = players[0]
    await _bot_message_with(simcord_env.bot, channel.id, JUNK_IDS)
    message = channel.last_message
    for custom_id in JUNK_IDS:
        with caplog.at_level(logging.WARNING):
            result = await alice.click(message, custom_id=custom_id)
        assert result.ephemeral, custom_id
        assert result.response.content.startswith("This button is not one of mine"), custom_id
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


ADMIN_NOT_OFFERED = [
    ("cinch-server limits", {"per_member": 0}, "choose a value from 1 to"),
    ("cinch-server seasons", {"length": "month", "places": 9}, "choose a value from 1 to 3"),
    ("cinch-server seasons", {"length": "weekly"}, "choose one of"),
    ("cinch-tournament create", {"name": "Cup", "format": "swiss", "round_minutes": 1}, "10 to"),
    ("cinch-tournament create", {"name": "Cup", "format": "swiss", "rounds": 99}, "1 to 9"),
    ("cinch-tournament create", {"name": "Cup", "format": "swiss", "timer": 1}, "15 to"),
    ("cinch-tournament create", {"name": "Cup", "format": "league"}, "choose one of"),
    ("cinch-boards leaderboard", {"period": "decade"}, "choose one of"),
]


@pytest.mark.parametrize(("command", "options", "said"), ADMIN_NOT_OFFERED)
async def test_an_admins_value_an_option_does_not_take_gets_what_it_takes(
    simcord_env, guild, channel, stale_client, caplog, command, options, said
):
    powers = discord.Permissions(manage_guild=True, manage_events=True)
    admin = guild.add_member(
        simcord_env.create_user("admin"), roles=[guild.create_role("Admins", permissions=powers)]
    )
    with caplog.at_level(logging.WARNING):
        result = await admin.slash(channel, command, **options)
    assert result.ephemeral
    text = result.response.content
    assert said in text and SOMETHING_WENT_WRONG not in text, text
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
    simcord_env.errors  # noqa: B018 - the refusal is the expected error
