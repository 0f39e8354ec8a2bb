"""Property tests over random legal games: invariants that must hold at every step."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import (
    FULL_DECK,
    MAX_REDEALS_IN_A_ROW,
    AllPass,
    AllPassed,
    Card,
    DealerRob,
    ExcessTrumps,
    Game,
    HandDealt,
    HandScored,
    HighLow,
    HouseRules,
    LowGoesTo,
    Phase,
    PlayDecision,
    PointCard,
    Scoring,
    SetFormula,
    StockShortage,
    TrickWon,
    capture_points,
    legal_plays,
    scoring_cards,
)
from bot.engine.random_player import random_action
from tests.engine.helpers import card_places
from tests.engine.seen import cards_in
from tests.examples import examples

house_rules = st.builds(
    HouseRules,
    target_score=st.sampled_from([11, 21, 51]),
    min_bid=st.integers(1, 7),
    all_pass=st.sampled_from(list(AllPass)),
    dealer_rob=st.sampled_from(list(DealerRob)),
    excess_trumps=st.sampled_from(list(ExcessTrumps)),
    stock_shortage=st.sampled_from(list(StockShortage)),
    scoring=st.sampled_from(list(Scoring)),
    set_formula=st.sampled_from(list(SetFormula)),
    bidder_goes_out=st.booleans(),
    low_goes_to=st.sampled_from(list(LowGoesTo)),
    high_low=st.sampled_from(list(HighLow)),
    discards_visible=st.booleans(),
    allow_counting_discard=st.booleans(),
)

def hidden_from(game: Game, seat: int | None) -> set[Card]:
    """The cards `seat` (None: everybody) must not see."""
    hidden = set(game.stock)
    if seat is not None and seat == game.dealer and game.phase is Phase.ROB:
        hidden = set()
    for other in range(game.players):
        if other == seat:
            continue
        hidden.update(game.hands[other], game.hidden_discards[other])
        if not game.rules.discards_visible:
            hidden.update(game.discards[other])
    return hidden


def play_checked(game: Game, rng: random.Random, *, max_actions: int, check_json: bool) -> None:
    """Play random legal actions, checking the invariants after every one."""
    for _ in range(max_actions):
        if game.is_over:
            return
        decision = game.decision()
        assert decision is not None and decision.seat == game.to_act
        if isinstance(decision, PlayDecision):
            hand = game.hands[decision.seat]
            expected = legal_plays(hand, [card for _, card in game.trick], game.trump)
            assert decision.cards and set(decision.cards) == expected <= set(hand)
        events = game.apply(decision.seat, random_action(decision, rng, bid_chance=0.3))
        places = card_places(game)
        if (
            game.phase is Phase.PLAY
            and game.rules.stock_shortage is StockShortage.FILL_FROM_DISCARDS
        ):
            played_now = {seat for seat, _ in game.trick}
            for seat, hand in enumerate(game.hands):
                assert len(hand) == 6 - len(game.tricks) - (seat in played_now)
        assert set(places) == set(FULL_DECK) and set(places.values()) == {1}
        for seat in range(game.players):
            view = game.view(seat)
            assert view.hand == tuple(game.hands[seat])
            assert not cards_in(view) & hidden_from(game, seat)
        assert not cards_in(game.public_view()) & hidden_from(game, None)
        for event in events:
            if (
                isinstance(event, HandScored)
                and game.players == 4
                and not (game.rules.allow_counting_discard)
            ):
                assert sum(event.result.points) == 14
        if check_json:
            saved = game.to_dict()
            assert Game.from_dict(json.loads(json.dumps(saved))).to_dict() == saved


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])  # three tests, so that workers share them
@examples(9)
@given(rules=house_rules, seed=st.integers(0, 2**64 - 1))
def test_random_games_keep_every_invariant(players: int, rules: HouseRules, seed: int) -> None:
    game = Game.new(rules, players, seed)
    play_checked(game, random.Random(seed), max_actions=400, check_json=True)
    assert game.replayed().to_dict() == game.to_dict()


@examples(60)
@given(
    rules=house_rules,
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**64 - 1),
    bid_chance=st.sampled_from([0.0, 0.02, 0.3]),
)
@pytest.mark.slow
def test_no_game_redeals_more_than_the_bound_in_a_row(
    rules: HouseRules, players: int, seed: int, bid_chance: float
) -> None:
    """Whatever the rules, and however rarely anyone bids, a hand is played after at most
    `MAX_REDEALS_IN_A_ROW` redeals in a row: a game always moves on."""
    game = Game.new(rules, players, seed)
    rng = random.Random(seed)
    redeals = deals = 0
    while not game.is_over and deals < 40:
        decision = game.decision()
        assert decision is not None
        for event in game.apply(decision.seat, random_action(decision, rng, bid_chance=bid_chance)):
            if isinstance(event, AllPassed) and event.outcome == "redeal":
                redeals += 1
            elif isinstance(event, HandScored):
                redeals = 0
            elif isinstance(event, HandDealt):
                deals += 1
            assert redeals <= MAX_REDEALS_IN_A_ROW


@pytest.mark.slow
@examples(25)
@given(players=st.sampled_from([2, 4]), seed=st.integers(0, 2**64 - 1))
def test_default_games_end_with_a_winner_at_the_target(players: int, seed: int) -> None:
    rules = HouseRules(target_score=21)
    game = Game.new(rules, players, seed)
    play_checked(game, random.Random(seed), max_actions=20_000, check_json=False)
    assert game.is_over and game.winner is not None
    assert game.scores[game.winner] >= rules.target_score
    assert game.scores[game.winner] == max(game.scores)


@pytest.mark.slow
@examples(200)
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_legal_plays_are_never_empty_and_come_from_the_hand(seed: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deck = list(FULL_DECK)
    rng.shuffle(deck)
    hand = deck[: data.draw(st.integers(1, 9))]
    trick = deck[9 : 9 + data.draw(st.integers(0, 3))]
    trump = data.draw(st.sampled_from(sorted({card.suit for card in FULL_DECK}, key=str)))
    legal = legal_plays(hand, trick, trump)
    assert legal and legal <= set(hand)


@pytest.mark.slow
@examples(15)
@given(seed=st.integers(0, 2**64 - 1))
def test_json_round_trip_mid_hand_continues_identically(seed: int) -> None:
    game = Game.new(HouseRules(), 4, seed)
    rng = random.Random(seed)
    for _ in range(20):
        decision = game.decision()
        assert decision is not None
        game.apply(decision.seat, random_action(decision, rng))
    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))
    rng_a, rng_b = random.Random(1), random.Random(1)
    for _ in range(60):
        if game.is_over:
            break
        action = random_action(game.decision(), rng_a)
        assert random_action(copy.decision(), rng_b) == action
        assert game.apply(game.to_act, action) == copy.apply(copy.to_act, action)
    assert copy.to_dict() == game.to_dict()


@examples(40)
@given(
    rules=house_rules.filter(lambda rules: not rules.allow_counting_discard),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**64 - 1),
)
def test_a_hand_scores_its_tricks_capture_points_and_low_for_its_holder(
    rules: HouseRules, players: int, seed: int
) -> None:
    """`capture_points`, known once play starts, adds up to the hand's score count: each trick's
    cards (and the first trick's thrown ones) for its winner, and Low held to its holder."""
    game = Game.new(rules, players, seed)
    rng = random.Random(seed)
    in_play: list[Card] = []
    tricks: list[TrickWon] = []
    while not game.history:
        decision = game.decision()
        assert decision is not None
        if isinstance(decision, PlayDecision) and not in_play:
            in_play = [card for hand in game.hands for card in hand]
            thrown = list(game.thrown)
            in_play += [card for _, card in thrown]
        events = game.apply(decision.seat, random_action(decision, rng, bid_chance=0.3))
        tricks += [event for event in events if isinstance(event, TrickWon)]
    [result] = game.history
    points = capture_points(result.trump, in_play, rules)
    expected = [0] * len(game.sides)
    for number, trick in enumerate(tricks):
        cards = [card for _, card in trick.cards] + [card for _, card in thrown if not number]
        expected[game.side_of[trick.seat]] += sum(points.get(card, 0) for card in cards)
    low = scoring_cards(result.trump, in_play, rules.high_low).get(PointCard.LOW)
    if rules.low_goes_to is LowGoesTo.HOLDER and low in in_play:
        played = [(seat, card) for trick in tricks for seat, card in trick.cards] + thrown
        holder = next(seat for seat, card in played if card is low)
        expected[game.side_of[holder]] += 1
    assert tuple(expected) == result.points
