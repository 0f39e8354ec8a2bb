"""A game state as JSON-ready data and back, losslessly, at any point of the game.

The saved form is the state's declaration (bot/engine/state.py) read off: a key per field the
`GameState` constructor takes, in declaration order, each written and read by its declared type
(bot/engine/plain.py). Restoring calls that constructor, so data missing a field is refused
rather than half restored. The store keeps games in this form: changing what it holds or how
it reads needs a new `FORMAT_VERSION`, and games stored under earlier ones must still load.
"""

from __future__ import annotations

from typing import Any, TypeVar

from bot.engine.plain import field_types, from_plain, to_plain
from bot.engine.state import GameState

FORMAT_VERSION = 1

_State = TypeVar("_State", bound=GameState)

#: Each saved field's name and declared type.
_SAVED = field_types(GameState)


def state_to_dict(state: GameState) -> dict[str, Any]:
    """The whole state as JSON-ready data; `state_from_dict` restores it exactly."""
    data: dict[str, Any] = {"format": FORMAT_VERSION}
    for name, _ in _SAVED:
        data[name] = to_plain(getattr(state, name))
    return data


def state_from_dict(cls: type[_State], data: dict[str, Any]) -> _State:
    """The state of class `cls` (`GameState` or a subclass) that `state_to_dict` saved."""
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unknown game format {data.get('format')!r}")
    return cls(**{name: from_plain(kind, data[name]) for name, kind in _SAVED})
