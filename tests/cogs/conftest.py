"""The SimCord harness: the real bot from ``create_bot`` on a real SQLite file, offline.

Fixtures (see SIMCORD_NOTES.md beside this file for how to drive and inspect the bot):

- ``bot_settings``: the :class:`Settings` every bot of the test uses (its database file).
- ``make_bot``: builds another bot over the same database; all are closed after the test.
- ``simcord_bot``: the bot SimCord starts (override it in a test module to add test-only
  commands or dynamic items before start-up, so they are synced like the real ones).
- ``simcord_env`` (from SimCord's plugin): the running world.
- ``guild``, ``channel``, ``add_member``, ``players``: a server, a channel, members.
- ``restart``: restart the bot (a fresh bot object, same database file), as after a crash.
- ``take_user_errors``: acknowledge the expected ``UserFacingError``s the bot has reported.
- ``offer_server_command``: offer ``/cinch-server`` to a member without Manage Server.

After every test that ran SimCord, each message, modal and autocomplete the bot sent is checked
against Discord's limits (``discord_rules.py``), which SimCord does not enforce.

Catalogue lookups run in strict mode here, so a message key missing from the catalogue fails
the test instead of showing the key to a player.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord
from discord import app_commands

import bot.presentation.scenes as scenes
from bot.errors import UserFacingError
from bot.factory import CinchBot, create_bot
from bot.render import TableScene
from bot.settings import Settings
from tests.cogs.discord_rules import sent_problems
from tests.decisions import SessionProcesses, SharedWorkers

PLAYER_NAMES = ("alice", "bob", "carol", "dave")


@pytest.fixture(autouse=True)
def sent_within_discords_limits(request: pytest.FixtureRequest) -> Iterator[None]:
    """After each test that ran the bot in SimCord, everything the bot sent, as Discord would
    receive it, passes Discord's limits (``discord_rules.py``): SimCord accepts more."""
    yield
    env = request.node.funcargs.get("simcord_env")
    if env is None:
        return
    refused = {
        f"{sent.method} {sent.path}": found
        for sent in env.http_requests
        if (found := sent_problems(sent))
    }
    assert refused == {}, "Discord would refuse these requests"


@pytest.fixture
def bot_settings(database_path: Path) -> Settings:
    return Settings(database_path=database_path)


class BotMaker:
    """Builds bots over one database file and remembers them, to close them all at the end.
    Their computer players run in the session's worker processes (``tests/decisions.py``)."""

    def __init__(self, settings: Settings, processes: SessionProcesses) -> None:
        self.settings = settings
        self.processes = processes
        self.built: list[CinchBot] = []

    def __call__(self) -> CinchBot:
        bot = create_bot(self.settings, workers=SharedWorkers(self.processes))
        self.built.append(bot)
        return bot

    async def close_all(self) -> None:
        for bot in self.built:
            await bot.close()


@pytest.fixture
async def make_bot(
    bot_settings: Settings, session_processes: SessionProcesses
) -> AsyncIterator[BotMaker]:
    maker = BotMaker(bot_settings, session_processes)
    try:
        yield maker
    finally:
        await maker.close_all()


@pytest.fixture
def simcord_bot(make_bot: BotMaker) -> CinchBot:
    return make_bot()


@pytest.fixture
def guild(simcord_env: simcord.Env) -> simcord.GuildHandle:
    return simcord_env.create_guild("Cinch Club")


@pytest.fixture
def channel(guild: simcord.GuildHandle) -> simcord.ChannelHandle:
    return guild.create_text_channel("cinch")


@pytest.fixture
def add_member(
    simcord_env: simcord.Env, guild: simcord.GuildHandle
) -> Callable[[str], simcord.MemberActor]:
    """``add_member("erin")``: a new user who joins the guild."""

    def add(name: str) -> simcord.MemberActor:
        return guild.add_member(simcord_env.create_user(name))

    return add


@pytest.fixture
def players(add_member: Callable[[str], simcord.MemberActor]) -> list[simcord.MemberActor]:
    """Four members: alice, bob, carol and dave."""
    return [add_member(name) for name in PLAYER_NAMES]


@pytest.fixture
def restart(simcord_env: simcord.Env, make_bot: BotMaker) -> Callable[[], Awaitable[CinchBot]]:
    """``new_bot = await restart()``: stop the bot and start a fresh one on the same file.

    The old bot's work is drained first (SimCord settles it), then it is detached and closed,
    like a process that stopped; Discord's state (messages, members) stays as it was.
    """

    async def restart_bot() -> CinchBot:
        old = simcord_env.bot
        new = make_bot()
        await simcord_env.restart_bot(new)
        await old.close()
        return new

    return restart_bot


@pytest.fixture
def offer_server_command(
    simcord_bot: CinchBot, guild: simcord.GuildHandle
) -> Callable[[simcord.MemberActor], Awaitable[None]]:
    """``await offer_server_command(member)``: the server offers ``/cinch-server`` to a member
    without Manage Server, as its Integrations settings may; the bot's own check then judges."""

    async def offer(member: simcord.MemberActor) -> None:
        [command] = [c for c in await simcord_bot.tree.fetch_commands() if c.name == "cinch-server"]
        guild.set_command_permissions(command, {member: True})

    return offer


class UserErrors:
    """Reads the errors SimCord captured since the last call.

    SimCord records every exception that reaches the command tree or a view's ``on_error``,
    even those the bot answered, and fails the test at the end for any left unread. A player's
    mistake is such an exception, so tests that provoke one read it back here: the expected
    ``UserFacingError``s are returned; anything else is raised.
    """

    def __init__(self, env: simcord.Env) -> None:
        self._env = env
        self._cursor = env.error_cursor

    def __call__(self) -> list[UserFacingError]:
        captured = self._env.errors_since(self._cursor)
        self._env.errors  # noqa: B018 - reading the property acknowledges them
        self._cursor = self._env.error_cursor
        unwrapped = [
            error.original if isinstance(error, app_commands.CommandInvokeError) else error
            for error in captured
        ]
        unexpected = [error for error in unwrapped if not isinstance(error, UserFacingError)]
        if unexpected:
            raise ExceptionGroup("the bot raised unexpected errors", unexpected)
        return unwrapped


@pytest.fixture
def take_user_errors(simcord_env: simcord.Env) -> UserErrors:
    return UserErrors(simcord_env)


@pytest.fixture
def drawn_tables(monkeypatch: pytest.MonkeyPatch) -> list[TableScene]:
    """Every public table scene the bot builds for a picture."""
    drawn: list[TableScene] = []

    def recording(**fields: Any) -> TableScene:
        scene = TableScene(**fields)
        drawn.append(scene)
        return scene

    monkeypatch.setattr(scenes, "TableScene", recording)
    return drawn
