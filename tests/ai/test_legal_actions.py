"""Every level only ever returns legal actions, in every variant of the game."""

from __future__ import annotations

import random

import pytest

from bot.ai import LEVELS, decide
from bot.engine import (
    AllPass,
    DealerRob,
    ExcessTrumps,
    Game,
    HighLow,
    HouseRules,
    LowGoesTo,
    StockShortage,
)
from tests.ai.play import play_game_hands

VARIANT_RULES = [
    HouseRules(),
    HouseRules(dealer_rob=DealerRob.FREE_CHOICE, all_pass=AllPass.DEALER_MAY_PASS_THEN_REDEAL),
    HouseRules(
        dealer_rob=DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK,
        excess_trumps=ExcessTrumps.DUMP_ON_FIRST_TRICK,
        allow_counting_discard=True,
    ),
    HouseRules(
        stock_shortage=StockShortage.PLAY_SHORT,
        low_goes_to=LowGoesTo.HOLDER,
        high_low=HighLow.IN_PLAY,
        discards_visible=False,
        min_bid=6,
    ),
]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_hands(players: int, level: str) -> None:
    for seed in range(6):
        play_game_hands(players, seed, [level], hands=2)


@pytest.mark.slow
@pytest.mark.parametrize("rules", VARIANT_RULES)
def test_levels_mixed_under_house_rules(rules: HouseRules) -> None:
    for seed in range(4):
        play_game_hands(4, 100 + seed, [*LEVELS, "normal"], hands=2, rules=rules)


def test_unknown_level_is_refused() -> None:
    game = Game.new(players=4, seed=1, first_dealer=0)
    with pytest.raises(ValueError, match="unknown level"):
        decide(game.view(game.to_act or 0), "expert", random.Random(0))


def test_a_seat_without_a_decision_is_refused() -> None:
    game = Game.new(players=4, seed=1, first_dealer=0)
    waiting = (game.to_act or 0) + 1
    with pytest.raises(ValueError, match="nothing to decide"):
        decide(game.view(waiting), "normal", random.Random(0))
