"""Run-time settings, read once at start from the environment and an optional ``.env`` file.

Real environment variables win over ``.env`` so a deployment can override a developer's file.
The token is a secret: it never appears in ``repr``/``str`` of :class:`Settings`, so logging the
settings object is safe.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from dotenv import dotenv_values

from bot.permissions import FEATURES, INVITE_PERMISSIONS, permission_title
from bot.sharding import ShardPlan
from bot.store import StoreError
from bot.store.locations import (
    check_postgres_url,
    describe_location,
    is_postgres_url,
    sqlite_path_from_url,
)

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
#: The most worker processes for the computer players that ``DECISION_WORKERS`` may ask for.
MOST_DECISION_WORKERS = 64
#: Processes that draw the pictures unless ``DRAWING_PROCESSES`` says otherwise (none: a
#: thread of the bot's own process), and the most it may ask for.
DEFAULT_DRAWING_PROCESSES = 0
MOST_DRAWING_PROCESSES = 16
#: Where /health and /metrics listen unless METRICS_HOST says otherwise: this machine alone.
DEFAULT_METRICS_HOST = "127.0.0.1"

INVITE_URL_TEMPLATE = (
    "https://discord.com/oauth2/authorize?client_id={app_id}"
    "&scope=bot+applications.commands&permissions={permissions}"
)


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says how to fix it."""


def invite_url(app_id: int | str = "<APP_ID>") -> str:
    """The link a server admin opens to add the bot with every permission its features use
    (``bot/permissions.py``), and no other."""
    return INVITE_URL_TEMPLATE.format(app_id=app_id, permissions=INVITE_PERMISSIONS.value)


def _feature_lines() -> list[str]:
    """Each feature's permissions and what they are for, a line each."""
    return [
        f"      {feature.purpose}: {', '.join(map(permission_title, feature.permissions))}"
        for feature in FEATURES
    ]


def settings_file_line(settings_file: Path | None) -> str:
    """Which ``.env`` file the settings were read from, so that an operator whose token is in
    a file elsewhere sees why it was not read."""
    if settings_file is None:
        return f"No .env file was read: there is none in {Path.cwd()}, where the bot started."
    return f"Settings were read from the environment and from {settings_file}."


def missing_token_message(settings_file: Path | None = None) -> str:
    """Step-by-step help shown when ``DISCORD_TOKEN`` is not set; ``settings_file`` is the
    ``.env`` file that was read (None: none was)."""
    where = settings_file or Path.cwd() / ".env"
    return "\n".join(
        [
            "DISCORD_TOKEN is not set, so the bot cannot connect to Discord.",
            settings_file_line(settings_file),
            "",
            "To create the bot's Discord application:",
            "  1. Open https://discord.com/developers/applications and click 'New Application'.",
            "  2. In the 'Bot' tab, click 'Reset Token' and copy the token.",
            f"  3. Put it in {where} (see .env.example):",
            "       DISCORD_TOKEN=your-token-here",
            "     or export it in your shell. Never commit or share the token.",
            "  4. No privileged gateway intents are needed: leave Presence, Server Members",
            "     and Message Content switched off.",
            "",
            "To invite the bot to a server:",
            "  - Scopes: bot, applications.commands",
            f"  - Permissions (permissions integer {INVITE_PERMISSIONS.value}):",
            *_feature_lines(),
            "  - Invite link (APP_ID is the Application ID on the 'General Information' tab):",
            f"       {invite_url()}",
            "",
            "To watch a whole game between computer players first, no token needed:",
            "       python -m bot demo",
        ]
    )


def default_database_path(environ: Mapping[str, str | None]) -> Path:
    """Where games are kept without DATABASE_URL: ``cinch-bot/cinch.sqlite3`` in the user's data
    folder (``$XDG_DATA_HOME``, else ``~/.local/share``), the same file whichever folder the bot
    is started from."""
    base = environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "cinch-bot" / "cinch.sqlite3"


