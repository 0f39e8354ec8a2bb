"""The error handlers, driven through SimCord with commands and components made for the test."""

from __future__ import annotations

import logging
import re

import discord
import pytest
from discord import app_commands

from bot.errors import UserFacingError
from bot.i18n import t
from cogs.shared.error_replies import ReportsErrors, reports_errors, require_table_permissions

MISTAKE = UserFacingError("errors.not_your_turn", player="Bob")
ERROR_ID = re.compile(r"\b[0-9a-f]{8}\b")


class MistakeView(ReportsErrors, discord.ui.View):
    @discord.ui.button(label="Mistake", custom_id="test:mistake")
    async def mistake(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        raise MISTAKE


class BrokenButton(discord.ui.DynamicItem[discord.ui.Button], template=r"test:broken:(?P<n>\d+)"):
    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label="Broken", custom_id=f"test:broken:{n}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> BrokenButton:
        return cls(int(match["n"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        raise RuntimeError("the button broke")


@app_commands.command(name="mistake", description="Raises a player's mistake")
async def mistake(interaction: discord.Interaction) -> None:
    raise MISTAKE


@app_commands.command(name="answer-then-mistake", description="Answers, then fails")
async def answer_then_mistake(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Working on it", ephemeral=True)
    raise MISTAKE


@app_commands.command(name="crash", description="Fails unexpectedly")
async def crash(interaction: discord.Interaction) -> None:
    raise RuntimeError("something deep broke")


@app_commands.command(name="needs-permissions", description="Needs the table permissions")
@require_table_permissions
async def needs_permissions(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("All good", ephemeral=True)


@app_commands.command(name="post", description="Posts in the channel")
async def post(interaction: discord.Interaction) -> None:
    await interaction.channel.send("A public message")


@app_commands.command(name="buttons", description="Shows test buttons")
async def buttons(interaction: discord.Interaction) -> None:
    view = MistakeView()
    view.add_item(BrokenButton(7))
    await interaction.response.send_message("Buttons", view=view)


@app_commands.command(name="managers-only", description="Needs Ban Members")
@app_commands.checks.has_permissions(ban_members=True, manage_messages=True)
async def managers_only(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("Managed", ephemeral=True)


@pytest.fixture
def simcord_bot(make_bot):
    bot = make_bot()
    for command in (
        mistake,
        answer_then_mistake,
        crash,
        needs_permissions,
        post,
        buttons,
        managers_only,
    ):
        bot.tree.add_command(command)
    bot.add_dynamic_items(BrokenButton)
    return bot


def _bot_channel(guild, **denied: bool):
    """A channel where the bot is refused the given permissions."""
    return guild.create_text_channel(
        "restricted", overwrites={guild.me: discord.PermissionOverwrite(**denied)}
    )


async def test_a_mistake_is_explained_privately(channel, players, take_user_errors):
    result = await players[0].slash(channel, "mistake")

    assert result.ephemeral
    assert result.response.content == MISTAKE.message("en-US") == "It is Bob's turn."
    assert take_user_errors() == [MISTAKE]


async def test_a_mistake_after_answering_comes_as_a_private_followup(
    channel, players, take_user_errors
):
    result = await players[0].slash(channel, "answer-then-mistake")

    assert result.response.content == "Working on it"
    [followup] = result.followups
    assert followup.ephemeral
    assert followup.content == MISTAKE.message("en-US")
    assert take_user_errors() == [MISTAKE]


async def test_an_unexpected_error_is_logged_with_the_id_given_to_the_user(
    simcord_env, channel, players, caplog
):
    with caplog.at_level(logging.ERROR, logger="cogs.shared.error_replies"):
        result = await players[0].slash(channel, "crash")

    assert result.ephemeral
    [error_id] = ERROR_ID.findall(result.response.content)
    assert result.response.content == t("errors.unexpected", "en-US", error_id=error_id)
    [record] = caplog.records
    assert error_id in record.getMessage() and "/crash" in record.getMessage()
    assert str(record.exc_info[1]) == "something deep broke"
    assert "something deep broke" not in result.response.content
    [captured] = simcord_env.errors
    assert isinstance(captured.original, RuntimeError)


async def test_each_unexpected_error_gets_its_own_id(simcord_env, channel, players):
    first = await players[0].slash(channel, "crash")
    second = await players[0].slash(channel, "crash")

    assert ERROR_ID.findall(first.response.content) != ERROR_ID.findall(second.response.content)
    assert len(simcord_env.errors) == 2


async def test_missing_permissions_are_named_before_anything_happens(simcord_env, guild, players):
    restricted = _bot_channel(guild, attach_files=False, embed_links=False)

    result = await players[0].slash(restricted, "needs-permissions")

    assert result.ephemeral
    assert result.response.content == t(
        "errors.bot_missing_permissions", "en-US", permissions="Embed Links, Attach Files"
    )
    [captured] = simcord_env.errors
    assert isinstance(captured, app_commands.BotMissingPermissions)


async def test_all_permissions_present_runs_the_command(channel, players):
    result = await players[0].slash(channel, "needs-permissions")

    assert result.response.content == "All good"


async def test_a_refused_post_names_the_missing_permission(simcord_env, guild, players):
    restricted = _bot_channel(guild, send_messages=False)

    result = await players[0].slash(restricted, "post")

    assert result.ephemeral
    assert result.response.content == t(
        "errors.bot_missing_permissions", "en-US", permissions="Send Messages"
    )
    assert restricted.history() == []  # nothing public was posted
    [captured] = simcord_env.errors
    assert isinstance(captured.original, discord.Forbidden)


async def test_a_view_button_mistake_is_explained_privately(channel, players, take_user_errors):
    alice, bob = players[:2]
    shown = await alice.slash(channel, "buttons")

    result = await bob.click(shown.response, label="Mistake")

    assert result.ephemeral
    assert result.response.content == MISTAKE.message("en-US")
    assert take_user_errors() == [MISTAKE]


async def test_a_dynamic_button_crash_gets_an_apology_with_an_id(channel, players, caplog):
    alice = players[0]
    shown = await alice.slash(channel, "buttons")

    with caplog.at_level(logging.ERROR, logger="cogs.shared.error_replies"):
        result = await alice.click(shown.response, custom_id="test:broken:7")

    assert result.ephemeral
    [error_id] = ERROR_ID.findall(result.response.content)
    [record] = caplog.records
    assert error_id in record.getMessage() and "test:broken:7" in record.getMessage()


async def test_a_user_without_a_needed_permission_is_told_which(simcord_env, channel, players):
    result = await players[0].slash(channel, "managers-only")

    assert result.ephemeral
    assert result.response.content == t(
        "errors.user_missing_permissions",
        "en-US",
        permissions=f"Ban Members, {t('permission.manage_messages', 'en-US')}",
    )
    [captured] = simcord_env.errors
    assert isinstance(captured, app_commands.MissingPermissions)
