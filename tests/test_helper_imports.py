"""Test helpers are imported one way: ``from tests.<area>.<module> import ...``.

A relative import, or a bare module name found through the folder pytest put on the path, works
in one folder and not another; a helper kept in a ``conftest.py`` is imported from it by name,
which pytest does not support. One form everywhere keeps every helper where a reader looks.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).parent
HELPERS = {path.stem for path in TESTS.rglob("*.py") if not path.name.startswith("test_")}


def test_every_helper_is_imported_from_the_tests_package() -> None:
    wrong = []
    for path in sorted(TESTS.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.ImportFrom) and (
                node.level or (node.module or "").split(".")[0] in HELPERS
            )) or (isinstance(node, ast.ImportFrom) and (node.module or "").endswith(".conftest")):
                wrong.append(f"{path.relative_to(TESTS)}:{node.lineno}")
    assert wrong == []