def database_path_from_url(url: str) -> Path:
    """Turn ``sqlite:///relative/file`` (relative to the working directory) or
    ``sqlite:////absolute/file`` into a path.

    A malformed URL is a configuration error rather than a surprise at the first query.
    """
    try:
        return sqlite_path_from_url(url)
    except StoreError as error:
        raise ConfigError(f"DATABASE_URL: {error}") from None


def postgres_url(url: str) -> str:
    """A ``postgresql://`` DATABASE_URL, checked to name a host and a database."""
    try:
        return check_postgres_url(url)
    except StoreError as error:
        raise ConfigError(f"DATABASE_URL: {error}") from None


def unusable_database_message(target: str | Path, error: StoreError, setting: str) -> str:
    """One line for the operator: why the database cannot be opened, and what to check.
    ``setting`` is where the operator named it (``DATABASE_URL``, the demo's ``--database``)."""
    if is_postgres_url(target):
        check = "that the server is running and reachable, and the user's password and rights"
    else:
        check = "that the file's folder exists or can be created, and is writable"
    return f"{str(error).rstrip('.')}. Check {setting} and {check}."


def _optional_id(name: str, value: str | None) -> int | None:
    if value is None or not value.strip():
        return None
    try:
        number = int(value.strip())
    except ValueError:
        number = 0
    if number < 1:
        raise ConfigError(f"{name} must be a Discord id, a positive number; got {value!r}.")
    return number


def _optional_port(name: str, value: str | None) -> int | None:
    if value is None or not value.strip():
        return None
    text = value.strip()
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise ConfigError(f"{name} must be a port number from 1 to 65535; got {value!r}.")
    return int(text)


def _host(name: str, value: str | None) -> str:
    host = (value or "").strip() or DEFAULT_METRICS_HOST
    if any(character.isspace() for character in host):
        raise ConfigError(f"{name} must be an address or a host name; got {value!r}.")
    return host


def _log_level(value: str | None) -> str:
    level = (value or "INFO").strip().upper() or "INFO"
    if level not in LOG_LEVELS:
        raise ConfigError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}; got {value!r}.")
    return level


def _decision_workers(value: str | None) -> int | None:
    """``DECISION_WORKERS``: how many worker processes make the computer players' decisions,
    hints and reviews (None: one per core but one)."""
    if value is None or not value.strip():
        return None
    try:
        workers = int(value.strip())
    except ValueError:
        workers = 0
    if not 1 <= workers <= MOST_DECISION_WORKERS:
        raise ConfigError(
            f"DECISION_WORKERS must be a number from 1 to {MOST_DECISION_WORKERS}; got {value!r}."
        )
    return workers


def _drawing_processes(value: str | None) -> int:
    """``DRAWING_PROCESSES``: how many processes draw the pictures (0: threads of the bot's
    own process)."""
    if value is None or not value.strip():
        return DEFAULT_DRAWING_PROCESSES
    try:
        processes = int(value.strip())
    except ValueError:
        processes = -1
    if not 0 <= processes <= MOST_DRAWING_PROCESSES:
        raise ConfigError(
            f"DRAWING_PROCESSES must be a number from 0 to {MOST_DRAWING_PROCESSES}; got"
            f" {value!r}."
        )
    return processes


def _shard_plan(values: Mapping[str, str | None], *, postgres: bool) -> ShardPlan | None:
    """``SHARD_COUNT`` and ``SHARD_IDS``; running only some shards needs the shared database."""
    try:
        plan = ShardPlan.parse(values.get("SHARD_COUNT"), values.get("SHARD_IDS"))
    except ValueError as error:
        raise ConfigError(str(error)) from None
    if plan is not None and plan.partial and not postgres:
        raise ConfigError(
            f"SHARD_IDS runs {len(plan.ids)} of {plan.count} shards, so other processes run the"
            " rest: they must share one PostgreSQL database; set DATABASE_URL=postgresql://..."
        )
    return plan


