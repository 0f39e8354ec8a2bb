"""Engine values (cards, suits, enums, dataclasses) as JSON-ready plain data, and back.

Plain data forgets its types, so reading it back is led by the type the value is declared with:
`from_plain(list[Card], ["10H", "AS"])` gives the cards again.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from types import NoneType, UnionType
from typing import Any, get_args, get_origin, get_type_hints

from bot.engine.actions import Action, action_from_dict, action_to_dict
from bot.engine.cards import Card
from bot.engine.rules import HouseRules

#: The types JSON keeps as they are.
_JSON_TYPES = (int, float, bool, str)


def to_plain(value: Any) -> Any:
    """Cards become codes, enums their values, dataclasses dicts, tuples lists."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    # Actions and house rules have JSON forms of their own: an action is tagged with its kind (no
    # field tells a `Keep` from a `Discard`), and rules read from a game saved before a rule
    # existed take that rule's default.
    if isinstance(value, Action):
        return action_to_dict(value)
    if isinstance(value, HouseRules):
        return value.to_dict()
    if is_dataclass(value) and not isinstance(value, type):
        return {field.name: to_plain(getattr(value, field.name)) for field in fields(value)}
    if isinstance(value, dict):
        return {str(to_plain(key)): to_plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_plain(item) for item in value]
    return value


def from_plain(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `to_plain` turned into `data`.

    `kind` is a type as annotations write it: a card, an enum, a dataclass, `list[...]`,
    `tuple[..., ...]`, `tuple[a, b]`, `X | None`, or a JSON type (int, bool, str) kept as it is.
    Any other type is refused, so a field of a type this cannot read fails the first round trip
    instead of coming back as raw data.
    """
    if kind is Card:
        return Card.parse(data)
    if kind == Action:
        return action_from_dict(data)
    if kind is HouseRules:
        return HouseRules.from_dict(data)
    origin = get_origin(kind)
    if origin is UnionType:
        if data is None:
            return None
        (present,) = [member for member in get_args(kind) if member is not NoneType]
        return from_plain(present, data)
    if origin is list:
        (item,) = get_args(kind)
        return [from_plain(item, element) for element in data]
    if origin is tuple:
        items = get_args(kind)
        if len(items) == 2 and items[1] is Ellipsis:
            return tuple([from_plain(items[0], element) for element in data])
        return tuple([from_plain(item, element) for item, element in zip(items, data, strict=True)])
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind(data)
    if isinstance(kind, type) and is_dataclass(kind):
        return kind(**{name: from_plain(hint, data[name]) for name, hint in field_types(kind)})
    if kind in _JSON_TYPES:
        return data
    raise TypeError(f"no plain form of {kind!r}")


@cache
def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The name and declared type of each field a dataclass's constructor takes, in order."""
    hints = get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in fields(cls) if field.init)
