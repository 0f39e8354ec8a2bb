"""The Discord layer asks the league service for the league, never the league's store functions:
it takes from ``bot/league`` its plain data, types and limits only, never a function that reads
or writes the store. (That no module of it reads ``.store`` at all is
``tests/bot/test_import_graph.py``'s.)"""

from __future__ import annotations

import ast
import importlib
import inspect
from pathlib import Path

import cogs

COGS = Path(cogs.__file__).parent


def league_store_functions(path: Path) -> list[str]:
    """The functions of ``bot.league`` that take the store which the module imports."""
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom) or not (node.module or "").startswith("bot.league"):
            continue
        module = importlib.import_module(node.module or "")
        for alias in node.names:
            value = getattr(module, alias.name)
            if inspect.isfunction(value) and "store" in inspect.signature(value).parameters:
                found.append(f"{path.name}: {node.module}.{alias.name}")
    return found


def test_the_discord_layer_calls_no_store_function_of_the_league() -> None:
    modules = sorted(COGS.rglob("*.py"))
    assert any(path.parent.name == "league" for path in modules)
    assert [found for path in modules for found in league_store_functions(path)] == []


def test_a_store_function_of_the_league_is_found(tmp_path: Path) -> None:
    module = tmp_path / "reader.py"
    module.write_text(
        "from bot.league.tournaments import Format, entrants\n"
        "from bot.league.service import LeagueService\n"
    )
    assert league_store_functions(module) == ["reader.py: bot.league.tournaments.entrants"]
