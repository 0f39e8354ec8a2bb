"""The bot's four commands: ``/cinch`` for table play, ``/cinch-boards``,
``/cinch-tournament`` and ``/cinch-server``, each served by the cog of its own package, the
last shown only to a server's admins."""

from __future__ import annotations

import discord
import pytest
from discord import app_commands

from cogs.boards.command import CinchBoards
from cogs.cinch.command import Cinch
from cogs.server.command import CinchServer
from cogs.tournament.command import CinchTournament

#: Each command, the class of the cog that serves it, and its subcommands.
COMMANDS = {
    "cinch": (
        Cinch,
        {
            "new", "join", "leave", "addbot", "start", "end", "table", "score", "rules",
            "hand", "play", "bid", "pass", "trump", "discard", "keep", "hint",
            "daily", "puzzle", "settings", "forget",
        },
    ),
    "cinch-boards": (
        CinchBoards,
        {"leaderboard", "stats", "history", "awards", "daily", "puzzles"},
    ),
    "cinch-tournament": (
        CinchTournament,
        {"create", "start", "standings", "withdraw", "cancel"},
    ),
    "cinch-server": (CinchServer, {"limits", "boards", "seasons"}),
}  # fmt: skip


def top_level(bot) -> dict[str, app_commands.Group]:
    commands = bot.tree.get_commands()
    assert all(isinstance(command, app_commands.Group) for command in commands)
    return {command.name: command for command in commands}


async def test_each_command_holds_its_subcommands_in_servers_only(simcord_bot, channel):
    groups = top_level(simcord_bot)
    assert {name: {c.name for c in group.commands} for name, group in groups.items()} == {
        name: subcommands for name, (_, subcommands) in COMMANDS.items()
    }
    assert all(group.guild_only for group in groups.values())
    # The project's own bound, under Discord's 25: room for what comes next.
    assert all(len(group.commands) <= 21 for group in groups.values())


async def test_every_subcommand_is_bound_to_its_commands_cog(simcord_bot, channel):
    for name, group in top_level(simcord_bot).items():
        kind = COMMANDS[name][0]
        cog = simcord_bot.get_cog(kind.__cog_name__)
        assert cog is not None and type(cog).__name__ == kind.__name__
        leaves = [c for c in group.walk_commands() if isinstance(c, app_commands.Command)]
        assert leaves and all(command.binding is cog for command in leaves)


async def test_only_admins_are_offered_the_server_command(
    simcord_bot, simcord_env, guild, channel, players
):
    alice = players[0]
    role = guild.create_role("Admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(simcord_env.create_user("admin"), roles=[role])
    groups = top_level(simcord_bot)
    assert groups["cinch-server"].default_permissions == discord.Permissions(manage_guild=True)
    assert [g.name for g in groups.values() if g.default_permissions is not None] == [
        "cinch-server"
    ]
    offered = {name.split()[0] for name in alice.available_commands(channel)}
    assert offered == {"cinch", "cinch-boards", "cinch-tournament"}
    offered = {name.split()[0] for name in admin.available_commands(channel)}
    assert offered == set(COMMANDS)
    settings = await alice.slash(channel, "cinch settings")
    assert settings.ephemeral and settings.response.content
    limits = await admin.slash(channel, "cinch-server limits")
    assert limits.ephemeral and limits.response.content


@pytest.mark.slow
async def test_unloading_the_extensions_removes_the_commands(simcord_bot, channel, players):
    alice = players[0]
    for extension in list(simcord_bot.extensions):
        await simcord_bot.unload_extension(extension)
    await simcord_bot.sync_commands()
    assert simcord_bot.tree.get_commands() == []
    assert alice.available_commands(channel) == ()
