"""The random player chooses uniformly among the legal actions (it is the baseline of every
benchmark, so a bias would skew them all)."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from bot.engine import Bid, Card, Discard, Keep, NameTrump, Pass, Play, Suit
from bot.engine.decisions import (
    BidDecision,
    DiscardDecision,
    KeepDecision,
    PlayDecision,
    TrumpDecision,
)
from bot.engine.random_player import random_action

DRAWS = 6_000
CARDS = tuple(Card.parse(code) for code in ("2C", "9D", "JH", "AS", "5C"))


def assert_even(counts: Counter[object], outcomes: int) -> None:
    """Every outcome seen, each within 20% of its fair share (fixed seed: no flakiness)."""
    fair = DRAWS / outcomes
    assert len(counts) == outcomes
    assert all(0.8 * fair < count < 1.2 * fair for count in counts.values()), counts


def test_plays_cover_every_legal_card_evenly() -> None:
    rng = random.Random(1)
    decision = PlayDecision(0, CARDS)
    counts: Counter[object] = Counter(random_action(decision, rng) for _ in range(DRAWS))
    assert set(counts) == {Play(card) for card in CARDS}
    assert_even(counts, len(CARDS))


def test_bids_pass_as_often_as_asked_and_spread_over_the_amounts() -> None:
    rng = random.Random(2)
    decision = BidDecision(1, 3, 6)
    actions = [random_action(decision, rng, bid_chance=0.5) for _ in range(DRAWS)]
    passes = sum(action == Pass() for action in actions)
    assert 0.45 * DRAWS < passes < 0.55 * DRAWS
    bids: Counter[object] = Counter(action for action in actions if action != Pass())
    assert set(bids) == {Bid(amount) for amount in range(3, 7)}
    assert all(0.8 * len(actions) / 8 < count < 1.2 * len(actions) / 8 for count in bids.values())


def test_nothing_left_to_bid_means_pass() -> None:
    decision = BidDecision(0, 15, 14)
    assert {random_action(decision, random.Random(seed)) for seed in range(50)} == {Pass()}


def test_trumps_are_named_evenly() -> None:
    rng = random.Random(3)
    counts: Counter[object] = Counter(random_action(TrumpDecision(2, 1), rng) for _ in range(DRAWS))
    assert set(counts) == {NameTrump(suit) for suit in Suit}
    assert_even(counts, 4)


def test_discards_are_every_set_of_the_right_size_evenly() -> None:
    rng = random.Random(4)
    decision = DiscardDecision(0, CARDS[:4], 2, False)
    counts: Counter[object] = Counter()
    for _ in range(DRAWS):
        action = random_action(decision, rng)
        assert isinstance(action, Discard) and len(set(action.cards)) == 2
        counts[frozenset(action.cards)] += 1
    assert set(counts) == {frozenset(pair) for pair in combinations(CARDS[:4], 2)}
    assert_even(counts, 6)


def test_the_robbing_dealer_keeps_the_required_cards_and_a_fair_choice_of_the_rest() -> None:
    rng = random.Random(5)
    required = (Card.parse("AH"), Card.parse("KH"), Card.parse("QH"), Card.parse("10H"))
    decision = KeepDecision(3, required, CARDS, 6, False)
    counts: Counter[object] = Counter()
    for _ in range(DRAWS):
        action = random_action(decision, rng)
        assert isinstance(action, Keep) and action.cards[:4] == required
        assert len(set(action.cards)) == 6
        counts[frozenset(action.cards[4:])] += 1
    assert_even(counts, 10)
