"""Every script in `scripts/` answers `--help` by printing its help and exiting, and does
nothing else: no picture redrawn, no benchmark run, no file written."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = sorted((ROOT / "scripts").glob("*.py"))


def _files() -> dict[Path, int]:
    """Every file of the checkout a script could write (not tests' own caches), with when it
    last changed."""
    watched = [ROOT / "docs", ROOT / "bot" / "render"]
    return {
        path: path.stat().st_mtime_ns
        for folder in watched
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_script_asked_for_help_prints_it_and_does_nothing_else(script: Path) -> None:
    before = _files()
    answer = subprocess.run(
        [sys.executable, str(script), "--help"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.startswith(f"usage: {script.name}"), answer.stdout[:200]
    assert _files() == before
