"""Fixtures for the command line's tests: a clean environment, and the CLI as a real process."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import bot

#: The code under test, wherever the package is installed from.
CHECKOUT = str(Path(bot.__file__).resolve().parents[1])

RunPython = Callable[..., subprocess.CompletedProcess[str]]


@pytest.fixture
def no_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A working directory without .env and an environment without the bot's variables; the
    default database goes to a data folder of the test's own, never the user's."""
    for name in (
        "DISCORD_TOKEN", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL", "SHARD_COUNT", "SHARD_IDS"
    ):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-home"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def run_python() -> RunPython:
    """Run Python as a separate process in a folder with an environment, its output captured:
    ``run_python(folder, env, "-m", "bot", ...)``."""

    def run(folder: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, *args],
            cwd=folder,
            env={**env, "PYTHONPATH": CHECKOUT},
            capture_output=True,
            text=True,
            timeout=120,
        )

    return run
