"""The game's state is declared once, in `GameState` (bot/engine/state.py).

Its fields are the slots, the constructor's parameters and the saved form at once. These tests
keep it so: `Game` holds nothing but answers worked out from those fields, each deal starts
every field of the hand afresh, restoring refuses data that lacks a field instead of giving it
its default, and a restored game equals the original field by field.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import textwrap
from collections.abc import Callable
from dataclasses import MISSING, fields

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import Game, HouseRules
from bot.engine.random_player import random_action
from bot.engine.state import GameState
from tests.examples import examples

#: The fields a state is built from (the saved ones), and those worked out from them.
SAVED = [field.name for field in fields(GameState) if field.init]
DERIVED = [field.name for field in fields(GameState) if not field.init]
#: The fields of the hand being played: the ones with a value before the first deal.
HAND = [
    field.name
    for field in fields(GameState)
    if field.default is not MISSING or field.default_factory is not MISSING
]


def _assigned_in(method: Callable[..., object]) -> set[str]:
    """Every `self.<name>` that `method` assigns."""
    names = set()
    for node in ast.walk(ast.parse(textwrap.dedent(inspect.getsource(method)))):
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, ast.AnnAssign):
            targets = [node.target]
        else:
            continue
        names |= {
            target.attr
            for target in targets
            if isinstance(target, ast.Attribute)
            and isinstance(target.value, ast.Name)
            and target.value.id == "self"
        }
    return names


def test_a_game_holds_nothing_its_state_does_not_declare() -> None:
    """Anything else a game kept would be lost on the first restart: it belongs in `GameState`."""
    assert set(Game.__slots__) == {"_decision", "_rob_offer"}


def test_each_deal_starts_every_field_of_the_hand_afresh() -> None:
    assert set(HAND) <= _assigned_in(Game._deal)
    assert "phase" in HAND and "tricks" in HAND and "scores" not in HAND


@pytest.mark.parametrize("name", SAVED)
def test_restoring_refuses_data_without_a_field(name: str) -> None:
    data = Game.new(HouseRules(), 3, seed=5).to_dict()
    del data[name]
    with pytest.raises(KeyError, match=name):
        Game.from_dict(data)


@examples(40)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 400),
)
def test_a_restored_game_equals_the_original_field_by_field(
    players: int, seed: int, moves: int
) -> None:
    game = Game.new(HouseRules(target_score=21), players, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        decision = game.decision()
        assert decision is not None
        game.apply(decision.seat, random_action(decision, rng, bid_chance=0.3))

    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))

    for name in SAVED + DERIVED:
        assert getattr(copy, name) == getattr(game, name), name
    assert copy.decision() == game.decision()
