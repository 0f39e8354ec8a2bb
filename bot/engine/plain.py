"""Engine values (cards, suits, enums, dataclasses) as JSON-ready plain data, and back.

Plain data forgets its types, so reading it back is led by the type the value is declared with:
`from_plain(list[Card], ["10H", "AS"])` gives the cards again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from operator import attrgetter
from types import NoneType, UnionType
from typing import Any, get_args, get_origin, get_type_hints

from bot.engine.actions import Action, action_from_dict, action_to_dict
from bot.engine.cards import Card
from bot.engine.rules import HouseRules

#: The types JSON keeps as they are.
_JSON_TYPES = (int, float, bool, str)


def to_plain(value: Any) -> Any:
    """Cards become codes, enums their values, dataclasses dicts, tuples lists."""
    cls: type = type(value)
    return _writer(cls)(value)


def from_plain(kind: Any, data: Any) -> Any:
    """The value of type `kind` that `to_plain` turned into `data`.

    `kind` is a type as annotations write it: a card, an enum, a dataclass, `list[...]`,
    `tuple[..., ...]`, `tuple[a, b]`, `X | None`, or a JSON type (int, bool, str) kept as it is.
    Any other type is refused, so a field of a type this cannot read fails the first round trip
    instead of coming back as raw data.
    """
    return _reader(kind)(data)


def _unchanged(value: Any) -> Any:
    return value


# Writers and readers are worked out once per type: a saved game holds hundreds of values, and
# asking each one's type what it is, again and again, cost more than the conversion itself.
@cache
def _writer(cls: type) -> Callable[[Any], Any]:
    """How `to_plain` turns a value of class `cls` into plain data."""
    if issubclass(cls, Card):
        return attrgetter("code")
    if issubclass(cls, Enum):
        return attrgetter("value")
    # Actions and house rules have JSON forms of their own: an action is tagged with its kind (no
    # field tells a `Keep` from a `Discard`), and rules read from a game saved before a rule
    # existed take that rule's default.
    if issubclass(cls, Action):
        return action_to_dict
    if issubclass(cls, HouseRules):
        return cls.to_dict
    if is_dataclass(cls):
        names = tuple(field.name for field in fields(cls))
        return lambda value: {name: to_plain(getattr(value, name)) for name in names}
    if issubclass(cls, dict):
        return lambda value: {str(to_plain(key)): to_plain(item) for key, item in value.items()}
    if issubclass(cls, list | tuple):
        return lambda value: [to_plain(item) for item in value]
    return _unchanged


@cache
def _reader(kind: Any) -> Callable[[Any], Any]:
    """How `from_plain` reads plain data back into a value of type `kind`."""
    if kind is Card:
        return Card.parse
    if kind == Action:
        return action_from_dict
    if kind is HouseRules:
        return HouseRules.from_dict
    origin = get_origin(kind)
    if origin is UnionType:
        (present,) = [member for member in get_args(kind) if member is not NoneType]
        read_present = _reader(present)
        return lambda data: None if data is None else read_present(data)
    if origin is list:
        (item,) = get_args(kind)
        read_item = _reader(item)
        return lambda data: [read_item(element) for element in data]
    if origin is tuple:
        items = get_args(kind)
        if len(items) == 2 and items[1] is Ellipsis:
            read_each = _reader(items[0])
            return lambda data: tuple([read_each(element) for element in data])
        reads = tuple(_reader(item) for item in items)
        return lambda data: tuple(
            [read(element) for read, element in zip(reads, data, strict=True)]
        )
    if isinstance(kind, type) and issubclass(kind, Enum):
        return kind
    if isinstance(kind, type) and is_dataclass(kind):
        read_fields = tuple((name, _reader(hint)) for name, hint in field_types(kind))
        return lambda data: kind(**{name: read(data[name]) for name, read in read_fields})
    if kind in _JSON_TYPES:
        return _unchanged
    raise TypeError(f"no plain form of {kind!r}")


@cache
def field_types(cls: type) -> tuple[tuple[str, Any], ...]:
    """The name and declared type of each field a dataclass's constructor takes, in order."""
    hints = get_type_hints(cls)
    return tuple((field.name, hints[field.name]) for field in fields(cls) if field.init)
