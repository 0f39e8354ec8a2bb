"""Hints: the action `hard` takes, with a reason every catalogue can show."""

from __future__ import annotations

import random

import pytest

from bot.ai import decide, hint
from bot.ai.hints import explain
from bot.engine import AllPass, Card, Game, HouseRules, Play, Suit
from bot.i18n import SUPPORTED_LOCALES, t
from tests.ai.positions import play_position

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


def _lead_reason(hands: tuple[str, str, str, str], card: str) -> str:
    view = play_position(Suit.HEARTS, hands)
    key, params = explain(view, Play(Card.parse(card)))
    assert params == {"card": Card.parse(card).display}
    return key


def test_a_low_trump_led_is_explained_as_a_trump() -> None:
    """7♥ with hearts trumps, the others still holding trumps: it is no plain card to lead
    while keeping one's trumps, it is a trump that risks nothing and draws the others out."""
    hands = ("7H KC 3D", "AH 9S 4C", "QH 8D 2S", "6H JC 5S")
    assert _lead_reason(hands, "7H") == "hint.lead_low_trump"


def test_a_plain_card_led_keeps_the_trumps_only_for_a_player_who_holds_some() -> None:
    holding_trumps = ("7H KC 3D", "AH 9S 4C", "QH 8D 2S", "6H JC 5S")
    assert _lead_reason(holding_trumps, "3D") == "hint.lead_low"
    without_trumps = ("7S KC 3D", "AH 9S 4C", "QH 8D 2S", "6H JC 5S")
    assert _lead_reason(without_trumps, "3D") == "hint.play_low"
