"""The scenes: frozen, checked, and the public table has no room for a hidden card."""

from __future__ import annotations

import dataclasses
import typing
from types import UnionType

import pytest

from bot.engine.cards import Card, parse_cards
from bot.engine.trumps import PointCard
from bot.render import examples, render_table
from bot.render.scenes import (
    HandScene,
    PlayedCard,
    PointAward,
    PointFate,
    SeatScene,
    TableScene,
)


def _types_inside(annotation: object) -> set[object]:
    """Every type named in an annotation, looking through unions and generics."""
    found = {annotation}
    origin = typing.get_origin(annotation)
    if origin is not None or isinstance(annotation, UnionType):
        for argument in typing.get_args(annotation):
            found |= _types_inside(argument)
    return found


def _card_paths(scene_type: type, path: str = "") -> set[str]:
    """The dotted field paths of a dataclass under which a `Card` can be stored."""
    paths = set()
    for name, annotation in typing.get_type_hints(scene_type).items():
        for inner in _types_inside(annotation):
            if inner is Card:
                paths.add(f"{path}{name}")
            elif dataclasses.is_dataclass(inner):
                paths |= _card_paths(inner, f"{path}{name}.")
    return paths


def test_the_public_table_holds_cards_only_as_cards_played_face_up() -> None:
    assert _card_paths(TableScene) == {"trick.card", "last_trick.card"}
    assert _card_paths(SeatScene) == set()
    assert typing.get_type_hints(PlayedCard)["card"] is Card
    assert typing.get_type_hints(render_table)["scene"] is TableScene


def test_a_seat_has_a_card_count_not_cards() -> None:
    with pytest.raises(TypeError):
        SeatScene("Alice", 0, card_count=2, cards=parse_cards("AH 2H"))  # type: ignore[call-arg]


def test_a_trick_cannot_smuggle_a_hand() -> None:
    scene = examples.table_in_play()
    hand = tuple(PlayedCard(3, card) for card in parse_cards("QH 5D 7D 9S"))
    with pytest.raises(ValueError, match="played twice"):
        dataclasses.replace(scene, trick=hand)


def test_scenes_are_frozen() -> None:
    scene = examples.table_in_play()
    with pytest.raises(dataclasses.FrozenInstanceError):
        scene.trump = None  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"dealer": 4}, "dealer"),
        ({"to_act": -1}, "to_act"),
        ({"maker": 9}, "maker"),
        ({"last_trick_winner": 4}, "last_trick_winner"),
        ({"trick": (PlayedCard(7, Card.parse("AS")),)}, "trick"),
        ({"sides": ()}, "sides"),
    ],
)
def test_a_table_scene_rejects_seats_that_do_not_exist(change: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        dataclasses.replace(examples.table_in_play(), **change)


def test_a_table_needs_two_to_four_seats_each_on_a_real_side() -> None:
    scene = examples.table_in_play()
    with pytest.raises(ValueError, match="seats"):
        dataclasses.replace(
            scene,
            seats=scene.seats[:1],
            dealer=0,
            to_act=0,
            maker=0,
            trick=(),
            last_trick=(),
            last_trick_winner=None,
        )
    with pytest.raises(ValueError, match="side"):
        dataclasses.replace(scene, seats=(*scene.seats[:3], SeatScene("Eve", 5, 1)))


def test_a_hand_scene_checks_its_cards() -> None:
    with pytest.raises(ValueError, match="twice"):
        HandScene(tuple(parse_cards("AH AH")))
    with pytest.raises(ValueError, match="not in the hand"):
        HandScene(tuple(parse_cards("AH 2H")), playable=frozenset(parse_cards("KS")))


def test_a_captured_point_needs_the_side_that_took_it() -> None:
    with pytest.raises(ValueError):
        PointAward(PointCard.HIGH, Card.parse("AH"), 1)
    with pytest.raises(ValueError):
        PointAward(PointCard.JACK, Card.parse("JH"), 1, PointFate.DEAD, side=0)
