"""The command line: ``python -m bot`` without a token explains what to do and fails."""

from __future__ import annotations

import argparse
import io
import logging
import os
import socket
import sqlite3
from contextlib import closing
from pathlib import Path
from types import SimpleNamespace

import discord
import pytest

import bot
import bot.cli as cli
from bot.settings import missing_token_message


@pytest.mark.parametrize("argv", [[], ["run"], ["sync"]])
def test_without_a_token_it_explains_and_exits_non_zero(no_settings, capsys, argv):
    assert cli.main(argv) == cli.EXIT_CONFIG
    captured = capsys.readouterr()
    assert captured.err.strip() == missing_token_message()
    assert captured.out == ""
    assert not (no_settings / "data").exists()  # nothing was created


def test_without_a_token_it_names_the_settings_file_it_read(no_settings, capsys):
    (no_settings / ".env").write_text("LOG_LEVEL=DEBUG\n# DISCORD_TOKEN=forgot-to-uncomment\n")
    assert cli.main([]) == cli.EXIT_CONFIG
    err = capsys.readouterr().err
    assert f"Settings were read from the environment and from {no_settings / '.env'}." in err
    assert f"Put it in {no_settings / '.env'} (see .env.example)" in err


def test_without_a_token_or_a_settings_file_it_says_where_it_looked(no_settings, capsys):
    assert cli.main([]) == cli.EXIT_CONFIG
    assert f"No .env file was read: there is none in {no_settings}," in capsys.readouterr().err


