"""The end-of-day post of the daily deals, in the channel a server's admins chose: the day's
first three, the deal that separated players most, and the board's picture.

It is posted once the day is over (``bot/daily/day_end.py`` says when, and claims it in the
store), in the server's language, mentioning nobody. A channel the bot no longer finds or may
not post in is left without the post, and the log says why.
"""

from __future__ import annotations

import asyncio
import logging

import discord

from bot.daily.day_end import DayEnd
from bot.daily.scenes import board_scene, day_end_text
from bot.i18n import t
from bot.render.ranking import render_ranking
from cogs.shared.message_parts import fit, png_file

log = logging.getLogger(__name__)

#: The lines of the board the post's picture shows.
POSTED_LINES = 10


async def post_day_end(client: discord.Client, end: DayEnd) -> None:
    """Post `end` in its channel."""
    channel = client.get_channel(end.channel_id)
    if channel is None:
        try:
            channel = await client.fetch_channel(end.channel_id)
        except discord.HTTPException:
            log.warning("The end-of-day channel %s is gone", end.channel_id)
            return
    if not isinstance(channel, discord.abc.Messageable):
        log.warning("The end-of-day channel %s takes no messages", end.channel_id)
        return
    guild = getattr(channel, "guild", None)
    locale = str(guild.preferred_locale) if guild is not None else None
    scene = board_scene(end.board, locale, limit=POSTED_LINES)
    picture = await asyncio.to_thread(render_ranking, scene)
    await channel.send(
        content=fit(day_end_text(end.board, locale)),
        file=png_file(picture, "board.png", t("daily.alt.board", locale)),
        allowed_mentions=discord.AllowedMentions.none(),
    )
