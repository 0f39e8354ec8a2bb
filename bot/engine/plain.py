"""Turning engine values (cards, suits, enums, dataclasses) into JSON-ready plain data."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from bot.engine.cards import Card


def to_plain(value: Any) -> Any:
    """Cards become codes, enums their values, dataclasses dicts, tuples lists."""
    if isinstance(value, Card):
        return value.code
    if isinstance(value, Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {field.name: to_plain(getattr(value, field.name)) for field in fields(value)}
    if isinstance(value, dict):
        return {str(to_plain(key)): to_plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [to_plain(item) for item in value]
    return value
