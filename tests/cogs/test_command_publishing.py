"""A publishing Discord would refuse, or did, is said in one line: the command, the limit and
its size. Discord registers nothing of a refused publishing, so a command over its size is
never sent; where Discord still offers an earlier start's commands the bot goes on serving
them, and where it has none the start stops.

Discord's refusal is the body real Discord answers (a 400 with error 50035 and, for the command
at index 1, ``APPLICATION_COMMAND_TOO_LARGE``), raised where discord.py's HTTP client would.
"""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord
from discord import app_commands

from bot.factory import create_bot
from bot.settings import Settings
from cogs.shared.command_size import MAX_COMMAND_SIZE, command_size
from cogs.shared.command_sync import CommandsRefused, tree_payloads

#: Discord's answer to a command over its size, as it sends it.
TOO_LARGE = {
    "code": 50035,
    "message": "Invalid Form Body",
    "errors": {
        "1": {
            "_errors": [
                {
                    "code": "APPLICATION_COMMAND_TOO_LARGE",
                    "message": "Command exceeds maximum size (8000)",
                }
            ]
        }
    },
}


def huge_command() -> app_commands.Command[Any, ..., None]:
    """A command of 8,617 characters by Discord's count: its name and description (4 + 8), its
    option's (4 + 1, discord.py's "…"), and 25 choices of 100 + 244."""

    async def huge(interaction: discord.Interaction, pick: str) -> None:
        await interaction.response.send_message(pick)

    command = app_commands.Command(name="huge", description="Too much", callback=huge)
    command._params["pick"].choices = [  # type: ignore[attr-defined]
        app_commands.Choice(name=f"{n:02d}" + "x" * 98, value=f"{n:02d}" + "v" * 242)
        for n in range(25)
    ]
    return command


def published(requests: list[Any]) -> list[Any]:
    return [r for r in requests if r.method == "PUT" and r.path.endswith("/commands")]


def discord_refuses(bot: Any, monkeypatch: pytest.MonkeyPatch, body: dict[str, Any]) -> None:
    """Discord answers the bot's next publishing with a 400 and `body`."""

    async def refuse(*args: Any, **kwargs: Any) -> None:
        raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"), body)

    monkeypatch.setattr(bot.http, "bulk_upsert_global_commands", refuse)
    monkeypatch.setattr(bot.http, "bulk_upsert_guild_commands", refuse)


async def test_a_command_over_discords_size_is_never_sent(simcord_env, simcord_bot):
    simcord_bot.tree.add_command(huge_command())
    before = len(simcord_env.http_requests)
    with pytest.raises(CommandsRefused) as refused:
        await simcord_bot.sync_commands(force=True)
    assert str(refused.value) == (
        "The commands were not published: /huge is 8,617 characters, over Discord's limit of"
        " 8,000 for a command (its names, descriptions and choices, each in its longest"
        " language)."
    )
    assert refused.value.published_before
    assert published(simcord_env.http_requests[before:]) == []


async def test_discords_refusal_names_the_command_the_limit_and_the_size(
    simcord_env, simcord_bot, monkeypatch
):
    discord_refuses(simcord_bot, monkeypatch, TOO_LARGE)
    payloads = await tree_payloads(simcord_bot.tree, None)
    second = payloads[1]
    with pytest.raises(CommandsRefused) as refused:
        await simcord_bot.sync_commands(force=True)
    assert str(refused.value) == (
        "Discord refused the commands (HTTP 400, error 50035): /"
        f"{second['name']}: Command exceeds maximum size (8000)"
        f" ({command_size(second):,} characters)"
    )
    assert command_size(second) < MAX_COMMAND_SIZE  # Discord is the judge: it said so


async def test_a_refusal_deeper_in_a_command_names_where(simcord_env, simcord_bot, monkeypatch):
    said = {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 100 or fewer."}]}
    body = {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {"0": {"options": {"2": {"description": said}}}},
    }
    discord_refuses(simcord_bot, monkeypatch, body)
    first = (await tree_payloads(simcord_bot.tree, None))[0]
    with pytest.raises(CommandsRefused) as refused:
        await simcord_bot.sync_commands(force=True)
    assert str(refused.value) == (
        f"Discord refused the commands (HTTP 400, error 50035): /{first['name']}"
        f" options.2.description: Must be 100 or fewer. ({command_size(first):,} characters)"
    )


async def test_a_refusal_without_details_still_takes_one_line(
    simcord_env, simcord_bot, monkeypatch
):
    discord_refuses(simcord_bot, monkeypatch, {"code": 50035, "message": "Invalid Form Body"})
    with pytest.raises(CommandsRefused) as refused:
        await simcord_bot.sync_commands(force=True)
    assert str(refused.value) == (
        "Discord refused the commands (HTTP 400, error 50035): Invalid Form Body"
    )


async def test_a_first_start_discord_would_refuse_stops(database_path):
    """Nothing was ever published from this database: with no command the bot is useless."""
    bot = create_bot(Settings(database_path=database_path))
    bot.tree.add_command(huge_command())
    env = simcord.Env(bot)
    try:
        with pytest.raises(CommandsRefused, match=r"^The commands were not published: /huge"):
            await env.start()
        assert published(env.http_requests) == []
    finally:
        await env.shutdown()
        await bot.close()


@pytest.mark.slow
async def test_a_later_start_serves_the_commands_discord_kept(
    simcord_env, simcord_bot, make_bot, channel, players, caplog
):
    changed = make_bot()
    changed.tree.add_command(huge_command())
    before = len(simcord_env.http_requests)
    with caplog.at_level(logging.ERROR, logger="bot.factory"):
        await simcord_env.restart_bot(changed)
    await simcord_bot.close()
    assert published(simcord_env.http_requests[before:]) == []
    [record] = [r for r in caplog.records if r.name == "bot.factory"]
    assert record.exc_info is None and "\n" not in record.getMessage()
    assert record.getMessage().startswith("The commands were not published: /huge is 8,617")
    assert "cinch settings" in players[0].available_commands(channel)
    shown = await players[0].slash(channel, "cinch settings")
    assert shown.ephemeral and shown.response.content
