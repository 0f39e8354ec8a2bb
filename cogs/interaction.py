"""The interaction of every command and button: ``discord.Interaction[CinchBot]``.

Typed with the bot's class, ``interaction.client`` offers the bot's services (``.tables``,
``.delivery``, ``.store``) to the type checker without a cast, as discord.py's own examples do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    pass

CinchInteraction = discord.Interaction["CinchBot"]
