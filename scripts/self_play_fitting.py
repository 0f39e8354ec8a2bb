"""What the model-fitting scripts share: the deals they play out, and Adam's update.

`fit_inference.py` and `fit_play_policy.py` learn from the same kind of deals (a table of four,
each deck shuffled by the seed and the deal's number, so the same seed gives the same file) and
fit their weights by the same optimiser from zero; one piece of code each, here.
"""

from __future__ import annotations

import random

import numpy as np

from bot.engine import FULL_DECK, Game, HouseRules

PLAYERS = 4


def dealt_game(seed: int, number: int) -> tuple[Game, int]:
    """Deal ``number`` of a run seeded ``seed``, and that deal's own seed (for its players'
    choices): the dealer turns with the number."""
    deal_seed = seed * 1_000_003 + number
    deck = list(FULL_DECK)
    random.Random(deal_seed).shuffle(deck)
    return Game.from_deck(deck, number % PLAYERS, HouseRules(), PLAYERS, seed=deal_seed), deal_seed


def adam_update(
    weights: np.ndarray,
    first: np.ndarray,
    second: np.ndarray,
    step: int,
    gradient: np.ndarray,
    learning_rate: float,
) -> np.ndarray:
    """One step of Adam: `first` and `second` (its moment estimates) are updated in place, the
    new weights returned."""
    first *= 0.9
    first += 0.1 * gradient
    second *= 0.999
    second += 0.001 * gradient**2
    step_size = learning_rate * np.sqrt(1 - 0.999**step) / (1 - 0.9**step)
    return weights - step_size * first / (np.sqrt(second) + 1e-8)
