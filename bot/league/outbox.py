"""Where the league service shows what it decided: the Discord layer (``cogs/league/outbox.py``).

The service words every message; an outbox only shows it, each method one kind of thing. What
Discord refuses (a thread, a post, a role, an event: a permission withdrawn, a channel gone)
comes back as :class:`Refused`, which the service stores as a state of the tournament or the
season and reports once: it never asks again in a loop.
"""

from __future__ import annotations

from typing import Literal, Protocol

from bot.league.season_role import Rights, RoleFacts
from bot.league.shown import InvitationShown, Post, RoundEvent, SignupShown

#: What becomes of a round's scheduled event.
EventChange = Literal["start", "end", "cancel"]


class Refused(Exception):
    """Discord refused what the league asked: ``reason`` says why for the log; ``lacking``
    names, in the language asked, the permissions the bot lacks there, when it knows."""

    def __init__(self, reason: str, lacking: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.lacking = lacking


class LeagueOutbox(Protocol):
    async def create_thread(self, channel_id: int, name: str, locale: str | None) -> int:
        """A public thread of the channel, named ``name`` (cut to Discord's longest): its id.
        :class:`Refused`, naming the permissions the bot lacks in ``locale``, when Discord
        refuses it."""
        ...

    async def post(self, channel_id: int, post: Post) -> None:
        """A new message in the channel (or thread); :class:`Refused` when Discord refuses."""
        ...

    async def post_signup(self, signup: SignupShown) -> int:
        """Post the sign-up message with its buttons in its channel: the message's id."""
        ...

    async def show_signup(self, signup: SignupShown) -> None:
        """Bring the sign-up message up to date (one deleted is left alone)."""
        ...

    async def post_invitation(self, channel_id: int, invitation: InvitationShown) -> None:
        """Ask the partner in the channel, with the Accept and Decline buttons."""
        ...

    async def create_event(self, event: RoundEvent, locale: str | None) -> int:
        """A scheduled event of the server: its id. :class:`Refused` (``lacking`` worded in
        ``locale``) when the bot may not create it."""
        ...

    async def change_event(self, guild_id: int, event_id: int, change: EventChange) -> None:
        """Start, end or cancel a round's event; one gone, or refused, is left alone."""
        ...

    def server_language(self, guild_id: int) -> str | None:
        """The server's language; None when the bot is no longer in the server."""
        ...

    def role(self, guild_id: int, role_id: int) -> RoleFacts | None:
        """The role as the league weighs it; None when it is gone."""
        ...

    def bot_rights(self, guild_id: int) -> Rights:
        """What the bot may do with the server's roles."""
        ...

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        """Give the role: False when the person is not a member, or holds it already (then it
        is theirs); :class:`Refused` when Discord refuses."""
        ...

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        """Take the role back: False when Discord refuses (someone no longer a member has
        nothing to take back: True)."""
        ...

    async def tell_admins(self, guild_id: int, text: str) -> None:
        """Tell the server's admins, in the channel Discord sends them its notices in (or the
        system channel); left unsaid when neither takes it."""
        ...
