"""No text a player sees is written into the bot's code: it all comes from the catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.i18n.catalogue import catalogue
from tests.i18n.scanner import find_bypasses, literal_keys

ROOT = Path(__file__).resolve().parents[2]
#: Where text people see is produced: Discord messages and the words drawn in pictures.
SCANNED = ("cogs", "bot/service", "bot/render")


def _python_files(*folders: str) -> list[Path]:
    return sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py"))


def test_the_scanned_folders_exist() -> None:
    assert all((ROOT / folder).is_dir() for folder in SCANNED)


def test_no_user_facing_literal_in_the_discord_and_service_layers() -> None:
    bypasses = [
        bypass
        for path in _python_files(*SCANNED)
        for bypass in find_bypasses(path.read_text("utf-8"), str(path.relative_to(ROOT)))
    ]
    assert not bypasses, "Put these texts in the catalogue (bot/i18n/README.md):\n" + "\n".join(
        map(str, bypasses)
    )


@pytest.mark.slow
def test_every_literal_key_in_the_code_is_in_the_catalogue() -> None:
    english = catalogue("en")
    problems = []
    for path in _python_files("bot", "cogs"):
        for use in literal_keys(path.read_text("utf-8"), str(path.relative_to(ROOT))):
            entries = english.plurals if use.plural else english.messages
            if use.key not in entries:
                kind = "plural message" if use.plural else "message"
                problems.append(f"{use.path}:{use.line}: no {kind} {use.key!r}")
    assert not problems, "\n".join(problems)
