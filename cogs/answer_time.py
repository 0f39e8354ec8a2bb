"""How long a player waits for the answer to a move: from their click to the bot's answer.

Counted from the interaction's creation (Discord's clock, read from its id) to the moment the
answer went out, so it holds Discord's delivery of the click too. A host clock ahead of or
behind Discord's shifts it; it is never counted below zero.
"""

from __future__ import annotations

import discord

from cogs.interaction import CinchInteraction


def move_answered(interaction: CinchInteraction) -> None:
    """The move of this interaction was just answered."""
    waited = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    interaction.client.metrics.click_answered(max(0.0, waited))
