"""Several cogs share the one ``/cinch`` group, each keeping its own ``self``."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.group import CinchCog


class Echo(CinchCog):
    """A cog made for this test, contributing ``/cinch echo`` next to ``/cinch settings``."""

    def __init__(self, bot, reply: str) -> None:
        super().__init__(bot)
        self.reply = reply

    @app_commands.command(name="echo", description="Answers with this cog's reply")
    async def echo(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(self.reply, ephemeral=True)


async def test_a_second_cog_adds_its_subcommand_to_the_same_group(simcord_bot, channel, players):
    alice = players[0]
    await simcord_bot.add_cog(Echo(simcord_bot, reply="bound to its cog"))
    await simcord_bot.sync_commands()

    assert [command.name for command in simcord_bot.tree.get_commands()] == ["cinch"]
    assert {"cinch settings", "cinch echo"} <= set(alice.available_commands(channel))
    echoed = await alice.slash(channel, "cinch echo")
    assert echoed.response.content == "bound to its cog"
    settings = await alice.slash(channel, "cinch settings")
    assert settings.ephemeral and settings.response.content


async def test_unloading_removes_only_that_cogs_subcommands(simcord_bot, channel, players):
    alice = players[0]
    await simcord_bot.add_cog(Echo(simcord_bot, reply="x"))
    await simcord_bot.remove_cog("Echo")
    await simcord_bot.sync_commands()
    remaining = alice.available_commands(channel)
    assert "cinch echo" not in remaining and "cinch settings" in remaining

    for extension in list(simcord_bot.extensions):
        await simcord_bot.unload_extension(extension)
    await simcord_bot.sync_commands()
    assert simcord_bot.tree.get_commands() == []
    assert alice.available_commands(channel) == ()
