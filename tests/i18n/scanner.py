"""Finds user-facing text written straight into the code instead of coming from the catalogue.

It reads Python source with `ast` and looks at the places Discord shows to people: message
content (`send`, `send_message`, `reply`, `respond`, `content=`), embeds (`title=`,
`description=`, `add_field(name=, value=)`, `set_footer(text=)`, `set_author(name=)`), components
(`label=`, `placeholder=`), slash-command names, descriptions and choices (`command(name=,
description=)`, `describe(...)`, `rename(...)`, `Choice(name=)`) and assignments such as
`embed.title = ...`, and text drawn into pictures (`draw_text`, a renderer's `text`). A string
literal there is a bypass if it contains a letter once its `{fields}` are removed; so
`custom_id=`, emoji, `"10♥"` and format-only strings such as `f"{name} · {score}"` pass. A
deliberate exception carries `# i18n: ignore` on its line.

It also lists the literal keys passed to `t()` and `tn()`, so a test can check that they exist.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

PRAGMA = "# i18n: ignore"

#: Calls whose first positional argument is message content.
CONTENT_CALLS = frozenset({"send", "send_message", "reply", "respond"})
#: Calls that draw text into a picture, and the position of their text argument
#: (`draw_text(image, xy, text, ...)` and the renderers' `self.text(xy, text, ...)`).
DRAWN_TEXT_CALLS = {"draw_text": 2, "text": 1}
#: Keyword arguments that are shown to people whatever the call.
SHOWN_KEYWORDS = frozenset({"content", "label", "placeholder", "title", "description", "text"})
#: Calls whose `name=` (and, for fields, `value=`) is shown to people.
NAMED_CALLS = {
    "add_field": frozenset({"name", "value"}),
    "insert_field_at": frozenset({"name", "value"}),
    "set_field_at": frozenset({"name", "value"}),
    "set_author": frozenset({"name"}),
    "command": frozenset({"name"}),
    "group": frozenset({"name"}),
    "Group": frozenset({"name"}),
    "Command": frozenset({"name"}),
    "context_menu": frozenset({"name"}),
    "ContextMenu": frozenset({"name"}),
    "Choice": frozenset({"name"}),
}
#: Calls whose every keyword value is shown (option names and descriptions).
ALL_KEYWORD_CALLS = frozenset({"describe", "rename"})
#: Attributes whose assignment is shown.
SHOWN_ATTRIBUTES = frozenset({"content", "label", "placeholder", "title", "description"})

_FIELD = re.compile(r"\{[^{}]*\}")


@dataclass(frozen=True, slots=True)
class Bypass:
    path: str
    line: int
    text: str
    where: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.where}: {self.text!r}"


@dataclass(frozen=True, slots=True)
class KeyUse:
    path: str
    line: int
    key: str
    plural: bool


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _has_words(text: str) -> bool:
    return any(char.isalpha() for char in _FIELD.sub("", text))


def _shown_literals(node: ast.expr) -> Iterator[str]:
    """The literal pieces of text that would end up in what the expression produces."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.JoinedStr):
        for part in node.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                yield part.value
    elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add | ast.Mod):
        yield from _shown_literals(node.left)
        yield from _shown_literals(node.right)
    elif isinstance(node, ast.IfExp):
        yield from _shown_literals(node.body)
        yield from _shown_literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from _shown_literals(value)
    elif isinstance(node, ast.List | ast.Tuple):
        for element in node.elts:
            yield from _shown_literals(element)
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("format", "join")
    ):
        yield from _shown_literals(node.func.value)
        for argument in [*node.args, *(keyword.value for keyword in node.keywords)]:
            yield from _shown_literals(argument)


def _shown_arguments(call: ast.Call) -> Iterator[tuple[str, ast.expr]]:
    callee = _callee(call)
    if callee in CONTENT_CALLS and call.args:
        yield f"{callee}() content", call.args[0]
    drawn = DRAWN_TEXT_CALLS.get(callee)
    if drawn is not None and len(call.args) > drawn:
        yield f"{callee}() drawn text", call.args[drawn]
    for keyword in call.keywords:
        if keyword.arg is None:
            continue
        if (
            keyword.arg in SHOWN_KEYWORDS
            or keyword.arg in NAMED_CALLS.get(callee, ())
            or callee in ALL_KEYWORD_CALLS
        ):
            yield f"{callee}({keyword.arg}=)", keyword.value


def _shown_assignments(node: ast.Assign | ast.AnnAssign) -> Iterator[tuple[str, ast.expr]]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    if node.value is None:
        return
    for target in targets:
        if isinstance(target, ast.Attribute) and target.attr in SHOWN_ATTRIBUTES:
            yield f".{target.attr} =", node.value


def find_bypasses(source: str, path: str = "<source>") -> list[Bypass]:
    """Every literal, user-facing text in `source` (see the module docstring)."""
    lines = source.splitlines()
    found = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.Call):
            shown = _shown_arguments(node)
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            shown = _shown_assignments(node)
        else:
            continue
        for where, value in shown:
            if PRAGMA in lines[value.lineno - 1]:
                continue
            found.extend(
                Bypass(path, value.lineno, text, where)
                for text in _shown_literals(value)
                if _has_words(text)
            )
    return sorted(found, key=lambda bypass: bypass.line)


def literal_keys(source: str, path: str = "<source>") -> list[KeyUse]:
    """The catalogue keys written as literals in `t("...")` and `tn("...", n)` calls."""
    uses = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.Call) and _callee(node) in ("t", "tn") and node.args:
            plural = _callee(node) == "tn"
            uses.extend(KeyUse(path, node.lineno, key, plural) for key in _keys(node.args[0]))
    return sorted(uses, key=lambda use: use.line)


def _keys(node: ast.expr) -> Iterator[str]:
    """A literal key, or both of `"a" if condition else "b"`; computed keys are not checked."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.IfExp):
        yield from _keys(node.body)
        yield from _keys(node.orelse)
