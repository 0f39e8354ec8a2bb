"""The game's state is declared in four places that must agree.

`Game.__slots__` lists the attributes, `Game.__init__` and `Game._deal` set them, and
`game_to_dict` / `game_from_dict` (bot/engine/serialize.py) save and restore them. Adding an
attribute to one and forgetting another would lose state silently on the first restart; these
tests fail instead.
"""

from __future__ import annotations

import ast
import inspect
import json
import random
import textwrap
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine import Game, HouseRules
from bot.engine.random_player import random_action
from bot.engine.serialize import game_from_dict

#: Worked out from the rest, never saved: `side_of` from `sides`, the decision from the
#: state, and the robbing dealer's offer is a cache of that decision.
DERIVED = {"side_of", "_decision"}
CACHES = {"_rob_offer"}


def _saved_keys() -> set[str]:
    return set(Game.new(HouseRules(), 4, seed=1).to_dict()) - {"format"}


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


def test_every_slot_is_saved_unless_it_is_derived() -> None:
    assert set(Game.__slots__) - DERIVED - CACHES == _saved_keys()


def test_everything_a_new_game_or_a_deal_sets_is_declared_and_saved() -> None:
    assigned = _assigned_in(Game.__init__) | _assigned_in(Game._deal)
    assert assigned <= set(Game.__slots__)
    assert assigned - DERIVED - CACHES <= _saved_keys()
    assert _assigned_in(Game._deal) - DERIVED - CACHES, "the deal sets per-hand state"


def test_restoring_sets_every_saved_and_derived_slot() -> None:
    bare = Game.__new__(Game)
    game_from_dict(bare, Game.new(HouseRules(), 3, seed=5).to_dict())
    missing = {name for name in set(Game.__slots__) - DERIVED - CACHES if not hasattr(bare, name)}
    assert missing == set()
    assert hasattr(bare, "side_of")


@settings(max_examples=40, deadline=None)
@given(
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 400),
)
def test_a_restored_game_equals_the_original_slot_by_slot(
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

    for name in set(Game.__slots__) - CACHES:
        assert getattr(copy, name) == getattr(game, name), name
    assert copy.decision() == game.decision()
