"""What a seat infers from its view is true of the real deal, and sampled worlds respect it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ai.knowledge import read_knowledge
from bot.ai.sampler import sample_hands, weighed
from tests.ai.play import first_hand_plays
from tests.ai.worlds import check_world

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("players", [2, 3, 4])
def test_inferences_hold_for_the_real_deal(players: int) -> None:
    for seed in range(25):
        for game, view in first_hand_plays(players, seed):
            k = read_knowledge(view)
            layout = k.layout
            for seat in range(players):
                real = layout.mask(game.hands[seat])
                if seat == k.me:
                    assert real == k.hand
                    continue
                assert real & ~k.unseen == 0, "a hidden card counted as seen"
                assert real & k.excluded[seat] == 0, "a void that is not real"
                assert (real & k.trump_mask).bit_count() >= k.min_trumps[seat]
            if k.trumps_all_held:
                held = 0
                for hand in game.hands:
                    held |= layout.mask(hand)
                assert k.unseen & k.trump_mask & ~held == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sampled_worlds_respect_everything_public(players: int) -> None:
    rng = random.Random(9)
    for seed in range(12):
        for _, view in first_hand_plays(players, seed):
            k = read_knowledge(view)
            for _ in range(3):
                union = check_world(k, sample_hands(k, rng))
                if k.trumps_all_held:
                    assert k.unseen & k.trump_mask & ~union == 0


def test_sampling_follows_the_seed() -> None:
    _, view = next(first_hand_plays(4, 3))
    k = read_knowledge(view)
    first = [sample_hands(k, random.Random(4)) for _ in range(3)]
    again = [sample_hands(k, random.Random(4)) for _ in range(3)]
    assert first == again


@given(
    seed=st.integers(min_value=0, max_value=2**32),
    weights=st.lists(
        st.one_of(st.integers(0, 12), st.floats(0, 12, allow_nan=False)), min_size=1, max_size=60
    ),
)
def test_a_weighed_draw_is_the_one_random_choices_makes(seed: int, weights: list[float]) -> None:
    """`weighed` is `random.Random.choices` for one choice: the same choice, and the generator
    left in the same state, so every world drawn with it stays what the seed gave."""
    choices = list(range(len(weights)))
    ours, theirs = random.Random(seed), random.Random(seed)
    expected = theirs.choices(choices, weights)[0] if any(weights) else theirs.choice(choices)
    assert weighed(ours, choices, weights) == expected
    assert ours.getstate() == theirs.getstate()