def test_a_bad_setting_is_reported_without_a_traceback(no_settings, monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DEV_GUILD_ID", "not-a-number")
    assert cli.main([]) == cli.EXIT_CONFIG
    assert "DEV_GUILD_ID" in capsys.readouterr().err


def test_a_rejected_token_is_explained(no_settings, monkeypatch, capsys):
    class RejectedBot:
        def run(self, token: str, *, log_handler: object) -> None:
            raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setattr(cli, "create_bot", lambda settings: RejectedBot())
    assert cli.main([]) == cli.EXIT_LOGIN
    err = capsys.readouterr().err
    assert "refused the token" in err and "not-a-real-token" not in err


class NeverLogsIn:
    """A bot that fails the test if the command line gets as far as logging in."""

    def __init__(self, settings: object) -> None:
        pytest.fail("the bot was started although /health cannot listen where it was told to")


def test_a_metrics_port_in_use_stops_the_bot_with_one_line_before_it_logs_in(
    no_settings, monkeypatch, capsys
):
    with socket.socket() as other_program:
        other_program.bind(("127.0.0.1", 0))
        other_program.listen()
        port = other_program.getsockname()[1]
        monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
        monkeypatch.setenv("METRICS_PORT", str(port))
        monkeypatch.setenv("METRICS_HOST", "127.0.0.1")
        monkeypatch.setattr(cli, "create_bot", NeverLogsIn)
        assert cli.main([]) == cli.EXIT_CONFIG
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line == (
        f"METRICS_PORT {port} is already in use on 127.0.0.1: stop the program using it,"
        " or choose another METRICS_PORT."
    )


def test_a_metrics_host_that_does_not_resolve_stops_the_bot_with_one_line(
    no_settings, monkeypatch, capsys
):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("METRICS_PORT", "8000")
    monkeypatch.setenv("METRICS_HOST", "no-such-host.invalid")
    monkeypatch.setattr(cli, "create_bot", NeverLogsIn)
    assert cli.main([]) == cli.EXIT_CONFIG
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("METRICS_HOST 'no-such-host.invalid' is not an address of this machine")


def test_a_metrics_host_that_is_not_this_machines_stops_the_bot_with_one_line(
    no_settings, monkeypatch, capsys
):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("METRICS_PORT", "8000")
    monkeypatch.setenv("METRICS_HOST", "192.0.2.1")  # an address kept for documentation
    monkeypatch.setattr(cli, "create_bot", NeverLogsIn)
    assert cli.main([]) == cli.EXIT_CONFIG
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith("METRICS_HOST '192.0.2.1' is not an address of this machine")


def test_a_free_metrics_port_lets_the_bot_go_on_to_log_in(no_settings, monkeypatch, capsys):
    class Started(Exception):
        pass

    def started(settings: object) -> None:
        raise Started

    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("METRICS_PORT", str(_closed_loopback_port()))
    monkeypatch.setattr(cli, "create_bot", started)
    with pytest.raises(Started):
        cli.main([])


def test_publishing_the_commands_does_not_need_the_metrics_port(no_settings, monkeypatch):
    """``sync`` serves no /health, so a port taken by the running bot does not stop it."""
    published: list[str] = []

    async def publish(settings: object, token: str) -> None:
        published.append(token)

    with socket.socket() as running_bot:
        running_bot.bind(("127.0.0.1", 0))
        running_bot.listen()
        monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
        monkeypatch.setenv("METRICS_PORT", str(running_bot.getsockname()[1]))
        monkeypatch.setattr(cli, "publish_commands", publish)
        assert cli.main(["sync"]) == 0
    assert published == ["abc.def.ghi"]


@pytest.mark.slow
def test_python_dash_m_bot_runs_as_a_process(no_settings, run_python):
    env = {key: value for key, value in os.environ.items() if key != "DISCORD_TOKEN"}
    done = run_python(no_settings, env, "-m", "bot")
    assert done.returncode == cli.EXIT_CONFIG
    assert "DISCORD_TOKEN is not set" in done.stderr
    assert "permissions=" in done.stderr


#: A script as ``pip`` writes ``cinch-bot``, which starts one of the computer players' workers
#: instead of the bot and prints which of the bot's heavy libraries that worker loaded.
LIKE_THE_CINCH_BOT_SCRIPT = """
import re
import sys

from bot.__main__ import main
from bot.ai.pool import worker_processes

LIBRARIES = ("discord", "aiohttp", "PIL.Image", "aiosqlite", "bot.cli", "bot.ai.decide")


def loaded() -> list[str]:
    return [name for name in LIBRARIES if name in sys.modules]


if __name__ == "__main__":
    with worker_processes(1) as workers:
        print(" ".join(workers.submit(loaded).result()))
"""


@pytest.mark.slow
def test_a_worker_of_the_cinch_bot_script_loads_the_computer_players_alone(
    no_settings, run_python
):
    """A spawned worker first imports the file its parent ran: the ``cinch-bot`` script,
    which imports `bot.__main__`. That must not bring discord.py and the rest of the bot in."""
    script = no_settings / "cinch-bot"
    script.write_text(LIKE_THE_CINCH_BOT_SCRIPT)
    done = run_python(no_settings, dict(os.environ), str(script))

    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["bot.ai.decide"]


def _closed_loopback_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_without_a_connection_to_discord_it_says_so_in_one_sentence(no_settings, run_python):
    """Discord's address points at a closed port on this machine: the real connection fails."""
    base = f"http://127.0.0.1:{_closed_loopback_port()}/api/v10"
    start_offline = (
        f"import discord.http; discord.http.Route.BASE = {base!r}; "
        "import bot.cli as cli; raise SystemExit(cli.main([]))"
    )
    env = {**os.environ, "DISCORD_TOKEN": "abc.def.ghi", "XDG_DATA_HOME": str(no_settings)}
    done = run_python(no_settings, env, "-c", start_offline)

    assert done.returncode == cli.EXIT_NETWORK
    assert "Could not reach Discord" in done.stderr
    assert "Traceback" not in done.stderr
    assert "voice will NOT be supported" not in done.stderr


def test_backup_copies_the_configured_database_into_a_new_file(no_settings, capsys):
    source = no_settings / "games.sqlite3"
    with closing(sqlite3.connect(source)) as database:
        database.execute("CREATE TABLE kept (value TEXT)")
        database.execute("INSERT INTO kept VALUES ('a hand')")
        database.commit()
    (no_settings / ".env").write_text("DATABASE_URL=sqlite:///games.sqlite3\n")

    assert cli.main(["backup", "saved/copy.sqlite3"]) == 0

    assert "Backed up" in capsys.readouterr().out
    with closing(sqlite3.connect(no_settings / "saved" / "copy.sqlite3")) as copy:
        assert copy.execute("SELECT value FROM kept").fetchall() == [("a hand",)]
    assert cli.main(["backup", "saved/copy.sqlite3"]) == cli.EXIT_CONFIG
    assert "already exists" in capsys.readouterr().err


@pytest.mark.slow
def test_a_database_that_cannot_be_opened_stops_the_bot_before_it_connects(
    no_settings, run_python
):
    (no_settings / "a-file").write_text("not a folder")
    env = {
        **os.environ,
        "DISCORD_TOKEN": "abc.def.ghi",
        "DATABASE_URL": f"sqlite:///{no_settings}/a-file/cinch.sqlite3",
    }
    done = run_python(no_settings, env, "-m", "bot")

    assert done.returncode == cli.EXIT_CONFIG
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(f"Cannot open the SQLite database {no_settings}/a-file/cinch.sqlite3:")


@pytest.mark.slow
def test_an_unreachable_postgres_server_stops_the_bot_with_one_line(no_settings, run_python):
    port = _closed_loopback_port()
    env = {
        **os.environ,
        "DISCORD_TOKEN": "abc.def.ghi",
        "DATABASE_URL": f"postgresql://cinch:hunter2@127.0.0.1:{port}/cinch",
    }
    done = run_python(no_settings, env, "-m", "bot")

    assert done.returncode == cli.EXIT_CONFIG
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith(
        f"Cannot connect to the PostgreSQL database postgresql://cinch:***@127.0.0.1:{port}/cinch:"
    )
    assert "hunter2" not in line


def test_backup_refuses_postgres_and_names_pg_dump(no_settings, capsys, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", "postgresql://cinch@localhost/cinch")
    assert cli.main(["backup", "copy.sqlite3"]) == cli.EXIT_CONFIG
    assert "pg_dump" in capsys.readouterr().err


@pytest.fixture
def root_logger():
    """The root logger, given back afterwards with the handlers and level it had."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield root
    root.handlers[:] = handlers
    root.setLevel(level)


def test_log_lines_carry_no_colour_codes_when_not_on_a_terminal(root_logger, monkeypatch):
    """Inside a container discord.py would colour them anyway; a log file gets plain text."""
    monkeypatch.setattr(discord.utils, "is_docker", lambda: True)
    written = io.StringIO()
    cli.setup_logging("INFO", written)
    logging.getLogger("bot").warning("A table was set aside")
    line = written.getvalue()
    assert "\x1b[" not in line
    assert "WARNING" in line and "bot: A table was set aside" in line


def test_log_lines_are_coloured_on_a_terminal(root_logger):
    leader, follower = os.openpty()
    with os.fdopen(follower, "w") as terminal, os.fdopen(leader, "rb", buffering=0) as screen:
        cli.setup_logging("INFO", terminal)
        logging.getLogger("bot").warning("A table was set aside")
        terminal.flush()
        shown = screen.read(1000)
    assert b"\x1b[" in shown and b"A table was set aside" in shown


def test_every_command_is_in_the_deploying_guides_table():
    """The operator's list of commands (docs/deploying.md, "The command line") names them all."""
    guide = (Path(bot.__file__).resolve().parents[1] / "docs" / "deploying.md").read_text()
    table = guide.split("## The command line", 1)[1].split("\n## ", 1)[0]
    (commands,) = [
        action
        for action in cli.build_parser()._actions
        if isinstance(action, argparse._SubParsersAction)
    ]
    assert [name for name in commands.choices if f"`python -m bot {name}" not in table] == []


@pytest.mark.parametrize("argv", [["sync"], ["run"]])
def test_commands_discord_refuses_are_named_in_one_line(
    no_settings, monkeypatch, capsys, root_logger, argv
):
    """``python -m bot sync``, and a first start, against Discord's HTTP answers, offline:
    Discord takes the login and refuses the commands with the body it sends for one over its
    size. With no command published before, nothing could work: both stop."""
    user = {"id": "10", "username": "cinch", "discriminator": "0", "avatar": None}
    application = {
        "id": "20", "name": "Cinch", "description": "", "icon": None, "bot_public": True,
        "bot_require_code_grant": False, "owner": user, "verify_key": "k", "flags": 0,
    }  # fmt: skip
    refusal = {
        "code": 50035,
        "message": "Invalid Form Body",
        "errors": {"0": {"_errors": [{"code": "APPLICATION_COMMAND_TOO_LARGE",
                                      "message": "Command exceeds maximum size (8000)"}]}},
    }  # fmt: skip
    sent: list[str] = []

    async def answer(http: object, route: discord.http.Route, **kwargs: object) -> object:
        sent.append(f"{route.method} {route.path}")
        if route.path == "/users/@me":
            return user
        if route.path == "/oauth2/applications/@me":
            return application
        raise discord.HTTPException(SimpleNamespace(status=400, reason="Bad Request"), refusal)

    monkeypatch.setenv("DISCORD_TOKEN", "a-token")
    monkeypatch.setattr(discord.http.HTTPClient, "request", answer)
    # Only this run's log handler: earlier runs' write to streams pytest has closed.
    root_logger.handlers[:] = []
    assert cli.main(argv) == cli.EXIT_COMMANDS_REFUSED
    err = capsys.readouterr().err
    assert "Traceback" not in err and "a-token" not in err
    line = err.strip().splitlines()[-1]  # after the log's lines, also on stderr
    assert line.startswith(
        "Discord refused the commands (HTTP 400, error 50035): /cinch: Command exceeds"
        " maximum size (8000) ("
    )
    assert line.endswith(" characters)")
    assert sent[-1] == "PUT /applications/{application_id}/commands"
