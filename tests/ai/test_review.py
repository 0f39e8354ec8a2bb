"""The hand review: positions whose double-dummy answer is known, and a whole replayed hand."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.ai.bits import LAYOUTS
from bot.ai.review import PlayPosition, Verdict, points_lost, review_hand, review_plays
from bot.ai.solver import Solver
from bot.engine import (
    Card,
    Game,
    HighLow,
    HouseRules,
    LowGoesTo,
    Suit,
    capture_points,
    parse_cards,
)
from bot.engine.random_player import random_action
from bot.replays.steps import replay_hand

SIDES = (0, 1, 0, 1)
#: Two cards each, hearts trumps, North to lead. Leading A♥ draws East's Right Pedro (5♥):
#: North–South take High and the Pedro, 6. Leading 4♣ lets East trump it with the Pedro and
#: keep it; North–South then take only High (A♥) in the last trick, 1: the club costs 5, and
#: the Pedro falls to East.
HANDS = tuple(tuple(parse_cards(text)) for text in ("AH 4C", "5H 2C", "3C 6C", "7C 8C"))
#: The usual scoring cards of hearts.
POINTS = capture_points(Suit.HEARTS, (), HouseRules())


def _lead(card: str) -> PlayPosition:
    return PlayPosition(0, Card.parse(card), 1, HANDS, (), leader=0, bonus=0)


def test_a_lead_that_gives_away_the_pedro_costs_five_and_the_ace_was_better():
    assert review_plays([_lead("4C")], Suit.HEARTS, SIDES, POINTS) == (
        Verdict(0, 0, Card.parse("4C"), 5, (Card.parse("AH"),), ((Card.parse("5H"), 1),)),
    )


def test_the_best_card_costs_nothing():
    assert review_plays([_lead("AH")], Suit.HEARTS, SIDES, POINTS) == ()


def test_a_forced_card_never_costs_anything():
    # East, second to the trump lead, must follow with the Pedro: no choice, no verdict.
    after_lead = tuple(tuple(hand) for hand in (parse_cards("4C"), *HANDS[1:]))
    position = PlayPosition(
        1, Card.parse("5H"), 1, after_lead, ((0, Card.parse("AH")),), leader=0, bonus=0
    )
    assert review_plays([position], Suit.HEARTS, SIDES, POINTS) == ()


def test_a_perfect_line_plays_the_hand_out_keeping_its_value():
    layout = LAYOUTS[Suit.HEARTS]
    solver = Solver(layout, SIDES, 0)
    hands = [layout.mask(hand) for hand in HANDS]
    hands[0] ^= 1 << layout.bit[Card.parse("4C")]
    tricks = solver.line(hands, [(0, layout.bit[Card.parse("4C")])], 0, 0, value=1)
    played = [[(seat, layout.card[bit]) for seat, bit in cards] for _, cards in tricks]
    # East trumps the club with the Pedro and wins; North's ace takes the last trick.
    assert [winner for winner, _ in tricks] == [1, 0]
    assert played[0][:2] == [(0, Card.parse("4C")), (1, Card.parse("5H"))]
    assert played[1][0] == (1, Card.parse("2C")) and (0, Card.parse("AH")) in played[1]


def test_points_thrown_to_the_first_trick_count_for_its_winner():
    # The same lead with 5 points set aside for the first trick's winner: leading the club
    # now gives East–West the trick's 5 and the bonus, so it costs 10.
    position = PlayPosition(0, Card.parse("4C"), 1, HANDS, (), leader=0, bonus=5)
    [verdict] = review_plays([position], Suit.HEARTS, SIDES, POINTS)
    assert verdict.lost == 10


def test_points_lost_add_up_by_seat():
    verdicts = [
        Verdict(0, 1, Card.parse("4C"), 5, ()),
        Verdict(3, 3, Card.parse("9S"), 2, ()),
        Verdict(7, 1, Card.parse("2D"), 1, ()),
    ]
    assert points_lost(verdicts, 4) == (0, 6, 0, 2)


def test_a_whole_hand_is_reviewed_card_by_card_with_the_makers_worth():
    game = Game.new(seed=21, first_dealer=0)
    rng = random.Random(4)
    while not game.history:
        game.apply(game.to_act, random_action(game.decision(), rng))
    replay = replay_hand(game.restarted(), game.log, game.history[0].hand_number)
    review = review_hand(
        replay.plays, replay.trump, game.side_of, replay.capture_points, replay.maker_view
    )
    assert replay.maker_view is None or isinstance(review.worth, int)
    for verdict in review.verdicts:
        position = replay.plays[verdict.play]
        assert (verdict.seat, verdict.card) == (position.seat, position.card)
        assert verdict.lost > 0 and verdict.card not in verdict.better
        assert all(card in position.hands[verdict.seat] for card in verdict.better)
        # Each scoring card that fell was still in play, and went to the other side.
        for card, taker in verdict.falls:
            assert game.side_of[taker] != game.side_of[verdict.seat]
            assert any(card in hand for hand in position.hands)


def test_the_other_side_is_judged_the_same_way():
    # The same deal turned a seat clockwise: East leads, and East–West lose the Pedro.
    turned = HANDS[3:] + HANDS[:3]
    position = PlayPosition(1, Card.parse("4C"), 1, turned, (), leader=1, bonus=0)
    assert review_plays([position], Suit.HEARTS, SIDES, POINTS) == (
        Verdict(0, 1, Card.parse("4C"), 5, (Card.parse("AH"),), ((Card.parse("5H"), 2),)),
    )


def _hands(*texts: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(parse_cards(text)) for text in texts)


def test_low_scored_for_its_holder_cannot_fall():
    # North leads the 2 into East's Ace: East takes it, and Low with it when the trick's winner
    # scores it. Leading the 3 instead keeps the 2 to win the spade trick later. When Low is
    # the holder's, it is North's whatever happens, and the 2 costs nothing.
    hands = _hands("2H 3H", "4S AH", "KH JC", "3S 5S")
    lead = PlayPosition(0, Card.parse("2H"), 1, hands, (), leader=0, bonus=0)
    assert review_plays([lead], Suit.HEARTS, SIDES, POINTS) == (
        Verdict(0, 0, Card.parse("2H"), 1, (Card.parse("3H"),), ((Card.parse("2H"), 1),)),
    )
    holder = capture_points(Suit.HEARTS, (), HouseRules(low_goes_to=LowGoesTo.HOLDER))
    assert review_plays([lead], Suit.HEARTS, SIDES, holder) == ()


def test_with_low_for_its_holder_the_jack_is_the_card_to_keep():
    # Either lead loses a point to East's Ace when the trick's winner scores Low; when Low is
    # its holder's, only the Jack can fall.
    hands = _hands("2H JH", "2C AH", "9C JC", "8C 6D")
    lead = PlayPosition(0, Card.parse("JH"), 1, hands, (), leader=0, bonus=0)
    assert review_plays([lead], Suit.HEARTS, SIDES, POINTS) == ()
    holder = capture_points(Suit.HEARTS, (), HouseRules(low_goes_to=LowGoesTo.HOLDER))
    assert review_plays([lead], Suit.HEARTS, SIDES, holder) == (
        Verdict(0, 0, Card.parse("JH"), 1, (Card.parse("2H"),), ((Card.parse("JH"), 1),)),
    )


def test_high_and_low_in_play_are_the_highest_and_lowest_trumps_of_the_hand():
    # Two players, neither the Ace nor the 2 of hearts in play: the Queen is High and the 6 is
    # Low. Leading a spade lets East trump with the 6 and keep Low; leading the Queen draws it.
    hands = _hands("QH 7S JS", "6H JD 7D")
    lead = PlayPosition(0, Card.parse("7S"), 1, hands, (), leader=0, bonus=0)
    assert review_plays([lead], Suit.HEARTS, (0, 1), POINTS) == ()
    in_play = [card for hand in hands for card in hand]
    points = capture_points(Suit.HEARTS, in_play, HouseRules(high_low=HighLow.IN_PLAY))
    assert review_plays([lead], Suit.HEARTS, (0, 1), points) == (
        Verdict(0, 0, Card.parse("7S"), 1, (Card.parse("QH"),), ((Card.parse("6H"), 1),)),
    )


def test_a_seat_without_cards_sits_out_and_the_next_one_plays():
    # South ran out of cards (the stock ran short): East led the King of clubs, West followed,
    # and North plays third. Trumping with the Ace takes the trick with High alone and lets
    # East trump North's last club with the Pedro; following keeps the Ace to take the Pedro.
    hands = _hands("AH 4C", "5H", "", "8C")
    trick = ((1, Card.parse("KC")), (3, Card.parse("7C")))
    trumping = PlayPosition(0, Card.parse("AH"), 5, hands, trick, leader=1, bonus=0)
    assert review_plays([trumping], Suit.HEARTS, SIDES, POINTS) == (
        Verdict(0, 0, Card.parse("AH"), 5, (Card.parse("4C"),), ((Card.parse("5H"), 1),)),
    )


def _without(hands, cards) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(card for card in hand if card not in cards) for hand in hands)


def test_a_trick_won_with_a_seats_last_card_counts_for_that_seats_side():
    # South wins the first trick with its last card, the 10 of hearts (Game), and West, the
    # next seat holding cards, leads the second. The review judges West's lead with what the
    # trick before it left: the King of hearts lets North's 2 win a trick and keep Low, which
    # leading the King of spades would draw.
    hands = _hands("8D 2H 8H", "KD QH JD", "10H", "KH KS 7S")
    trick = [(seat, Card.parse(code)) for seat, code in enumerate(("8D", "KD", "10H", "7S"))]
    cards = [card for _, card in trick]
    plays = [
        PlayPosition(seat, card, 1, _without(hands, cards[:count]), tuple(trick[:count]), 0, 0)
        for count, (seat, card) in enumerate(trick)
    ]
    plays.append(PlayPosition(3, Card.parse("KH"), 2, _without(hands, cards), (), 3, bonus=0))
    verdicts = review_plays(plays, Suit.HEARTS, SIDES, POINTS)
    assert [verdict for verdict in verdicts if verdict.play == 4] == [
        Verdict(4, 3, Card.parse("KH"), 1, (Card.parse("KS"),), ((Card.parse("2H"), 0),))
    ]


def _finished_hand(players: int, seed: int):
    game = Game.new(players=players, seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while not game.history:
        game.apply(game.to_act, random_action(game.decision(), rng))
    return game, replay_hand(game.restarted(), game.log, game.history[0].hand_number)


def _plain_review(replay, side_of) -> list[tuple[int, int, list[Card]]]:
    """Every legal card valued exactly, one solver per side: what the review must agree with."""
    layout = LAYOUTS[replay.trump]
    found = []
    for index, position in enumerate(replay.plays):
        solver = Solver(layout, side_of, side_of[position.seat])
        hands = [layout.mask(hand) for hand in position.hands]
        trick = [(seat, layout.bit[card]) for seat, card in position.trick]
        values = solver.move_values(hands, trick, position.leader, position.bonus)
        best = max(values.values())
        lost = best - values[layout.bit[position.card]]
        if lost:
            ordered = sorted(values, reverse=True)
            better = [layout.card[bit] for bit in ordered if values[bit] == best]
            found.append((index, lost, better))
    return found


@pytest.mark.slow
@pytest.mark.parametrize(("players", "seed"), [(4, 3), (4, 8), (4, 13), (4, 21), (3, 5), (2, 9)])
def test_the_review_agrees_with_valuing_every_card(players, seed):
    game, replay = _finished_hand(players, seed)
    verdicts = review_plays(replay.plays, replay.trump, game.side_of, replay.capture_points)
    expected = _plain_review(replay, game.side_of)
    assert [(v.play, v.lost) for v in verdicts] == [(play, lost) for play, lost, _ in expected]
    # A best card (with the cards equivalent to it) is named, never one that is not the best.
    for verdict, (_, _, best) in zip(verdicts, expected, strict=True):
        assert verdict.better and set(verdict.better) <= set(best)


def _judged_alone(replay, side_of) -> tuple[Verdict, ...]:
    """Each play judged on its own, by a solver of its own, nothing carried from the plays
    before it (the value of the position, the transposition table): the plain way, which the
    review must agree with verdict for verdict."""
    return tuple(
        dataclasses.replace(verdict, play=index)
        for index, position in enumerate(replay.plays)
        for verdict in review_plays([position], replay.trump, side_of, replay.capture_points)
    )


@pytest.mark.parametrize("players", [4, 3])
@given(seed=st.integers(0, 10**6))
@settings(max_examples=3, deadline=None)
def test_each_card_is_judged_as_if_it_were_judged_alone(players, seed):
    """Every verdict (the card, what it lost, the better cards, the scoring cards that fell) is
    the one the play gets judged alone, however the review carries values from one play to
    the next."""
    game, replay = _finished_hand(players, seed)
    verdicts = review_plays(replay.plays, replay.trump, game.side_of, replay.capture_points)
    assert verdicts == _judged_alone(replay, game.side_of)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(40))
def test_each_card_is_judged_as_if_it_were_judged_alone_in_many_hands(seed):
    game, replay = _finished_hand(4, 1000 + seed)
    verdicts = review_plays(replay.plays, replay.trump, game.side_of, replay.capture_points)
    assert verdicts == _judged_alone(replay, game.side_of)


def test_the_cycle_collector_is_back_on_after_a_review():
    """The review pauses Python's cycle collector for its search, and always turns it back on,
    even when the review fails (here: a card the seat does not hold)."""
    position = PlayPosition(0, Card.parse("4C"), 1, HANDS, (), leader=0, bonus=0)
    review_hand([position], Suit.HEARTS, SIDES, POINTS, None)
    assert gc.isenabled()
    not_held = next(card for card in HANDS[1] if card.suit is Suit.CLUBS)
    with pytest.raises(Exception):  # noqa: B017 - any failure of the search will do
        review_hand(
            [dataclasses.replace(position, card=not_held)], Suit.HEARTS, SIDES, POINTS, None
        )
    assert gc.isenabled()
