"""Hints: the action `hard` takes, with a reason every catalogue can show."""

from __future__ import annotations

import random

import pytest

from bot.ai import decide, hint
from bot.engine import AllPass, Game, HouseRules
from bot.i18n import SUPPORTED_LOCALES, t

pytestmark = pytest.mark.slow


def test_hints_match_hard_and_read_in_every_language() -> None:
    keys = set()
    rules = HouseRules(all_pass=AllPass.DEALER_MAY_PASS_THEN_REDEAL)
    for seed in range(6):
        game = Game.new(rules, 4, seed=seed, first_dealer=0)
        rng = random.Random(seed)
        while game.hand_number <= 2 and not game.is_over:
            seat = game.to_act
            view = game.view(seat)
            action, (key, params) = hint(view, random.Random(seed), budget=1100)
            assert action == decide(view, "hard", random.Random(seed), budget=1100)
            keys.add(key)
            for locale in SUPPORTED_LOCALES:
                text = t(key, locale, **params)
                assert text != key
                assert all(str(value) in text for value in params.values())
            game.apply(seat, action if rng.random() < 0.7 else decide(view, "normal", rng))
    assert {"hint.bid", "hint.trump", "hint.take_trick", "hint.play_low"} <= keys
