"""Play whole hands with computer players, checking each action with the engine."""

from __future__ import annotations

import random

from bot.ai import decide
from bot.engine import Game, HouseRules


def play_game_hands(
    players: int, seed: int, levels: list[str], hands: int, rules: HouseRules | None = None
) -> Game:
    """Play `hands` hands (or until the game ends); any illegal action raises from `apply`."""
    game = Game.new(rules or HouseRules(), players=players, seed=seed, first_dealer=0)
    rng = random.Random(seed)
    start = game.hand_number
    while not game.is_over and game.hand_number < start + hands:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        game.apply(seat, decide(view, levels[seat % len(levels)], rng, budget=660))
    return game
