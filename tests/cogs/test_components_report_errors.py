"""Every button, menu and view of the bot reports what goes wrong in it to the person who
clicked (privately) and to the log, through ``cogs/shared/error_replies.py``: a component whose
errors
went elsewhere would leave a click without an answer."""

from __future__ import annotations

import importlib
import pkgutil

import discord

import cogs
from cogs.shared.error_replies import ReportsErrors, reports_errors


def _all_subclasses(base: type) -> set[type]:
    found: set[type] = set()
    waiting = [base]
    while waiting:
        for subclass in waiting.pop().__subclasses__():
            if subclass not in found:
                found.add(subclass)
                waiting.append(subclass)
    return found


def _bot_classes(base: type) -> list[type]:
    for module in pkgutil.walk_packages(cogs.__path__, "cogs."):
        importlib.import_module(module.name)
    return sorted(
        (cls for cls in _all_subclasses(base) if cls.__module__.startswith("cogs.")),
        key=lambda cls: f"{cls.__module__}.{cls.__qualname__}",
    )


async def _nothing(item: object, interaction: object) -> None:
    return None


#: What ``reports_errors`` wraps every callback in: one function, the same code each time.
_GUARDED = reports_errors(_nothing).__code__  # type: ignore[arg-type]


def test_every_dynamic_item_callback_reports_its_errors() -> None:
    items = _bot_classes(discord.ui.DynamicItem)
    assert len(items) >= 20
    unguarded = [
        f"{cls.__module__}.{cls.__qualname__}"
        for cls in items
        if cls.callback.__code__ is not _GUARDED
    ]
    assert unguarded == []


def test_every_view_reports_its_errors() -> None:
    views = _bot_classes(discord.ui.View)
    assert views
    assert [cls.__qualname__ for cls in views if not issubclass(cls, ReportsErrors)] == []
