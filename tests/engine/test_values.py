"""`value` classes behave like frozen, slotted dataclasses, only built faster, and refuse what
the quick `__init__` could not honour."""

from __future__ import annotations

import dataclasses
import inspect
import pickle

import pytest

from bot.engine import Card, Suit
from bot.engine.decisions import PlayDecision, TrumpDecision
from bot.engine.events import Discarded
from bot.engine.values import value


@value
class Sample:
    seat: int
    cards: tuple[Card, ...]
    note: str = "none"


def test_fields_are_stored_from_positions_keywords_and_defaults() -> None:
    sample = Sample(2, (Card.parse("AH"),))
    assert (sample.seat, sample.cards, sample.note) == (2, (Card.parse("AH"),), "none")
    assert Sample(cards=(), seat=1, note="x").note == "x"


def test_the_signature_is_the_dataclass_one() -> None:
    assert list(inspect.signature(Sample).parameters) == ["seat", "cards", "note"]
    with pytest.raises(TypeError):
        Sample(1)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Sample(1, (), "x", "extra")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Sample(1, (), colour="red")  # type: ignore[call-arg]


def test_instances_cannot_be_changed() -> None:
    sample = Sample(1, ())
    with pytest.raises(dataclasses.FrozenInstanceError):
        sample.seat = 3  # type: ignore[misc]
    with pytest.raises((AttributeError, TypeError)):
        sample.extra = 1  # type: ignore[attr-defined]
    assert not hasattr(sample, "__dict__")


def test_equality_hash_repr_match_and_pickle_are_the_dataclass_ones() -> None:
    first, second = Sample(1, (), "a"), Sample(1, (), "a")
    assert first == second and hash(first) == hash(second) and first != Sample(2, ())
    assert repr(first) == "Sample(seat=1, cards=(), note='a')"
    match first:
        case Sample(seat, cards):
            assert (seat, cards) == (1, ())
        case _:
            pytest.fail("positional pattern did not match")
    assert pickle.loads(pickle.dumps(first)) == first
    assert dataclasses.replace(first, note="b") == Sample(1, (), "b")


def test_engine_values_keep_their_defaults_and_fields() -> None:
    assert TrumpDecision(0, 3).suits == tuple(Suit)
    decision = PlayDecision(1, (Card.parse("10H"),))
    assert dataclasses.asdict(decision) == {"seat": 1, "cards": (Card.parse("10H"),)}
    event = Discarded(0, 3, None, (), ())
    assert event.plain_cards is None and pickle.loads(pickle.dumps(event)) == event


def test_fields_the_quick_init_cannot_honour_are_refused() -> None:
    with pytest.raises(TypeError, match="plain"):

        @value
        class Factory:
            items: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="plain"):

        @value
        class NotInInit:
            seat: int
            cached: int = dataclasses.field(default=0, init=False)

    with pytest.raises(TypeError, match="plain"):

        @value
        class KeywordOnly:
            seat: int = dataclasses.field(kw_only=True)

    with pytest.raises(TypeError, match="plain"):

        @value
        class WithInitVar:
            seat: int
            scratch: dataclasses.InitVar[int]

    with pytest.raises(TypeError, match="generated __init__"):

        @value
        class PostInit:
            seat: int

            def __post_init__(self) -> None:
                pass
