"""What every group of ``/cinch`` subcommands shares: the bot whose services they use.

The ``/cinch`` group is one :class:`commands.GroupCog` (``cogs/cinch.py``) built from mixins,
one per area (the lobby, playing, player settings, boards). discord.py collects the app
commands of every class in a cog's MRO, so each mixin declares its subcommands as ordinary
``@app_commands.command`` methods and they all land under ``/cinch``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

if TYPE_CHECKING:
    from bot.factory import CinchBot


class CinchCommands(commands.Cog):
    """Base of the ``/cinch`` mixins: ``self.bot`` is the running bot. A cog class itself, so
    that its commands are typed as a cog's, but only :class:`cogs.cinch.Cinch` is ever added."""

    bot: CinchBot
