"""The league service in tests: an outbox that records what the service shows and refuses what
a test says Discord refuses, and the service built on a real store and table service."""

from __future__ import annotations

import itertools
import random
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.league.outbox import EventChange, Refused
from bot.league.season_role import Rights, RoleFacts
from bot.league.service import LeagueService
from bot.league.shown import InvitationShown, Post, RoundEvent, SignupShown
from bot.service import TableService
from bot.store import Store
from tests.service.tables import ManualClock, RecordingOutbox


class RecordingLeagueOutbox:
    """Keeps what the league asked to show; refuses threads, and posts in the channels named
    in ``refusing``, as Discord would once a permission was taken."""

    def __init__(self) -> None:
        self._ids = itertools.count(5000)
        self.threads_asked: list[tuple[int, str]] = []
        self.posts: list[tuple[int, Post]] = []
        self.signups_posted: list[SignupShown] = []
        self.signups_shown: list[SignupShown] = []
        self.invitations: list[InvitationShown] = []
        self.events: list[RoundEvent] = []
        self.event_changes: list[tuple[int, EventChange]] = []
        self.admins_told: list[tuple[int, str]] = []
        #: The server's roles, by id, as the league weighs them.
        self.roles: dict[int, RoleFacts] = {}
        self.refuse_threads = False
        self.refusing: set[int] = set()
        #: Everything asked, in order: ("thread", channel), ("post", channel), ...
        self.calls: list[tuple[str, int]] = []

    async def create_thread(self, channel_id: int, name: str, locale: str | None) -> int:
        self.calls.append(("thread", channel_id))
        self.threads_asked.append((channel_id, name))
        if self.refuse_threads:
            raise Refused("HTTP 403 Missing Permissions", "Create Public Threads")
        return next(self._ids)

    async def post(self, channel_id: int, post: Post) -> None:
        self.calls.append(("post", channel_id))
        if channel_id in self.refusing:
            raise Refused("HTTP 403 Missing Access")
        self.posts.append((channel_id, post))

    async def post_signup(self, signup: SignupShown) -> int:
        self.calls.append(("signup", signup.channel_id))
        self.signups_posted.append(signup)
        return next(self._ids)

    async def show_signup(self, signup: SignupShown) -> None:
        self.calls.append(("signup edit", signup.channel_id))
        self.signups_shown.append(signup)

    async def post_invitation(self, channel_id: int, invitation: InvitationShown) -> None:
        self.calls.append(("invitation", channel_id))
        self.invitations.append(invitation)

    async def create_event(self, event: RoundEvent, locale: str | None) -> int:
        self.events.append(event)
        return next(self._ids)

    async def change_event(self, guild_id: int, event_id: int, change: EventChange) -> None:
        self.event_changes.append((event_id, change))

    def server_language(self, guild_id: int) -> str | None:
        return "en"

    def role(self, guild_id: int, role_id: int) -> RoleFacts | None:
        return self.roles.get(role_id)

    def bot_rights(self, guild_id: int) -> Rights:
        return Rights(manage_roles=True, top_rank=(10, 0))

    async def give_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        return True

    async def take_role(self, guild_id: int, user_id: int, role_id: int) -> bool:
        return True

    async def tell_admins(self, guild_id: int, text: str) -> None:
        self.admins_told.append((guild_id, text))

    def texts(self, channel_id: int) -> list[str]:
        """The texts posted in the channel, in order."""
        return [post.text for channel, post in self.posts if channel == channel_id]


@asynccontextmanager
async def league_service(
    store: Store, outbox: RecordingLeagueOutbox
) -> AsyncIterator[LeagueService]:
    """The league service on ``store``, its tables at a table service whose computer players
    wait for a virtual clock nobody moves."""
    tables = TableService(
        store, RecordingOutbox(), random_source=random.Random(7), sleep=ManualClock().sleep
    )
    try:
        yield LeagueService(store, tables, outbox)
    finally:
        await tables.close()
