"""The league's Discord side reads no store: its commands, buttons and clock call the league
service only (``bot/league/service.py``), and take from ``bot/league`` its plain data, types and
limits, never a function that reads or writes the store."""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import cogs

COGS = Path(cogs.__file__).parent
#: The Discord modules of the league: the shared package, the tournament command, and the
#: seasons' settings and awards.
LEAGUE_MODULES = sorted(
    [
        *(COGS / "league").glob("*.py"),
        *(COGS / "tournament").glob("*.py"),
        COGS / "server" / "season_settings.py",
        COGS / "boards" / "season_awards.py",
    ]
)


def store_readers(path: Path) -> list[str]:
    """What the module reaches the store by: an attribute ``store``, or a function of
    ``bot.league`` that takes the store."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "store":
            found.append(f"{path.name}: .store")
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bot.league"):
            if node.module == "bot.league.service":
                continue
            module = importlib.import_module(node.module or "")
            for alias in node.names:
                value = getattr(module, alias.name)
                if inspect.isfunction(value) and "store" in inspect.signature(value).parameters:
                    found.append(f"{path.name}: {node.module}.{alias.name}")
    return found


def test_the_leagues_discord_side_reads_no_store() -> None:
    assert len(LEAGUE_MODULES) >= 8
    assert [reader for path in LEAGUE_MODULES for reader in store_readers(path)] == []


def test_a_store_reader_is_found(tmp_path: Path) -> None:
    module = tmp_path / "reader.py"
    module.write_text(
        "from bot.league.tournaments import Format, entrants\n"
        "async def f(client):\n    return client.store\n"
    )
    assert store_readers(module) == [
        "reader.py: bot.league.tournaments.entrants",
        "reader.py: .store",
    ]
