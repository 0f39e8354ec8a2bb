"""What commands and buttons read from an interaction: who acts, at which table, and cards
typed as text."""

from __future__ import annotations

from discord import app_commands

from bot.engine import Card, parse_cards
from bot.errors import UserFacingError
from bot.service import Person, Table
from cogs.interaction import CinchInteraction


def guild_of(interaction: CinchInteraction) -> int:
    """The server of a command or button that only works in a server."""
    if interaction.guild_id is None:
        raise app_commands.NoPrivateMessage()
    return interaction.guild_id


def person(interaction: CinchInteraction) -> Person:
    return Person(interaction.user.id, interaction.user.display_name)


def channel_table(interaction: CinchInteraction) -> Table:
    """The table of the channel a command was used in (a refusal when there is none)."""
    service = interaction.client.tables
    return service.table_in_channel(interaction.channel_id or 0)


def cards_option(text: str) -> tuple[Card, ...]:
    """Cards typed in a command option (``10H 5d``, ``10♥,th``)."""
    try:
        return tuple(parse_cards(text))
    except ValueError:
        raise UserFacingError("errors.not_a_card", text=text) from None
