"""The one ``/cinch`` command group that several cogs add subcommands to.

How discord.py shapes this: a cog's app commands are collected by ``CogMeta`` only when they
are top level, and copied with ``binding=<the cog instance>`` when the cog is created, which
is how their callbacks receive ``self``. So

- a module-level ``cinch = app_commands.Group(...)`` used as ``@cinch.command()`` inside
  several cogs does not work: those commands are not collected and get no ``self``; and a
  module-level group would be one object shared by every bot in the process (tests build a
  second bot for a restart);
- ``commands.GroupCog`` gives a group to exactly one cog, which cannot be shared.

What we do: every bot has its own ``cinch`` Group in its command tree, created by the first
cog that needs it. A cog that contributes subcommands inherits :class:`CinchCog` and declares
them as ordinary top-level ``@app_commands.command(name="settings")`` methods; when the cog
loads they are moved under ``/cinch`` (already bound to the cog), and when it unloads they are
removed again, the group with them once it is empty. A subclass that overrides ``cog_load``
or ``cog_unload`` must call ``super()``.

Example::

    class Scores(CinchCog):
        @app_commands.command(**command_strings("cinch.score"))
        async def score(self, interaction: discord.Interaction) -> None:
            ...

    async def setup(bot: CinchBot) -> None:
        await bot.add_cog(Scores(bot))

and add ``"cogs.scores"`` to ``bot.factory.EXTENSIONS``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.translator import command_strings

if TYPE_CHECKING:
    from bot.factory import CinchBot

GROUP_NAME = "cinch"


def cinch_group(bot: commands.Bot) -> app_commands.Group:
    """This bot's ``/cinch`` group, added to its command tree on first use."""
    existing = bot.tree.get_command(GROUP_NAME)
    if isinstance(existing, app_commands.Group):
        return existing
    group = app_commands.Group(**command_strings(GROUP_NAME), guild_only=True)
    bot.tree.add_command(group)
    return group


class CinchCog(commands.Cog):
    """Base for cogs whose app commands are subcommands of ``/cinch``."""

    def __init__(self, bot: CinchBot) -> None:
        self.bot = bot
        self._subcommands: list[app_commands.Command | app_commands.Group] = []

    async def cog_load(self) -> None:
        group = cinch_group(self.bot)
        for command in self.__cog_app_commands__:
            group.add_command(command)
        self._subcommands = list(self.__cog_app_commands__)
        # Cog._inject adds whatever is left here to the tree root: nothing, now.
        self.__cog_app_commands__ = []

    async def cog_unload(self) -> None:
        group = cinch_group(self.bot)
        for command in self._subcommands:
            group.remove_command(command.name)
        if not group.commands:
            self.bot.tree.remove_command(GROUP_NAME)
