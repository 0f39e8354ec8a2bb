"""Long analyses cut into slices give what they give in one piece: a review and a puzzle search
cut after every search, each slice in a worker that kept nothing from the one before (another
process), find the same verdicts and puzzles."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from bot.ai import review as review_module
from bot.ai import slices
from bot.ai.review import Reviewing, review_hand, review_slice
from bot.ai.slices import Unfinished, WarmCache
from bot.engine import Game
from bot.engine.random_player import random_action
from bot.puzzles import finder, sources
from bot.replays.steps import replay_hand


def in_fresh_workers(
    monkeypatch: pytest.MonkeyPatch, kept: tuple[Any, str], step: Callable[[Any], Any], state: Any
) -> tuple[Any, int]:
    """Run ``step`` slice after slice, each on a state that went through pickling and with the
    worker's kept solvers (``kept``: module and name) forgotten; the result and the slices."""
    monkeypatch.setattr(slices, "SLICE_SECONDS", 0.0)  # every slice as short as can be
    count = 0
    value = Unfinished(state)
    while isinstance(value, Unfinished):
        monkeypatch.setattr(*kept, WarmCache())
        value = step(pickle.loads(pickle.dumps(value.state)))
        count += 1
    return value, count


@pytest.mark.parametrize("seed", [3, 21])
def test_a_review_cut_after_every_search_is_the_whole_review(
    monkeypatch: pytest.MonkeyPatch, seed: int
):
    game = Game.new(seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not game.history:
        game.apply(game.to_act, random_action(game.decision(), rng))
    replay = replay_hand(game.restarted(), game.log, game.history[0].hand_number)
    whole = review_hand(
        replay.plays, replay.trump, game.side_of, replay.capture_points, replay.maker_view
    )
    reviewing = Reviewing(
        tuple(replay.plays),
        replay.trump,
        tuple(game.side_of),
        replay.capture_points,
        replay.maker_view,
    )
    sliced, count = in_fresh_workers(
        monkeypatch, (review_module, "_SOLVERS"), review_slice, reviewing
    )
    assert sliced == whole
    assert count > 1


def test_a_dealt_puzzle_found_slice_by_slice_is_the_same_puzzle(monkeypatch: pytest.MonkeyPatch):
    whole = sources.generated_puzzle("secret", "practice:3")
    assert whole is not None
    sliced, count = in_fresh_workers(
        monkeypatch,
        (finder, "_SOLVERS"),
        sources.deal_puzzle,
        sources.Dealing("secret", "practice:3"),
    )
    assert sliced == whole
    assert count > 10  # hands played move by move, positions searched one by one
