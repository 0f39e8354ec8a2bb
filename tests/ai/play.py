"""Play whole hands with computer players, checking each action with the engine."""

from __future__ import annotations

import random
from collections.abc import Iterator

from bot.ai import decide
from bot.engine import Game, HouseRules, Phase, SeatView


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


def first_hand_plays(players: int, seed: int) -> Iterator[tuple[Game, SeatView]]:
    """Every play decision of one hand between `normal` players: the game (with the real hands)
    and the deciding seat's view."""
    game = Game.new(HouseRules(), players, seed=seed, first_dealer=seed % players)
    rng = random.Random(seed)
    while game.hand_number == 1 and not game.is_over:
        seat = game.to_act
        view = game.view(seat)
        if game.phase is Phase.PLAY:
            yield game, view
        game.apply(seat, decide(view, "normal", rng))
