"""Someone who is no longer a member of a table's server: their clicks are refused, and they
step away from every table of that server they sat at, so the computer plays their seat.

A ban is heard at once: ``on_member_ban`` comes with the moderation intent, which is not
privileged. A member who leaves or is kicked sends no event without the members intent (a
privileged one, which the bot does without); a click of theirs from a DM, the only place
Discord still lets them click, finds out (:class:`cogs.shared.memberships.Memberships`). In the
meantime the turn timer marks them away like anyone who stops playing.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.errors import UserFacingError
from cogs.shared.interaction import CinchInteraction

if TYPE_CHECKING:
    from cogs.shared.client import CinchClient

log = logging.getLogger(__name__)


async def require_member_by_dm(interaction: CinchInteraction, table_id: int) -> None:
    """Refuse a click from a DM by someone who is no longer a member of the table's server,
    stepping them away from its tables (when this process holds them)."""
    if interaction.guild_id is not None:
        return  # Discord only delivers a server's clicks from its members
    bot = interaction.client
    user_id = interaction.user.id
    guild_id = await bot.tables.server_of(table_id)
    if await bot.memberships.name(guild_id, user_id) is not None:
        return
    await bot.tables.member_left(guild_id, user_id)
    raise UserFacingError("errors.not_a_member")


async def member_banned(client: CinchClient, guild_id: int, user_id: int) -> None:
    """Someone was banned from a server: they step away from its tables at once."""
    client.memberships.gone(guild_id, user_id)
    left = await client.tables.member_left(guild_id, user_id)
    if left:
        log.info("User %s, banned from server %s, left %d table(s)", user_id, guild_id, left)
