"""What a careless operator types ends in one clear line, a non-zero exit and no password.

The tests run the real command line, in this process (``main([...])``) or as a process of its
own where what matters happens at exit. They pass as root too: an unwritable place is one no
user may write to (a path under a regular file, a file in ``/proc``), never a ``chmod``, which
root ignores (the one test that needs a read-only folder is skipped as root).
"""

from __future__ import annotations

import os

import pytest

import bot.__main__ as cli

SECRET = "s3cr3t-Pa55"


def one_line(text: str) -> str:
    """The only line of `text`, checked to show no traceback and no password."""
    assert "Traceback" not in text
    assert SECRET not in text
    (line,) = text.strip().splitlines()
    return line


def refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command line, which must fail with one line on stderr; that line."""
    assert cli.main(argv) == cli.EXIT_CONFIG
    return one_line(capsys.readouterr().err)


# ---------------------------------------------------------------- run: DATABASE_URL


@pytest.mark.parametrize(
    "url",
    [
        f"postgresql+asyncpg://user:{SECRET}@db/cinch",
        f"mysql://user:{SECRET}@db/cinch",
        f"jdbc:postgresql://db:5432/cinch?user=cinch&password={SECRET}",
        f"postgresql://cinch:{SECRET}@localhost",  # no database
        f"postgresql://cinch:{SECRET}@localhost:5432",
        f"postgresql://cinch:{SECRET}/cinch",  # no host: the password stands where the port is
        f"postgresql://cinch:{SECRET}@[::1/cinch",
        "sqlite:/var/lib/cinch/cinch.sqlite3",  # one slash
        "sqlite:var/lib/cinch/cinch.sqlite3",
        "sqlite://var/lib/cinch/cinch.sqlite3",
    ],
)
def test_a_malformed_database_url_stops_the_bot_in_one_line_without_its_password(
    no_settings, monkeypatch, capsys, url
):
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def.ghi")
    monkeypatch.setenv("DATABASE_URL", url)

    assert refused([], capsys).startswith("DATABASE_URL: ")
    assert sorted(path.name for path in no_settings.iterdir()) == []  # no "var" folder made here


@pytest.mark.parametrize("kind", ["a folder", "not a database", "under a file"])
def test_a_database_file_that_cannot_be_opened_stops_the_bot_in_one_line(
    no_settings, run_python, kind
):
    """As a process: an unopenable file once made a thread print a traceback at exit."""
    (no_settings / "folder").mkdir()
    (no_settings / "notes.txt").write_text("not a database")
    path = {"a folder": "folder", "not a database": "notes.txt", "under a file": "notes.txt/x"}
    env = {
        **os.environ,
        "DISCORD_TOKEN": "abc.def.ghi",
        "DATABASE_URL": f"sqlite:///{path[kind]}",
    }

    done = run_python(no_settings, env, "-m", "bot")

    assert done.returncode == cli.EXIT_CONFIG
    assert one_line(done.stderr).startswith(f"Cannot open the SQLite database {path[kind]}: ")
