"""`value`: the frozen dataclass that events, decisions, actions and views are made of.

They are values: shared between the engine, the bot and the computer players, compared, hashed,
pickled to worker processes, never changed. A game builds about sixty of them per hand, and the
`__init__` that `dataclass(frozen=True)` writes stores each field with `object.__setattr__`,
which looks the field up by name on every call. `value` keeps the rest of what the dataclass
gives (immutability, equality, hashing, repr, pattern matching, pickling) and swaps in an
`__init__` that stores each field straight through its slot, the very descriptor that lookup
would find: the same object in about half the time. Value classes are plain records: a class
asking for more than that `__init__` does (its own `__init__`, `__post_init__`, `InitVar`,
factories, `init=False` or keyword-only fields) is refused.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import MISSING, dataclass, fields
from typing import Any, TypeVar, cast, dataclass_transform

_Class = TypeVar("_Class", bound=type)


@dataclass_transform(frozen_default=True)
def value(cls: _Class) -> _Class:
    """Make `cls` a frozen, slotted dataclass whose instances are quick to build."""
    if "__init__" in vars(cls) or hasattr(cls, "__post_init__"):
        raise TypeError(f"{cls.__name__}: a value class has only the generated __init__")
    # With slots, dataclass builds a new class; it is still the decorated class's kind.
    frozen: type[Any] = dataclass(frozen=True, slots=True)(cls)
    generated = list(inspect.signature(frozen.__init__).parameters)[1:]
    if generated != [field.name for field in fields(frozen)]:  # InitVar, init=False
        raise TypeError(f"{cls.__name__}: value fields are plain (a plain default at most)")
    frozen.__init__ = _slot_init(frozen)
    return cast(_Class, frozen)


def _slot_init(cls: type) -> Callable[..., None]:
    """An `__init__` with the dataclass's own parameters that fills the slots directly."""
    namespace: dict[str, Any] = {}
    parameters, body = ["self"], []
    for field in fields(cls):
        if field.default_factory is not MISSING or not field.init or field.kw_only is True:
            raise TypeError(
                f"{cls.__name__}.{field.name}: value fields are plain (a plain default at most)"
            )
        setter = f"_set_{field.name}"
        namespace[setter] = getattr(cls, field.name).__set__
        if field.default is MISSING:
            parameters.append(field.name)
        else:
            namespace[f"_default_{field.name}"] = field.default
            parameters.append(f"{field.name}=_default_{field.name}")
        body.append(f"    {setter}(self, {field.name})")
    source = f"def __init__({', '.join(parameters)}):\n" + ("\n".join(body) or "    pass")
    exec(source, namespace)  # as `dataclasses` does: a real signature, checked by Python itself
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__module__ = cls.__module__
    return init
