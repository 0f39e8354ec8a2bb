"""How the Discord layer reaches the running table service of a bot.

The service and its delivery belong to the ``Tables`` cog (``cogs/tables.py``), so each bot,
and each bot after a restart, has its own, restored from the store when the cog loads and
stopped when the bot closes. Commands and buttons find them with :func:`table_runtime`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import discord
from discord.ext import commands

if TYPE_CHECKING:
    from bot.service import TableService
    from cogs.delivery import Delivery

COG_NAME = "Tables"


class Runtime(Protocol):
    service: TableService
    delivery: Delivery


def table_runtime(client: discord.Client) -> Runtime:
    """The bot's table service and delivery (the ``Tables`` cog)."""
    cog = client.get_cog(COG_NAME) if isinstance(client, commands.Bot) else None
    if cog is None:
        raise RuntimeError("the Tables cog is not loaded")
    return cog  # type: ignore[return-value]
