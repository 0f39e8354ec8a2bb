"""The learned odds of where hidden cards lie: the shipped model loads, a fit is a function of
its seed, the odds never contradict what is certain, and decisions made with them stay a pure
function of the view and the seed."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import pytest

from bot.ai import decide
from bot.ai.inference import (
    TABLES,
    WEIGHTS,
    load_model,
    modelled,
    parse_model,
    place_odds,
    read_places,
)
from bot.ai.knowledge import read_knowledge
from bot.ai.sampler import sample_hands
from bot.engine import PlayDecision
from tests.ai.fitting import fitted_twice_and_other
from tests.ai.play import first_hand_plays
from tests.ai.worlds import check_world


def test_the_shipped_model_loads_with_a_weight_for_every_feature() -> None:
    model = load_model()
    assert len(model.weights) == WEIGHTS
    assert model.weights[0] == 0, "the pad weight counts for nothing"
    assert any(model.weights), "a fitted model is not all zeros"


def test_a_model_for_other_features_is_refused() -> None:
    text = json.dumps({"tables": [list(table) for table in TABLES[:-1]], "weights": [0] * WEIGHTS})
    with pytest.raises(ValueError):
        parse_model(text)
    short = json.dumps({"tables": [list(table) for table in TABLES], "weights": [0] * 3})
    with pytest.raises(ValueError):
        parse_model(short)


@pytest.mark.slow
def test_the_same_seed_fits_the_same_file(tmp_path: Path) -> None:
    first, again, other = fitted_twice_and_other("fit_inference.py", tmp_path, 12)
    assert first == again
    assert first != other
    assert len(parse_model(first).weights) == WEIGHTS


def test_odds_rule_out_exactly_the_places_a_card_cannot_be() -> None:
    checked = 0
    for seed in range(6):
        for _, view in first_hand_plays(4, seed):
            k = read_knowledge(view)
            odds = place_odds(view, k)
            assert odds is not None and set(odds) == {
                bit for bit in range(52) if k.unseen >> bit & 1
            }
            for bit, row in odds.items():
                for seat in range(4):
                    possible = seat != k.me and k.hand_sizes[seat] > 0
                    possible = possible and not k.excluded[seat] >> bit & 1
                    assert (row[seat] > 0) == possible
                if k.trumps_all_held and k.trump_mask >> bit & 1:
                    assert row[-1] == 0, "no trump is out of play with four players"
                assert max(row) == 1.0
                checked += 1
    assert checked > 500


def test_worlds_dealt_by_the_odds_respect_everything_public() -> None:
    rng = random.Random(3)
    for seed in range(8):
        for _, view in first_hand_plays(4, seed):
            k = read_knowledge(view)
            odds = place_odds(view, k)
            for _ in range(3):
                union = check_world(k, sample_hands(k, rng, odds))
                assert k.unseen & k.trump_mask & ~union == 0, "an unseen trump left out"


def test_the_odds_give_the_true_places_more_weight_than_even_chances() -> None:
    """Over real hands, the chance the odds give each hidden card's true place beats the chance
    room alone gives it (the uniform sampler's)."""
    model, even = 0.0, 0.0
    for seed in range(40, 70):
        for game, view in first_hand_plays(4, seed):
            k = read_knowledge(view)
            odds = place_odds(view, k)
            assert odds is not None
            where = {
                k.layout.bit[card]: seat
                for seat, hand in enumerate(game.hands)
                if seat != k.me
                for card in hand
            }
            for card in read_places(view, k):
                truth = where.get(card.bit, -1)
                room = [card.room[0], *card.room[1:]]
                seats = [-1, *[(k.me + place) % 4 for place in (1, 2, 3)]]
                weights = {seat: r for seat, r in zip(seats, room, strict=True)}
                if not weights[truth]:
                    continue
                total = sum(weights.values())
                weighed = {seat: r * odds[card.bit][seat] for seat, r in weights.items()}
                even += math.log(weights[truth] / total)
                model += math.log(weighed[truth] / sum(weighed.values()))
    assert model > even


def test_other_tables_deal_evenly() -> None:
    _, view = next(first_hand_plays(3, 1))
    assert not modelled(view)
    assert place_odds(view, read_knowledge(view)) is None


@pytest.mark.parametrize("level", ["hard", "normal"])
def test_the_same_view_and_seed_give_the_same_card(level: str) -> None:
    searched = 0
    for seed in range(3):
        for _, view in first_hand_plays(4, seed):
            if not isinstance(view.decision, PlayDecision) or len(view.decision.cards) < 2:
                continue
            if sum(view.hand_sizes) > (22 if level == "hard" else 16):
                continue
            first = decide(view, level, random.Random(seed), budget=3_000)
            again = decide(view, level, random.Random(seed), budget=3_000)
            assert first == again
            searched += 1
    assert searched > 5
