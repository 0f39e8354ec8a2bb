"""The ``Tables`` cog: the table service, its Discord delivery, and every table's buttons.

Loading it restores every open table from the store (games where they were, computer players
and timers running again) and registers the dynamic buttons, so the buttons of messages sent
before a restart work again. Closing the bot unloads it, which stops the service.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord.ext import commands

from bot.service import TableService
from cogs.delivery import Delivery
from cogs.runtime import COG_NAME
from cogs.table_views import ALL_ITEMS

if TYPE_CHECKING:
    from bot.factory import CinchBot


class TableRuntime(commands.Cog, name=COG_NAME):
    """Owns the table service and its Discord delivery."""

    def __init__(self, bot: CinchBot) -> None:
        self.bot = bot
        self.delivery = Delivery(bot)
        self.service = TableService(bot.store, self.delivery)
        self.delivery.service = self.service

    async def cog_load(self) -> None:
        await self.service.restore()

    async def cog_unload(self) -> None:
        await self.service.close()
        await self.delivery.close()


async def setup(bot: CinchBot) -> None:
    bot.add_dynamic_items(*ALL_ITEMS)
    await bot.add_cog(TableRuntime(bot))


async def teardown(bot: CinchBot) -> None:
    bot.remove_dynamic_items(*ALL_ITEMS)
