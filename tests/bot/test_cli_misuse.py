"""What a careless operator types ends in one clear line, a non-zero exit and no password.

The tests run the real command line, in this process (``main([...])``) or as a process of its
own where what matters happens at exit. They pass as root too: an unwritable place is one no
user may write to (a path under a regular file, a file in ``/proc``), never a ``chmod``, which
root ignores (the one test that needs a read-only folder is skipped as root).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest

import bot.cli as cli
from bot.demo import DemoSettings
from bot.store import Store

SECRET = "s3cr3t-Pa55"
PROC = Path("/proc")
needs_proc = pytest.mark.skipif(
    not (PROC / "self").is_dir(), reason="needs Linux's /proc, where nobody may create a file"
)
#: A short, reproducible demo game.
QUICK_DEMO = ["--target", "5", "--level", "easy", "--seed", "1"]


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


def usage_error(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """Run the command line with arguments it refuses; the last line of its usage message."""
    with pytest.raises(SystemExit) as stopped:
        cli.main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err.strip().splitlines()[-1]


def wal_database(path: Path) -> Path:
    """A small SQLite database in WAL mode, as the bot leaves its file, closed."""
    with closing(sqlite3.connect(path)) as database:
        database.execute("PRAGMA journal_mode = WAL")
        database.execute("CREATE TABLE kept (value TEXT)")
        database.execute("INSERT INTO kept VALUES ('a hand')")
        database.commit()
    return path


async def tables_and_games(database: str | Path) -> tuple[list[tuple[int, str]], list[str]]:
    """Every table (server, status) and every game's status in the database."""
    async with await Store.open(database) as store:
        tables = [
            (row["guild_id"], row["status"])
            for row in await store.database.fetch_all("SELECT * FROM game_tables ORDER BY id")
        ]
        games = [
            row["status"]
            for row in await store.database.fetch_all("SELECT status FROM games ORDER BY id")
        ]
    return tables, games


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


@pytest.mark.slow
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


# ---------------------------------------------------------------- backup


