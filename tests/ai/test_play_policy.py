"""The fitted play policy and `hard`'s reading of every play with it: the shipped policy
loads, a fit is a function of its seed, the policy predicts real plays better than a uniform
choice, and the worlds searched follow what the plays say about the hands."""

from __future__ import annotations

import dataclasses
import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from bot.ai import decide, play_reading
from bot.ai.knowledge import read_knowledge
from bot.ai.play_policy import FACTS, PHASES, choice, legal_cards, load_policy, parse_policy
from bot.ai.play_reading import PolicyReading, holding, play_number
from bot.ai.sampler import sample_hands
from bot.ai.search import search_play
from bot.engine import Card, Game, HouseRules, Play, PlayDecision, SeatView, Suit, parse_cards
from tests.ai.fitting import fitted_twice_and_other
from tests.ai.positions import play_position
from tests.ai.test_play_reading import H, _after_a_trick_by_the_rules

ROOT = Path(__file__).resolve().parents[2]
S = Suit.SPADES


def test_the_shipped_policy_loads_with_a_weight_for_each_fact_and_phase() -> None:
    policy = load_policy()
    assert len(policy.weights) == len(PHASES) * len(FACTS)
    rules = [policy.weights[phase * len(FACTS)] for phase in range(len(PHASES))]
    assert all(weight > 0 for weight in rules), "the rules' choice is the likelier card"


def test_a_policy_for_other_facts_is_refused() -> None:
    text = json.dumps({"phases": list(PHASES), "facts": list(FACTS[:-1]), "weights": [0] * 6})
    with pytest.raises(ValueError):
        parse_policy(text)
    short = json.dumps({"phases": list(PHASES), "facts": list(FACTS), "weights": [0] * 3})
    with pytest.raises(ValueError):
        parse_policy(short)


def test_the_facts_of_each_card_say_trump_points_taking_the_trick_and_highest_left() -> None:
    """West to play to a trick at spades led by North's Five of Hearts, East's Queen of Hearts
    over it and South's Six of trumps over that: West holds no heart, so any card goes. The Five
    of Clubs, the same colour as the trumps, is a trump of five points (the other Pedro); neither
    Five takes the trick from the Six; no heart or diamond the others may hold tops the Ace of
    Diamonds, while the Queen of trumps (East's) tops both Fives."""
    hands = ["6D 7S", "QS 8C", "JS AH", "5C 5S AD"]
    view = play_position(
        S,
        hands,
        [(0, "5H"), (1, "QH"), (2, "6S")],
        maker=2,
        contract=0,
        dealer=2,
        earlier=_fourth_trick_earlier(),
    )
    wanted = ("trump", "points", "winning", "boss")
    assert _facts(view, wanted) == {
        "5C": (1.0, 1.0, 0.0, 0.0),
        "5S": (1.0, 1.0, 0.0, 0.0),
        "AD": (0.0, 0.0, 0.0, 1.0),
    }
    # Leading, every card takes the trick so far; the Ace of Hearts is the highest heart left,
    # the Jack of trumps scores a point and has the Queen over it.
    lead = play_position(S, hands, leader=2, earlier=_fourth_trick_earlier())
    assert _facts(lead, wanted) == {"JS": (1.0, 0.2, 1.0, 0.0), "AH": (0.0, 0.0, 1.0, 1.0)}


def _facts(view: SeatView, wanted: tuple[str, ...]) -> dict[str, tuple[float, ...]]:
    """The `wanted` facts of each legal card of the seat to play, by card."""
    k = read_knowledge(view)
    played = choice(k, legal_cards(k, k.hand))
    return {
        str(k.layout.card[bit]): tuple(values[FACTS.index(name)] for name in wanted)
        for bit, values in zip(played.cards, played.facts, strict=True)
    }


def test_the_policy_predicts_real_plays_better_than_a_uniform_choice() -> None:
    """Over whole hands of `normal` players, the log-chance the policy gives each card played
    (read as another seat reads it, with the player's true hand) beats a uniform choice."""
    policy = load_policy()
    model, uniform, plays = 0.0, 0.0, 0
    for seed in range(20, 30):
        game = Game.new(HouseRules(), 4, seed=seed, first_dealer=seed % 4)
        rng = random.Random(seed)
        while game.hand_number == 1 and not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            action = decide(view, "normal", rng)
            if isinstance(action, Play) and len(view.decision.cards) > 1:
                public = dataclasses.replace(view, hand=(), known_out=(), decision=None)
                before = read_knowledge(public)
                knew = holding(before, before.layout.mask(view.hand), 0)
                played = choice(knew, legal_cards(knew, knew.hand))
                model += policy.log_chance(played, before.layout.bit[action.card])
                uniform -= math.log(len(played.cards))
                plays += 1
            game.apply(seat, action)
    assert plays > 100
    assert model > uniform + 0.4 * plays, "the card played is on average 1.5 times likelier"


@pytest.mark.slow
def test_the_same_seed_fits_the_same_file(tmp_path: Path) -> None:
    first, again, other = fitted_twice_and_other("fit_play_policy.py", tmp_path, 4)
    assert first == again
    assert first != other
    assert len(parse_policy(first).weights) == len(PHASES) * len(FACTS)


def test_a_world_where_the_leader_held_the_top_trump_explains_its_plain_lead_less() -> None:
    hands, trick = _after_a_trick_by_the_rules()
    assert trick[0] == (1, "2S")  # East, without a trump, led a small plain card
    view = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    reading, k = PolicyReading(view), read_knowledge(view)

    def world(cards: list[list[str]]) -> list[int]:
        return [k.layout.mask(parse_cards(" ".join(hand))) for hand in cards]

    swapped = [list(hand) for hand in hands]
    swapped[1][0], swapped[3][0] = "AH", "QC"  # with the Ace East would have led it
    # At least four times less likely (the rules lead the Ace most of the time, not always).
    assert reading.log_likelihood(world(swapped)) < reading.log_likelihood(world(hands)) - 1.4


