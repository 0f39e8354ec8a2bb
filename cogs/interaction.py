"""The interaction of every command and button: ``discord.Interaction[CinchBot]``.

Typed with the bot's class, ``interaction.client`` offers the bot's services (``.tables``,
``.delivery``, ``.store``) to the type checker without a cast, as discord.py's own examples do.
At run time it is discord.py's ``Interaction`` itself (the bot's module imports the cogs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot.factory import CinchBot

    CinchInteraction: TypeAlias = discord.Interaction[CinchBot]
else:
    CinchInteraction = discord.Interaction
