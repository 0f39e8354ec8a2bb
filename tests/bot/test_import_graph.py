"""No module imports a module that imports it back, not even only for type checking; and the
Discord layer never holds the table service's live tables or games, nor reads the store.

A circle of imports ties ideas together that should stand one above the other: a module below
the game taking the game itself, a type declared below what it is made from, the bot's factory
and the commands it loads. Type checking follows imports under `TYPE_CHECKING` as well, so they
count here as well as the ones inside functions.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import bot
import cogs

PACKAGES = {"bot": Path(bot.__file__).parent, "cogs": Path(cogs.__file__).parent}


def module_name(path: Path, root: Path, package: str) -> str:
    """The dotted name of the module in `path`, a file of `package` whose folder is `root`."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([package, *parts])


def import_graph(roots: dict[str, Path]) -> dict[str, set[str]]:
    """Each module of the packages (by name, with their folders) and the modules of those
    packages it imports."""
    paths = {
        module_name(path, root, package): path
        for package, root in roots.items()
        for path in sorted(root.rglob("*.py"))
    }
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        is_package = path.name == "__init__.py"
        imported: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:  # relative: from the module's own package, or levels above
                    anchor = name.split(".")
                    anchor = anchor[: len(anchor) - node.level + is_package]
                    base = ".".join([*anchor, base]) if base else ".".join(anchor)
                # `from package import module` imports the module; any other name comes from
                # `base` itself, which runs it.
                imported |= {
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in paths else base
                    for alias in node.names
                }
        graph[name] = {module for module in imported if module in paths and module != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that import each other, directly or through others."""

    def reachable(start: str) -> set[str]:
        seen: set[str] = set()
        waiting = [start]
        while waiting:
            for module in graph[waiting.pop()] - seen:
                seen.add(module)
                waiting.append(module)
        return seen

    reach = {module: reachable(module) for module in graph}
    groups = {
        tuple(sorted({module} | {other for other in reach[module] if module in reach[other]}))
        for module in graph
        if module in reach[module]
    }
    return [list(group) for group in sorted(groups)]


@pytest.mark.slow
def test_no_module_of_the_bot_imports_one_that_imports_it_back() -> None:
    graph = import_graph(PACKAGES)
    assert {"bot.engine.game", "bot.engine.state", "bot.factory", "cogs.cinch.command"} <= set(
        graph
    )
    assert "bot.engine.state" in graph["bot.engine.serialize"]
    assert "cogs.shared.client" in graph["bot.factory"]
    assert circles(graph) == []


#: The table service's areas, which work on its live tables (``bot/service/service.py``).
SERVICE_AREAS = (
    "bot.service.service",
    "bot.service.service_state",
    "bot.service.tables.table_changes",
    "bot.service.areas.finding",
    "bot.service.areas.life_cycle",
    "bot.service.areas.lobby_actions",
    "bot.service.areas.closing",
    "bot.service.areas.arranged_games",
    "bot.service.areas.playing",
    "bot.service.areas.player_view",
    "bot.service.areas.whole_table",
    "bot.service.areas.personal",
    "bot.service.areas.server_tables",
)
#: What only the table service holds: its live tables and their games.
LIVE = {
    "bot.service.tables.table",
    "bot.engine.game",
    "bot.engine.state",
    *SERVICE_AREAS,
}


@pytest.mark.slow
def test_the_discord_layer_never_holds_a_live_table_or_game() -> None:
    graph = import_graph(PACKAGES)
    assert graph.keys() >= LIVE  # every name above is a module there is
    reaching = {
        module: sorted(graph[module] & LIVE) for module in graph if module.startswith("cogs.")
    }
    assert {module: live for module, live in reaching.items() if live} == {}
    registry_reads = [
        path.name
        for path in sorted(PACKAGES["cogs"].rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "registry"
    ]
    assert registry_reads == []


def test_the_discord_layer_never_imports_the_factory_that_builds_it() -> None:
    graph = import_graph(PACKAGES)
    cogs_importing_it = [
        module for module in graph if module.startswith("cogs.") and "bot.factory" in graph[module]
    ]
    assert cogs_importing_it == []


def test_a_circle_through_a_type_checking_import_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("from pkg.top import Top\n")
    (package / "top.py").write_text("from pkg.sub import low\nclass Top: ...\n")
    (package / "sub" / "__init__.py").write_text("")
    (package / "sub" / "low.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..top import Top\n"
    )
    (package / "alone.py").write_text("import pkg.sub.low\n")
    graph = import_graph({"pkg": package})
    assert graph["pkg.sub.low"] == {"pkg.top"}
    assert circles(graph) == [["pkg.sub.low", "pkg.top"]]


def test_a_circle_through_the_package_itself_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("from pkg.game import Game\n")
    (package / "game.py").write_text("def new():\n    from pkg import helpers\n")
    (package / "helpers.py").write_text("from pkg import Game\n")
    assert circles(import_graph({"pkg": package})) == [["pkg", "pkg.game", "pkg.helpers"]]


def test_no_command_package_imports_another() -> None:
    """Each top-level command's package (the one holding its ``command.py``: `cogs/cinch/`,
    `cogs/boards/`, ...) stands on the shared packages of the Discord layer only (`cogs/shared/`,
    `cogs/tables/`, ...), never on another command's package."""
    graph = import_graph(PACKAGES)
    command_packages = {
        f"cogs.{path.parent.name}" for path in PACKAGES["cogs"].glob("*/command.py")
    }
    assert command_packages == {"cogs.cinch", "cogs.boards", "cogs.server", "cogs.tournament"}

    def package_of(module: str) -> str | None:
        return next(
            (p for p in command_packages if module == p or module.startswith(f"{p}.")), None
        )

    crossings = sorted(
        (module, imported)
        for module, imports in graph.items()
        for imported in imports
        if package_of(module) and package_of(imported) not in (None, package_of(module))
    )
    assert crossings == []


def store_readers(root: Path, allowed: tuple[str, ...] = ()) -> list[str]:
    """The modules under ``root`` (by path from its parent) that read an attribute named
    ``store`` (``interaction.client.store``, ``self.bot.store``...), but the ``allowed`` ones
    (a path, or a folder ending in ``/``)."""
    readers = []
    for path in sorted(root.rglob("*.py")):
        name = path.relative_to(root.parent).as_posix()
        if any(
            name == entry or (entry.endswith("/") and name.startswith(entry)) for entry in allowed
        ):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any(isinstance(node, ast.Attribute) and node.attr == "store" for node in ast.walk(tree)):
            readers.append(name)
    return readers


def test_the_discord_layer_reads_no_store_but_asks_the_services() -> None:
    """Commands and buttons ask the services (``interaction.client.tables``, ``.boards``,
    ``.people``...), which take intentions and answer with plain data; the client holds the
    store only to build them (``cogs/shared/client.py``)."""
    assert store_readers(PACKAGES["cogs"]) == []


def test_a_command_reading_the_store_is_found(tmp_path: Path) -> None:
    cogs_root = tmp_path / "cogs"
    (cogs_root / "boards").mkdir(parents=True)
    (cogs_root / "league").mkdir()
    (cogs_root / "boards" / "shown.py").write_text(
        "async def shown(interaction):\n    return await interaction.client.boards.seasons(1)\n"
    )
    (cogs_root / "boards" / "read.py").write_text(
        "async def read(interaction):\n"
        "    return await interaction.client.store.preferences.get(1)\n"
    )
    (cogs_root / "league" / "clock.py").write_text("def due(bot):\n    return bot.store\n")
    assert store_readers(cogs_root, ("cogs/league/",)) == ["cogs/boards/read.py"]
