"""Every subcommand sits under the one ``/cinch`` group, served by one cog."""

from __future__ import annotations

import pytest
from discord import app_commands

from cogs.cinch import Cinch


async def test_the_bot_offers_only_the_cinch_group_with_every_area_under_it(
    simcord_bot, channel, players
):
    alice = players[0]
    (group,) = simcord_bot.tree.get_commands()
    assert isinstance(group, app_commands.Group) and group.name == "cinch"
    assert group.guild_only
    names = {command.name for command in group.commands}
    # One subcommand of each area: the lobby, playing, player settings, the boards.
    assert {"new", "play", "settings", "leaderboard", "boards"} <= names
    available = alice.available_commands(channel)
    assert all(name.startswith("cinch ") for name in available)
    settings = await alice.slash(channel, "cinch settings")
    assert settings.ephemeral and settings.response.content


async def test_every_subcommand_is_bound_to_the_one_cog(simcord_bot, channel):
    cog = simcord_bot.get_cog("Cinch")
    assert cog is not None and type(cog).__name__ == Cinch.__name__
    (group,) = simcord_bot.tree.get_commands()
    commands = [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]
    assert commands and all(command.binding is cog for command in commands)


@pytest.mark.slow
async def test_unloading_the_extension_removes_the_group(simcord_bot, channel, players):
    alice = players[0]
    for extension in list(simcord_bot.extensions):
        await simcord_bot.unload_extension(extension)
    await simcord_bot.sync_commands()
    assert simcord_bot.tree.get_commands() == []
    assert alice.available_commands(channel) == ()


async def test_the_group_stays_within_discords_25_subcommands(simcord_bot, channel):
    (group,) = simcord_bot.tree.get_commands()
    assert len(group.commands) <= 25  # Discord refuses a group with more
