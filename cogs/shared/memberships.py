"""Whether a person is still a member of a server, asked of Discord and kept a short while.

A click on a hand sent by DM carries no server, and Discord delivers it even from someone who
was kicked or banned since. The bot has no members intent (a privileged one), so it asks
Discord for that one member (``GET /guilds/{guild}/members/{user}``) and keeps the answer a few
minutes (``MEMBERSHIP_KEPT``), for a bounded number of people (``MEMBERSHIPS_KEPT``). What the
bot does about someone who is no longer a member is in ``cogs/shared/departures.py``.
"""

from __future__ import annotations

from collections import OrderedDict
from datetime import datetime, timedelta

import discord

#: How long an answer about someone's membership is used before asking Discord again.
MEMBERSHIP_KEPT = timedelta(minutes=5)
#: Answers kept at most (the oldest go first).
MEMBERSHIPS_KEPT = 10_000


class Memberships:
    """Each person's name in a server, or that they are not a member, asked of Discord."""

    def __init__(self, client: discord.Client) -> None:
        self._client = client
        #: (server, person) → when Discord was asked, and their name there (None: not a member).
        self._kept: OrderedDict[tuple[int, int], tuple[datetime, str | None]] = OrderedDict()

    async def name(self, guild_id: int, user_id: int) -> str | None:
        """The person's name in the server; None when they are not (any more) a member."""
        key = (guild_id, user_id)
        now = discord.utils.utcnow()
        kept = self._kept.get(key)
        if kept is not None and now - kept[0] < MEMBERSHIP_KEPT:
            return kept[1]
        name = await self._ask(guild_id, user_id)
        self._keep(key, name)
        return name

    def gone(self, guild_id: int, user_id: int) -> None:
        """The person left the server (or was banned from it)."""
        self._keep((guild_id, user_id), None)

    def forget(self, user_id: int) -> None:
        """The person asked to be forgotten: their names in every server go too."""
        for key in [key for key in self._kept if key[1] == user_id]:
            del self._kept[key]

    async def _ask(self, guild_id: int, user_id: int) -> str | None:
        client = self._client
        # A server of this process's shards is known; one of another's is fetched once more.
        guild = client.get_guild(guild_id) or await client.fetch_guild(guild_id)
        member = guild.get_member(user_id)
        if member is None:
            try:
                member = await guild.fetch_member(user_id)
            except discord.NotFound:
                return None
        return member.display_name

    def _keep(self, key: tuple[int, int], name: str | None) -> None:
        self._kept[key] = (discord.utils.utcnow(), name)
        self._kept.move_to_end(key)
        while len(self._kept) > MEMBERSHIPS_KEPT:
            self._kept.popitem(last=False)
