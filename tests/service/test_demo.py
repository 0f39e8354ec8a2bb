"""``python -m bot demo``: a whole game of computer players through the service, offline."""

from __future__ import annotations

import tempfile

import pytest

from bot.cli import main
from bot.demo import DemoSettings, play_demo
from bot.store import Store

pytestmark = pytest.mark.slow


async def test_the_demo_plays_a_game_to_the_end_and_draws_it(tmp_path, capsys, caplog, database):
    output = tmp_path / "pictures"
    written = await play_demo(DemoSettings(output, database, target=11, seed=3))
    printed = capsys.readouterr().out
    # It ends with the game, closing its table: the emptied lobby's expiry never comes, and
    # nothing fails.
    assert printed.rstrip().endswith("demo closed the table.")
    assert "without a game" not in printed
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    names = {path.name for path in written}
    assert "game.png" in names and "hand-1.png" in names
    assert all(path.read_bytes().startswith(b"\x89PNG") for path in written)
    assert "Hand 1: " in printed and "Victory for " in printed
    async with await Store.open(database) as store:
        result = await store.games.result(1)
        hands = await store.games.hands(1)
    assert result.status == "finished" and max(result.final_scores) >= 11
    assert len(hands) == sum(1 for name in names if name.startswith("hand-"))


def test_the_demo_needs_no_token(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    code = main(
        [
            "demo",
            "--output",
            str(tmp_path / "out"),
            "--database",
            str(tmp_path / "db.sqlite3"),
            "--target",
            "5",
            "--seed",
            "1",
        ]
    )
    assert code == 0
    assert capsys.readouterr().out.rstrip().endswith(f"pictures to {tmp_path / 'out'}")


def test_the_demo_without_a_database_leaves_no_temporary_file_behind(
    tmp_path, monkeypatch, capsys
):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(temporary))
    for seed in ("1", "2"):
        arguments = ["demo", "--output", str(tmp_path / "out"), "--target", "5", "--seed", seed]
        assert main(arguments) == 0
    assert "Database: a temporary file, deleted at the end" in capsys.readouterr().out
    assert list(temporary.iterdir()) == []


def test_the_demo_plays_on_postgres_given_its_url(tmp_path, capsys, postgres_url):
    code = main(
        ["demo", "--output", str(tmp_path / "out"), "--database", postgres_url, "--target", "5"]
    )
    assert code == 0
    assert "Database: postgresql://" in capsys.readouterr().out