@dataclass(frozen=True)
class Settings:
    """Everything the bot reads from its environment.

    ``discord_token`` is optional here because the offline demo and the tests run without
    one; :meth:`require_token` is what the real bot calls.
    """

    discord_token: str | None = field(default=None, repr=False)
    database_path: Path = field(default_factory=lambda: default_database_path(os.environ))
    """The SQLite file, used when ``database_url`` is not set."""
    database_url: str | None = field(default=None, repr=False)
    """A ``postgresql://`` URL; it may hold a password, so the repr shows it redacted."""
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    shards: ShardPlan | None = None
    """The shards this process runs (``SHARD_COUNT``, ``SHARD_IDS``); None: discord.py decides."""
    decision_workers: int | None = None
    """Worker processes for the computer players (``DECISION_WORKERS``); None: one per core
    but one."""
    drawing_processes: int = DEFAULT_DRAWING_PROCESSES
    """Processes that draw the pictures (``DRAWING_PROCESSES``); 0: a thread of the bot's own
    process (painting then holds the event loop's interpreter lock at times)."""
    metrics_port: int | None = None
    """Where ``/health`` and ``/metrics`` are served (``METRICS_PORT``); None: not at all. Built
    in code (tests), 0 takes any free port."""
    metrics_host: str = DEFAULT_METRICS_HOST
    """The address they listen on (``METRICS_HOST``): ``0.0.0.0`` inside a container."""
    settings_file: Path | None = None
    """The ``.env`` file read, as an absolute path; None: none was."""

    @classmethod
    def from_env(
        cls,
        environ: Mapping[str, str] | None = None,
        *,
        dotenv_path: str | os.PathLike[str] | None = ".env",
    ) -> Settings:
        """Read settings from ``environ`` (default ``os.environ``) over the ``.env`` file.

        ``dotenv_path=None`` skips the file. The process environment is not modified.
        """
        values: dict[str, str | None] = {}
        settings_file = None
        if dotenv_path is not None and Path(dotenv_path).is_file():
            settings_file = Path(dotenv_path).resolve()
            try:
                values.update(dotenv_values(dotenv_path))
            except (OSError, UnicodeError) as error:
                raise ConfigError(
                    f"The settings file {dotenv_path} cannot be read: {error}."
                ) from None
        values.update(os.environ if environ is None else environ)
        token = (values.get("DISCORD_TOKEN") or "").strip() or None
        url = (values.get("DATABASE_URL") or "").strip()
        postgres = is_postgres_url(url)
        return cls(
            discord_token=token,
            database_path=database_path_from_url(url)
            if url and not postgres
            else default_database_path(values),
            database_url=postgres_url(url) if postgres else None,
            dev_guild_id=_optional_id("DEV_GUILD_ID", values.get("DEV_GUILD_ID")),
            log_level=_log_level(values.get("LOG_LEVEL")),
            shards=_shard_plan(values, postgres=postgres),
            decision_workers=_decision_workers(values.get("DECISION_WORKERS")),
            drawing_processes=_drawing_processes(values.get("DRAWING_PROCESSES")),
            metrics_port=_optional_port("METRICS_PORT", values.get("METRICS_PORT")),
            metrics_host=_host("METRICS_HOST", values.get("METRICS_HOST")),
            settings_file=settings_file,
        )

    @property
    def database(self) -> str | Path:
        """What to open the store with: the PostgreSQL URL if set, else the SQLite file."""
        return self.database_url or self.database_path

    def require_token(self) -> str:
        """The token, or a :class:`ConfigError` carrying :func:`missing_token_message`."""
        if not self.discord_token:
            raise ConfigError(missing_token_message(self.settings_file))
        return self.discord_token

    def __repr__(self) -> str:
        token = "<set>" if self.discord_token else None
        return (
            f"Settings(discord_token={token!r}, database={describe_location(self.database)!r}, "
            f"dev_guild_id={self.dev_guild_id!r}, log_level={self.log_level!r}, "
            f"shards={self.shards!r}, decision_workers={self.decision_workers!r}, "
            f"drawing_processes={self.drawing_processes!r}, "
            f"metrics_port={self.metrics_port!r}, metrics_host={self.metrics_host!r})"
        )

    __str__ = __repr__
