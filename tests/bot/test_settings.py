"""Settings from the environment and .env, and the help shown without a token."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
from discord.ext import commands

from bot.ai.pool import default_workers
from bot.factory import create_bot
from bot.permissions import (
    FEATURES,
    INVITE_PERMISSIONS,
    TABLE_PERMISSION_NAMES,
    permission_title,
)
from bot.settings import (
    DEFAULT_DRAWING_PROCESSES,
    MOST_DECISION_WORKERS,
    MOST_DRAWING_PROCESSES,
    ConfigError,
    Settings,
    invite_url,
    missing_token_message,
)
from bot.sharding import ShardPlan

SECRET = "MTIz.secret-token.value"


def test_defaults_without_any_setting(tmp_path: Path):
    settings = Settings.from_env({"XDG_DATA_HOME": str(tmp_path)}, dotenv_path=None)
    assert settings.discord_token is None
    assert settings.database_path == tmp_path / "cinch-bot" / "cinch.sqlite3"
    assert settings.dev_guild_id is None
    assert settings.log_level == "INFO"


def test_the_default_database_does_not_depend_on_the_folder_the_bot_starts_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    found = set()
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        monkeypatch.chdir(tmp_path / folder)
        found.add(Settings.from_env({}, dotenv_path=None).database_path)
    assert found == {tmp_path / "home" / ".local" / "share" / "cinch-bot" / "cinch.sqlite3"}


def test_values_are_read_and_cleaned():
    settings = Settings.from_env(
        {
            "DISCORD_TOKEN": f"  {SECRET}\n",
            "DATABASE_URL": "sqlite:////srv/cinch/games.db",
            "DEV_GUILD_ID": " 123456789012345678 ",
            "LOG_LEVEL": "debug",
        },
        dotenv_path=None,
    )
    assert settings.discord_token == SECRET
    assert settings.database_path == Path("/srv/cinch/games.db")
    assert settings.dev_guild_id == 123456789012345678
    assert settings.log_level == "DEBUG"


def test_empty_values_mean_unset():
    settings = Settings.from_env(
        {"DISCORD_TOKEN": "", "DATABASE_URL": "", "DEV_GUILD_ID": "", "LOG_LEVEL": ""},
        dotenv_path=None,
    )
    assert settings == Settings.from_env({}, dotenv_path=None)


def test_dotenv_file_is_read_and_the_environment_wins(tmp_path: Path):
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# local settings\nDISCORD_TOKEN=from-file\nDEV_GUILD_ID=1\nLOG_LEVEL=WARNING\n"
    )
    settings = Settings.from_env({"DEV_GUILD_ID": "2"}, dotenv_path=dotenv)
    assert settings.discord_token == "from-file"
    assert settings.dev_guild_id == 2
    assert settings.log_level == "WARNING"


def test_a_dotenv_file_that_is_not_text_is_refused_in_one_line(tmp_path: Path):
    dotenv = tmp_path / ".env"
    dotenv.write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    with pytest.raises(ConfigError, match="cannot be read") as refused:
        Settings.from_env({}, dotenv_path=dotenv)
    assert str(dotenv) in str(refused.value) and "\n" not in str(refused.value)


def test_a_missing_dotenv_file_is_fine(tmp_path: Path):
    settings = Settings.from_env({"LOG_LEVEL": "ERROR"}, dotenv_path=tmp_path / "absent.env")
    assert settings.log_level == "ERROR"


@pytest.mark.parametrize(
    "url",
    [
        "mysql://localhost/cinch",
        "sqlite://host/cinch.db",
        "sqlite:/var/lib/cinch/cinch.sqlite3",
        "sqlite:///",
        "sqlite:///data/",
        "data/cinch.sqlite3",
        "postgresql://localhost",
        "postgresql://localhost:port/cinch",
    ],
)
def test_database_urls_naming_no_sqlite_file_or_postgres_database_are_refused(url: str):
    with pytest.raises(ConfigError, match="DATABASE_URL"):
        Settings.from_env({"DATABASE_URL": url}, dotenv_path=None)


@pytest.mark.parametrize("scheme", ["postgresql", "postgres"])
def test_a_postgres_url_selects_postgres_and_its_password_is_never_shown(scheme: str):
    url = f"{scheme}://cinch:{SECRET}@db.example:5433/cinch"
    settings = Settings.from_env({"DATABASE_URL": url}, dotenv_path=None)
    assert settings.database == url
    assert SECRET not in repr(settings)
    assert f"{scheme}://cinch:***@db.example:5433/cinch" in repr(settings)


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql+asyncpg://user:{SECRET}@db/cinch",
        f"mysql://user:{SECRET}@db/cinch",
        f"jdbc:postgresql://db/cinch?user=cinch&password={SECRET}",
        f"host=db user=cinch password={SECRET}",
        f"sqlite:///cinch.sqlite3?password={SECRET}",
        f"postgresql://cinch:{SECRET}/cinch",
        f"postgresql://cinch:{SECRET}@db",
        f"postgresql://cinch:{SECRET}@db:port/cinch",
        f"postgresql://cinch:{SECRET}@[::1/cinch",
    ],
)
def test_a_refused_database_url_is_never_shown_with_its_password(url: str):
    with pytest.raises(ConfigError, match="DATABASE_URL") as refused:
        Settings.from_env({"DATABASE_URL": url}, dotenv_path=None)
    assert SECRET not in str(refused.value)
    assert "\n" not in str(refused.value)


def test_the_settings_shown_at_start_hide_the_database_password():
    url = f"postgresql://cinch:{SECRET}@db/cinch?sslpassword={SECRET}"
    settings = Settings.from_env({"DATABASE_URL": url, "DISCORD_TOKEN": SECRET}, dotenv_path=None)
    for shown in (repr(settings), str(settings), f"{[settings]}"):
        assert SECRET not in shown
        assert "database='postgresql://cinch:***@db/cinch?sslpassword=***'" in shown


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("DEV_GUILD_ID", "my-server"),
        ("DEV_GUILD_ID", "-5"),
        ("DEV_GUILD_ID", "0"),
        ("LOG_LEVEL", "LOUD"),
        ("METRICS_PORT", "http"),
        ("METRICS_PORT", "0"),
        ("METRICS_PORT", "65536"),
        ("METRICS_PORT", "-80"),
        ("METRICS_HOST", "local host"),
    ],
)
def test_malformed_values_are_refused_with_their_name(name: str, value: str):
    with pytest.raises(ConfigError, match=name) as refused:
        Settings.from_env({name: value}, dotenv_path=None)
    assert "\n" not in str(refused.value)


def test_metrics_are_served_only_when_a_port_is_set_and_on_this_machine_unless_told():
    unset = Settings.from_env({}, dotenv_path=None)
    assert (unset.metrics_port, unset.metrics_host) == (None, "127.0.0.1")
    assert Settings.from_env({"METRICS_PORT": ""}, dotenv_path=None).metrics_port is None
    served = Settings.from_env(
        {"METRICS_PORT": " 8000 ", "METRICS_HOST": "0.0.0.0"}, dotenv_path=None
    )
    assert (served.metrics_port, served.metrics_host) == (8000, "0.0.0.0")
    assert "metrics_port=8000" in repr(served)


def test_the_token_never_appears_in_repr_or_str():
    settings = Settings(discord_token=SECRET)
    assert SECRET not in repr(settings)
    assert SECRET not in str(settings)
    assert SECRET not in f"{settings!r} {[settings]}"
    assert "<set>" in repr(settings)
    assert "discord_token=None" in repr(Settings())


def test_require_token_returns_it_or_explains_how_to_get_one():
    assert Settings(discord_token=SECRET).require_token() == SECRET
    with pytest.raises(ConfigError) as raised:
        Settings().require_token()
    assert str(raised.value) == missing_token_message()


def test_a_table_needs_exactly_the_five_permissions_it_uses():
    assert TABLE_PERMISSION_NAMES == (
        "view_channel",
        "send_messages",
        "embed_links",
        "attach_files",
        "read_message_history",
    )


def test_the_invite_asks_for_every_features_permissions_and_nothing_else():
    # Discord's permission bits: 10 View Channel, 11 Send Messages, 13 Manage Messages,
    # 14 Embed Links, 15 Attach Files, 16 Read Message History, 28 Manage Roles, 34 Manage
    # Threads, 35 Create Public Threads, 38 Send Messages in Threads, 44 Create Events.
    bits = (10, 11, 13, 14, 15, 16, 28, 34, 35, 38, 44)
    assert INVITE_PERMISSIONS.value == sum(1 << bit for bit in bits) == 17918872120320
    used = {name for feature in FEATURES for name in feature.permissions}
    # Iterating Permissions names View Channel by its older alias.
    granted = {"view_channel" if n == "read_messages" else n for n, on in INVITE_PERMISSIONS if on}
    assert granted == used
    assert {"manage_messages", "manage_threads", "manage_roles", "create_events"} <= used
    assert [feature.key for feature in FEATURES].count("tables") == 1
    assert FEATURES[0].permissions == TABLE_PERMISSION_NAMES


def test_the_missing_token_message_says_how_to_set_the_bot_up():
    message = missing_token_message()
    assert "DISCORD_TOKEN" in message
    assert "https://discord.com/developers/applications" in message
    assert "bot, applications.commands" in message
    for name in (
        "View Channel", "Send Messages", "Embed Links", "Attach Files", "Read Message History",
        "Manage Messages", "Create Public Threads", "Send Messages in Threads", "Manage Threads",
        "Manage Roles", "Create Events",
    ):  # fmt: skip
        assert name in message
    for feature in FEATURES:
        assert f"{feature.purpose}: " in message
    assert str(INVITE_PERMISSIONS.value) in message
    assert invite_url() in message
    assert "privileged" in message
    assert "python -m bot demo" in message
    assert len(message.splitlines()) > 5


def test_the_invite_link_asks_for_both_scopes_and_the_permissions():
    url = invite_url(987)
    assert url == (
        "https://discord.com/oauth2/authorize?client_id=987"
        f"&scope=bot+applications.commands&permissions={INVITE_PERMISSIONS.value}"
    )
    assert discord.Permissions(INVITE_PERMISSIONS.value) == INVITE_PERMISSIONS


def test_shards_split_over_processes_share_postgres():
    url = "postgresql://cinch:secret@db:5432/cinch"
    settings = Settings.from_env(
        {"DATABASE_URL": url, "SHARD_COUNT": "4", "SHARD_IDS": "2,3"}, dotenv_path=None
    )
    assert settings.shards == ShardPlan(4, (2, 3))
    bot = create_bot(settings)
    assert isinstance(bot, commands.AutoShardedBot)
    assert (bot.shard_count, bot.shard_ids) == (4, [2, 3])


def test_some_shards_on_sqlite_are_refused_with_one_line():
    with pytest.raises(ConfigError, match="must share one PostgreSQL database") as refused:
        Settings.from_env({"SHARD_COUNT": "4", "SHARD_IDS": "0,1"}, dotenv_path=None)
    assert "\n" not in str(refused.value)
    # Every shard in one process needs nothing shared.
    assert Settings.from_env({"SHARD_COUNT": "2"}, dotenv_path=None).shards == ShardPlan(2, (0, 1))


def test_shard_ids_outside_the_count_stop_the_bot_with_one_line():
    with pytest.raises(ConfigError, match="names shard 4, outside SHARD_COUNT=4"):
        Settings.from_env(
            {"DATABASE_URL": "postgresql://h/db", "SHARD_COUNT": "4", "SHARD_IDS": "4"},
            dotenv_path=None,
        )


def test_decision_workers_follow_the_cores_unless_set():
    assert Settings.from_env({}, dotenv_path=None).decision_workers is None
    settings = Settings.from_env({"DECISION_WORKERS": " 3 "}, dotenv_path=None)
    assert settings.decision_workers == 3
    assert create_bot(settings)._decisions.workers == 3
    assert create_bot(Settings())._decisions.workers == default_workers()


@pytest.mark.parametrize("value", ["0", "-2", "many", "2.5", str(MOST_DECISION_WORKERS + 1)])
def test_a_number_of_decision_workers_that_cannot_be_is_refused(value: str):
    with pytest.raises(ConfigError, match="DECISION_WORKERS"):
        Settings.from_env({"DECISION_WORKERS": value}, dotenv_path=None)


def test_the_deployment_guide_gives_the_same_link_and_every_features_permissions():
    guide = (Path(__file__).parents[2] / "docs" / "deploying.md").read_text(encoding="utf-8")
    assert invite_url("APP_ID") in guide
    for feature in FEATURES:
        assert all(permission_title(name) in guide for name in feature.permissions)


def test_pictures_are_drawn_in_threads_unless_processes_are_asked_for():
    assert Settings.from_env({}, dotenv_path=None).drawing_processes == DEFAULT_DRAWING_PROCESSES
    assert Settings.from_env({"DRAWING_PROCESSES": " 0 "}, dotenv_path=None).drawing_processes == 0
    assert Settings.from_env({"DRAWING_PROCESSES": "3"}, dotenv_path=None).drawing_processes == 3


@pytest.mark.parametrize("value", ["-1", "many", "1.5", str(MOST_DRAWING_PROCESSES + 1)])
def test_a_number_of_drawing_processes_that_cannot_be_is_refused(value: str):
    with pytest.raises(ConfigError, match="DRAWING_PROCESSES"):
        Settings.from_env({"DRAWING_PROCESSES": value}, dotenv_path=None)
