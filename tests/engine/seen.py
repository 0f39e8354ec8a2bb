"""Every card a value lets its reader see: the tests that no view shows a hidden card collect
them here, from views, events and anything else built of dataclasses and containers."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from functools import cache

from bot.engine import Card, HouseRules

#: Values that hold no card, skipped at once: the walk visits every field of every view of
#: every step of the property tests' games.
_ATOMS = (str, int, float, type(None), HouseRules)


def cards_in(value: object) -> set[Card]:
    """Every card reachable inside `value` (dataclasses, tuples, lists, sets, dicts)."""
    found: set[Card] = set()
    _collect(value, found)
    return found


def _collect(value: object, found: set[Card]) -> None:
    if isinstance(value, _ATOMS):
        return
    if isinstance(value, Card):
        found.add(value)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            _collect(item, found)
    elif isinstance(value, dict):
        for key, item in value.items():
            _collect(key, found)
            _collect(item, found)
    elif is_dataclass(value) and not isinstance(value, type):
        for name in _field_names(type(value)):
            _collect(getattr(value, name), found)


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(field.name for field in fields(cls))
