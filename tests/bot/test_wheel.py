"""The package installs like a package: a wheel, installed anywhere, plays without the checkout.

Everything read at run time must be package data (`bot/package_data.py`). These tests build the
wheel from the checkout, install it (without its dependencies, which are borrowed from the test
environment so no network is needed) into a new virtual environment, and play the demo from an
unrelated folder, where a path relative to the checkout would not resolve.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

CHECKOUT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "cogs")


def _run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(part) for part in command], cwd=cwd, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Built from a copy of what the source distribution holds, so that no earlier build
    left in the checkout can slip stale modules into the wheel."""
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md", "LICENSE"):
        shutil.copy2(CHECKOUT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(
            CHECKOUT / package, source / package, ignore=shutil.ignore_patterns("__pycache__")
        )
    folder = tmp_path_factory.mktemp("wheel")
    _run(
        sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
        "--wheel-dir", folder, source,
    )
    (built,) = folder.glob("cinch_bot-*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The python of a new environment holding the wheel and, through a .pth file, the deps."""
    home = tmp_path_factory.mktemp("fresh-env")
    venv.create(home, with_pip=False)
    python = home / "bin" / "python"
    purelib = _run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])")
    dependencies = Path(purelib.stdout.strip()) / "dependencies.pth"
    dependencies.write_text(sysconfig.get_paths()["purelib"] + "\n")
    pip = (sys.executable, "-m", "pip", "--python", python)
    _run(*pip, "install", "--no-deps", "--no-index", wheel)
    return python


def test_the_wheel_holds_every_file_the_packages_read(wheel: Path) -> None:
    shipped = {
        path.relative_to(CHECKOUT).as_posix()
        for package in PACKAGES
        for path in (CHECKOUT / package).rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    }
    with zipfile.ZipFile(wheel) as archive:
        packed = {name for name in archive.namelist() if name.split("/")[0] in PACKAGES}
    assert shipped - packed == set()


def test_the_installed_wheel_plays_the_demo_from_an_unrelated_folder(
    installed: Path, tmp_path: Path
) -> None:
    where = _run(installed, "-c", "import bot; print(bot.__file__)", cwd=tmp_path)
    assert Path(where.stdout.strip()).is_relative_to(installed.parents[1])

    played = _run(
        installed, "-m", "bot", "demo", "--output", "pictures", "--seed", "3", "--target", "11",
        cwd=tmp_path,
    )

    assert "Victory" in played.stdout
    pictures = sorted((tmp_path / "pictures").glob("*.png"))
    assert len(pictures) > 2
    assert all(picture.read_bytes().startswith(b"\x89PNG") for picture in pictures)