@pytest.fixture
def live_database(no_settings: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bot's database, named by DATABASE_URL."""
    path = wal_database(no_settings / "live.sqlite3")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{path}")
    return path


def test_a_backup_under_a_regular_file_is_refused_in_one_line(live_database, capsys):
    (live_database.parent / "a-file").write_text("not a folder")
    line = refused(["backup", "a-file/copy.sqlite3"], capsys)
    assert line.startswith("Cannot write the backup a-file/copy.sqlite3: ")
    assert (live_database.parent / "a-file").read_text() == "not a folder"


@needs_proc
def test_a_backup_where_nobody_may_write_is_refused_in_one_line(live_database, capsys):
    line = refused(["backup", "/proc/cinch-backup.sqlite3"], capsys)
    assert line == (
        "Cannot write the backup /proc/cinch-backup.sqlite3: unable to open database file."
    )


@pytest.mark.slow
@needs_proc
def test_a_backup_started_in_a_folder_nobody_may_write_is_refused_in_one_line(
    live_database, run_python
):
    """A relative backup name, typed in a folder that cannot be written."""
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{live_database}"}
    done = run_python(PROC, env, "-m", "bot", "backup", "copy.sqlite3")

    assert done.returncode == cli.EXIT_CONFIG
    assert one_line(done.stderr).startswith("Cannot write the backup copy.sqlite3: ")


@pytest.mark.parametrize("target", ["saved", ".", ""])
def test_a_backup_into_a_folder_asks_for_a_file_name(live_database, capsys, target):
    (live_database.parent / "saved").mkdir()
    line = refused(["backup", target], capsys)
    assert line.endswith("is a folder; name a new file for the backup.")


def test_a_backup_of_a_missing_database_says_where_it_looked(no_settings, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", "sqlite:///nowhere/cinch.sqlite3")
    assert refused(["backup", "copy.sqlite3"], capsys) == (
        "There is no database at nowhere/cinch.sqlite3."
    )
    assert not (no_settings / "nowhere").exists() and not (no_settings / "copy.sqlite3").exists()


def test_a_backup_of_a_file_that_is_not_a_database_is_refused_and_leaves_nothing(
    no_settings, monkeypatch, capsys
):
    (no_settings / "notes.txt").write_text("not a database")
    monkeypatch.setenv("DATABASE_URL", "sqlite:///notes.txt")
    assert refused(["backup", "copy.sqlite3"], capsys) == (
        "Cannot read the database at notes.txt: file is not a database."
    )
    assert not (no_settings / "copy.sqlite3").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write in a read-only folder")
def test_a_backup_of_a_database_in_a_read_only_folder_says_what_to_do(
    no_settings, monkeypatch, capsys
):
    folder = no_settings / "read-only"
    folder.mkdir()
    source = wal_database(folder / "cinch.sqlite3")
    folder.chmod(0o555)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{source}")
    try:
        line = refused(["backup", "copy.sqlite3"], capsys)
    finally:
        folder.chmod(0o755)
    assert line.startswith(f"Cannot read the database at {source}: ")
    assert "the right to write in its folder" in line
    assert not (no_settings / "copy.sqlite3").exists()


# ---------------------------------------------------------------- demo


@pytest.mark.slow
def test_the_demo_twice_on_one_database_plays_both_times_and_leaves_no_table_open(
    no_settings, capsys
):
    database = no_settings / "demo.sqlite3"
    for _ in range(2):
        assert cli.main(["demo", "--database", str(database), *QUICK_DEMO]) == 0
        captured = capsys.readouterr()
        assert "Victory for " in captured.out and "demo closed the table." in captured.out
        assert captured.err == ""

    tables, games = asyncio.run(tables_and_games(database))
    assert tables == [(1, "ended"), (1, "ended")]
    assert games == ["finished", "finished"]


@pytest.mark.slow
def test_the_demo_first_closes_the_table_a_killed_demo_left_open(no_settings, capsys):
    database = no_settings / "demo.sqlite3"

    async def a_demo_killed_in_its_lobby() -> None:
        async with await Store.open(database) as store:
            await store.tables.create(guild_id=1, channel_id=1, creator_id=1, house_rules={})

    asyncio.run(a_demo_killed_in_its_lobby())

    assert cli.main(["demo", "--database", str(database), *QUICK_DEMO]) == 0
    assert "Victory for " in capsys.readouterr().out
    tables, games = asyncio.run(tables_and_games(database))
    assert tables == [(1, "ended"), (1, "ended")] and games == ["finished"]


def test_the_demo_settings_show_the_database_without_its_password():
    settings = DemoSettings(Path("out"), f"postgresql://cinch:{SECRET}@db/cinch", seed=3)
    assert repr(settings) == (
        f"DemoSettings(output={Path('out')!r}, database='postgresql://cinch:***@db/cinch',"
        " level='normal', target=51, seed=3)"
    )


def test_the_demo_refuses_a_database_holding_servers_games_and_leaves_it_as_it_was(
    no_settings, capsys
):
    database = no_settings / "bot.sqlite3"

    async def a_server_plays() -> None:
        async with await Store.open(database) as store:
            await store.tables.create(
                guild_id=812345678901234567, channel_id=2, creator_id=3, house_rules={}
            )

    asyncio.run(a_server_plays())
    before = asyncio.run(tables_and_games(database))

    line = refused(["demo", "--database", f"sqlite:///{database}", *QUICK_DEMO], capsys)

    assert line.startswith(f"The database at sqlite:///{database} holds Discord servers' games")
    assert asyncio.run(tables_and_games(database)) == before


@pytest.mark.parametrize(
    "database",
    [
        f"mysql://user:{SECRET}@db/cinch",
        f"postgresql+asyncpg://user:{SECRET}@db/cinch",
        f"postgresql://cinch:{SECRET}@localhost",
        "sqlite:/var/lib/cinch/cinch.sqlite3",
    ],
)
def test_the_demo_refuses_a_malformed_database_url_in_one_line(no_settings, capsys, database):
    assert refused(["demo", "--database", database, *QUICK_DEMO], capsys).startswith("--database: ")
    assert sorted(path.name for path in no_settings.iterdir()) == []


def test_the_demo_on_a_database_that_cannot_be_opened_says_so_in_one_line(no_settings, capsys):
    (no_settings / "notes.txt").write_text("not a database")
    line = refused(["demo", "--database", "notes.txt", *QUICK_DEMO], capsys)
    assert line.startswith("Cannot open the SQLite database notes.txt: file is not a database.")


@pytest.mark.parametrize(("output", "reason"), [("a-file", "File exists"), ("a-file/x", "")])
def test_the_demo_refuses_an_output_folder_it_cannot_make(no_settings, capsys, output, reason):
    (no_settings / "a-file").write_text("not a folder")
    line = refused(["demo", "--output", output, *QUICK_DEMO], capsys)
    assert line.startswith(f"Cannot make the folder {output} for the pictures: ")
    assert reason in line


@pytest.mark.slow
@needs_proc
def test_the_demo_stops_at_the_first_picture_it_cannot_write_and_closes_its_table(
    no_settings, capsys
):
    database = no_settings / "demo.sqlite3"
    argv = ["demo", "--output", "/proc", "--database", str(database), *QUICK_DEMO]

    line = refused(argv, capsys)

    assert line.startswith("Cannot write the pictures into /proc: ")
    tables, games = asyncio.run(tables_and_games(database))
    assert tables == [(1, "ended")] and games == ["abandoned"]


@pytest.mark.parametrize(
    ("target", "reason"),
    [
        ("0", "from 1 to 1000; got 0"),
        ("-5", "from 1 to 1000; got -5"),
        ("1001", "from 1 to 1000; got 1001"),
        ("ten", "a whole number is needed; got 'ten'"),
    ],
)
def test_the_demo_refuses_a_target_the_rules_do_not_take(no_settings, capsys, target, reason):
    line = usage_error(["demo", "--target", target], capsys)
    assert line.startswith("python -m bot demo: error: argument --target: ")
    assert line.endswith(reason)
    assert not (no_settings / "demo_output").exists()


@pytest.mark.slow
def test_a_demo_stopped_with_ctrl_c_says_so_and_leaves_no_table_open(no_settings):
    """Ctrl-C in a terminal interrupts the whole process group, the decision workers too."""
    database = no_settings / "demo.sqlite3"
    # A shell starts a background job with Ctrl-C ignored, and a program keeps the signals its
    # parent ignores: the demo is started as from a terminal, whatever started the tests.
    ignored_or_not = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        demo = subprocess.Popen(
            [sys.executable, "-m", "bot", "demo", "--database", str(database), "--level", "hard"],
            cwd=no_settings,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
    finally:
        signal.signal(signal.SIGINT, ignored_or_not)
    assert demo.stdout is not None
    for line in demo.stdout:
        if line.startswith("Hand 1: "):  # a game to 51 is far from over after one hand
            os.killpg(demo.pid, signal.SIGINT)
            break
    _, err = demo.communicate(timeout=120)

    assert demo.returncode == cli.EXIT_INTERRUPTED
    assert one_line(err) == "Stopped (Ctrl-C)."
    tables, games = asyncio.run(tables_and_games(database))
    assert tables == [(1, "ended")] and games == ["abandoned"]
