"""Finding puzzles in finished hands, checked against the engine itself: the position is one the
hand went through, the legal cards are the engine's, the answer is one run of cards worth the
best and never the highest card, every other card costs at least two points, and playing the
line out with the engine gives the side exactly the points the answer keeps."""

from __future__ import annotations

import pytest

from bot.engine import Card, Game, Play, PlayDecision, Suit
from bot.engine.trumps import TRUMP_TABLES
from bot.puzzles.finder import MIN_CARDS, MIN_COST, Found, find_puzzles
from bot.puzzles.positions import PuzzlePosition, puzzle_position
from bot.replays.steps import StepKind
from tests.puzzles.hands import PlayedHand, played_hand

#: Seeds of hands that hold puzzles (easy computer players; 19 of the first 60 seeds do).
SEEDS = (18,)
MORE_SEEDS = (20, 25, 27, 39, 42, 57, 58)


def before_play(hand: PlayedHand, play: int) -> Game:
    """The hand's game just before its `play`-th card."""
    game = hand.game.restarted()
    plays = 0
    for seat, action in hand.game.log:
        if isinstance(action, Play):
            if plays == play:
                return game
            plays += 1
        game.apply(seat, action)
    raise AssertionError(f"no play {play}")


def highest(cards: list[Card], trump: Suit) -> set[Card]:
    strength = TRUMP_TABLES[trump].strength
    top = max((strength[card], card.rank) for card in cards)
    return {card for card in cards if (strength[card], card.rank) == top}


def check(hand: PlayedHand, found: Found) -> None:
    game = before_play(hand, found.play)
    decision = game.decision()
    assert isinstance(decision, PlayDecision)
    legal = [card for card, _ in found.values]
    assert sorted(legal, key=str) == sorted(decision.cards, key=str)
    assert len(legal) >= MIN_CARDS
    values = dict(found.values)
    best = max(values.values())
    assert {card for card, value in values.items() if value == best} == set(found.best)
    assert all(best - value >= MIN_COST for card, value in values.items() if card not in found.best)
    assert not set(found.best) & highest(legal, game.trump)
    # The line, played by the engine from the position, gives the side the points promised.
    side = game.side_of[decision.seat]
    taken = game.points_taken()[side]
    already = len(game.trick)
    first, *rest = found.line
    assert first[2][:already] == tuple(game.trick)
    assert first[2][already][1] in found.best
    for seat, card in [*first[2][already:], *(play for trick in rest for play in trick[2])]:
        game.apply(seat, Play(card))
    assert game.history and game.history[0].points[side] == taken + best


@pytest.mark.parametrize(
    "seed", [*SEEDS, *(pytest.param(seed, marks=pytest.mark.slow) for seed in MORE_SEEDS)]
)
def test_every_puzzle_found_is_a_position_of_the_hand_with_one_best_answer(seed: int):
    hand = played_hand(seed)
    assert hand.found
    for found in hand.found:
        check(hand, found)


@pytest.mark.slow
@pytest.mark.parametrize("first", range(200, 280, 20))  # four tests, so that workers share them
def test_the_puzzles_of_hands_of_normal_players_hold_to_the_rules(first: int):
    found = 0
    for seed in range(first, first + 20):
        hand = played_hand(seed, "normal")
        for puzzle in hand.found:
            check(hand, puzzle)
            found += 1
    assert found >= 3


def test_hands_without_two_partnerships_hold_no_puzzle():
    hand = played_hand(SEEDS[0])
    replay = hand.replay
    assert find_puzzles(replay.plays, replay.trump, (0, 1, 2, 0), replay.capture_points) == ()


def test_a_position_keeps_everything_it_shows_and_reads_back_the_same():
    hand = played_hand(MORE_SEEDS[0])
    found = hand.found[0]
    position = puzzle_position(hand.replay, found, 51)
    play = hand.replay.plays[found.play]
    assert (position.seat, position.hands, position.trick) == (play.seat, play.hands, play.trick)
    assert position.best == found.best and position.best_value == max(v for _, v in found.values)
    tricks = [s for s in hand.replay.steps if s.kind is StepKind.TRICK]
    before = [s for s in tricks if s.trick_number < play.trick_number]
    assert position.points_taken == (before[-1].points_taken if before else (0, 0))
    assert PuzzlePosition.from_json(position.to_json()) == position