def test_the_reading_seldom_gives_the_top_trump_to_the_seat_whose_lead_denies_it() -> None:
    hands, trick = _after_a_trick_by_the_rules()
    view = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    k = read_knowledge(view)
    ace = 1 << k.layout.bit[Card.parse("AH")]
    rng = random.Random(1)
    uniform = sum(bool(sample_hands(k, rng)[1] & ace) for _ in range(60))
    read = sum(bool(PolicyReading(view)(k, random.Random(seed))[1] & ace) for seed in range(60))
    assert uniform >= 15  # East or West, about even, as far as voids and counts go
    assert read <= 6


def _fourth_trick_earlier() -> list[list[tuple[int, str]]]:
    """The three tricks played before `_fourth_trick`'s."""
    return [
        [(2, "AS"), (3, "3S"), (0, "4S"), (1, "9S")],
        [(2, "QC"), (3, "AC"), (0, "3D"), (1, "4C")],
        [(3, "8S"), (0, "KS"), (1, "2S"), (2, "10S")],
    ]


def _fourth_trick() -> SeatView:
    """South to play to the fourth trick of a hand at spades, North having led the Five of
    Hearts and East dropped the Queen. In the third trick West led the Eight of trumps: holding
    the Queen of trumps, West would most often have led it (the rules pull trumps with the
    highest), so the reading of that lead takes the Queen from West, and the worlds put it with
    East far more often than with North."""
    return play_position(
        S,
        ["6D 7S", "QS 8C", "6S JS AH", "5C 5S AD"],
        [(0, "5H"), (1, "QH")],
        maker=2,
        contract=0,
        dealer=2,
        earlier=_fourth_trick_earlier(),
    )


def _worlds(reading: PolicyReading, view: SeatView) -> list[list[int]]:
    """Twenty worlds of `reading`, drawn with one seed."""
    k, rng = read_knowledge(view), random.Random(7)
    return [reading(k, rng) for _ in range(20)]


def test_chances_remembered_across_decisions_spare_the_reading_and_change_no_world(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fourth = _fourth_trick()
    hands, trick = _after_a_trick_by_the_rules()
    other = play_position(H, [" ".join(hand) for hand in hands], earlier=[trick], leader=0)
    computed = 0
    compute = play_reading.play_log_chance

    def counted(*args: Any) -> float:
        nonlocal computed
        computed += 1
        return compute(*args)

    monkeypatch.setattr(play_reading, "_remembered", {})
    monkeypatch.setattr(play_reading, "_play_numbers", {})
    first = _worlds(PolicyReading(fourth), fourth)
    monkeypatch.setattr(play_reading, "play_log_chance", counted)
    # The next decision reads the same plays: every chance comes from memory.
    assert _worlds(PolicyReading(fourth), fourth) == first
    assert computed == 0
    # A reading numbered before the memory starts afresh, then read after another table's
    # plays were numbered, still finds only its own plays' chances: no number comes twice.
    earlier = PolicyReading(fourth)
    numbered = {play_number(earlier.policy, play) for play in earlier.plays}
    monkeypatch.setattr(play_reading, "REMEMBERED", 0)
    later = PolicyReading(other)
    assert not numbered & {play_number(later.policy, play) for play in later.plays}
    _worlds(later, other)
    assert _worlds(earlier, fourth) == first
    assert computed > 0
    # Past `REMEMBERED`, the memory starts afresh at the next decision's reading: bounded.
    assert play_reading._remembered
    PolicyReading(other)
    assert not play_reading._remembered


def test_the_reading_of_a_later_trick_places_the_queen_of_trumps() -> None:
    view = _fourth_trick()
    k = read_knowledge(view)
    queen = 1 << k.layout.bit[Card.parse("QS")]
    even = sum(bool(sample_hands(k, random.Random(seed))[1] & queen) for seed in range(100))
    read = sum(bool(PolicyReading(view)(k, random.Random(seed))[1] & queen) for seed in range(100))
    assert even < 35  # North, East or West as far as voids and counts go
    assert read > 65


def test_hard_takes_the_jack_home_before_the_queen_of_trumps_can_catch_it() -> None:
    # With the Queen of trumps placed with East (after South, but over both of its trumps), the
    # Jack is lost if it waits: it wins this trick now. Reading only the first plays, as hard
    # did before, the worlds give the Queen to North or West as often and advise the Six.
    view = _fourth_trick()
    assert isinstance(view.decision, PlayDecision)
    chosen = [decide(view, "hard", random.Random(seed)).card for seed in range(10)]
    assert chosen.count(Card.parse("JS")) >= 6
    for seed in range(3):
        first = search_play(view, view.decision, random.Random(seed), 20_000, read_plays="first")
        assert first == Play(Card.parse("6S"))


def test_a_world_that_makes_a_play_illegal_is_all_but_ruled_out() -> None:
    view = _fourth_trick()
    k, reading = read_knowledge(view), PolicyReading(view)
    # North showed out of clubs in the second trick: a world giving it a club breaks that play.
    true = [k.layout.mask(parse_cards(h)) for h in ["6D 7S", "QS 8C", "6S JS AH", "5C 5S AD"]]
    broken = [k.layout.mask(parse_cards(h)) for h in ["8C 7S", "QS 6D", "6S JS AH", "5C 5S AD"]]
    assert reading.log_likelihood(broken) < reading.log_likelihood(true) - 20
