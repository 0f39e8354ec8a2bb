"""How a button or view, which only has its interaction, reaches the bot's store."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.store import Store


def bot_store(interaction: discord.Interaction) -> Store:
    """The store of the bot that received the interaction (a ``CinchBot``)."""
    return interaction.client.store  # type: ignore[attr-defined,no-any-return]
