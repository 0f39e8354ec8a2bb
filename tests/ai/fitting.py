"""A model-fitting script of `scripts/` run as its maintainer runs it, for the tests that check
the same seed gives the same file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def fitted(script: str, out: Path, seed: int, deals: int) -> str:
    """The file ``scripts/<script>`` writes for ``seed`` and ``deals``."""
    arguments = ["--seed", str(seed), "--deals", str(deals), "--out", str(out)]
    subprocess.run(
        [sys.executable, f"scripts/{script}", *arguments],
        cwd=ROOT,
        check=True,
        capture_output=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=300,
    )
    return out.read_text(encoding="utf-8")


def fitted_twice_and_other(script: str, directory: Path, deals: int) -> tuple[str, str, str]:
    """The files ``scripts/<script>`` writes for seed 5, for seed 5 again and for seed 6."""
    return (
        fitted(script, directory / "first.json", 5, deals),
        fitted(script, directory / "again.json", 5, deals),
        fitted(script, directory / "other.json", 6, deals),
    )
