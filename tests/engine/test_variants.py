"""Two and three players, and the enforcement of turns and revokes (docs/rules.md C, D)."""

from __future__ import annotations

import pytest

from bot.engine import (
    Bid,
    Discard,
    DiscardDecision,
    Drew,
    Game,
    HandScored,
    HouseRules,
    NameTrump,
    Pass,
    Phase,
    Play,
    Reason,
    Robbed,
    Suit,
)
from tests.engine.helpers import (
    E,
    N,
    S,
    W,
    arranged_game,
    assert_rejected,
    bid_round,
    card_set,
    cards,
    deck_for,
    finals_from_tricks,
    first_choice,
    of_type,
    play_out_hand,
    play_tricks,
)


def test_E58_two_players_draw_in_turn_from_the_top_and_nobody_robs() -> None:
    stock = cards("2C 3C 4C 6C 7C 8C 9C 10C JC")
    deck = deck_for(
        0,
        {1: "AH KH AS KS QS JS 10S 9S 8S", 0: "QH AD KD QD JD 10D 9D 8D 7D"},
        stock=stock,
        players=2,
    )
    game = Game.from_deck(deck, 0, players=2)
    assert [len(hand) for hand in game.hands] == [9, 9] and len(game.stock) == 34
    assert game.sides == ((0,), (1,))
    bid_round(game, 2, None)
    events = game.apply(1, NameTrump(Suit.HEARTS))
    assert [(event.seat, event.count) for event in of_type(events, Drew)] == [(1, 4), (0, 5)]
    assert game.hands[1] == cards("AH KH") + stock[:4]
    assert game.hands[0] == cards("QH") + stock[4:9]
    assert of_type(events, Robbed) == []
    assert len(game.stock) == 25
    assert game.phase is Phase.PLAY and game.to_act == 1


def test_two_player_dealer_with_too_many_trumps_discards_instead_of_robbing() -> None:
    deck = deck_for(0, {0: "AH KH QH JH 9H 8H 7H 6H 2C"}, players=2)
    game = Game.from_deck(deck, 0, players=2)
    bid_round(game, None, 1)
    game.apply(0, NameTrump(Suit.HEARTS))
    decision = game.decision()
    assert decision == DiscardDecision(0, tuple(cards("KH QH 9H 8H 7H 6H")), 2, False)
    game.apply(0, Discard(tuple(cards("8H 6H"))))
    assert game.phase is Phase.PLAY and game.to_act == 0
    assert card_set(game.view(1).dead[0]) == card_set("8H 6H")


# Three players, dealer 2, hearts: seat 0 bids 5 and leads.
E59_MADE = (
    "0:AS 1:5D 2:AD",
    "1:AC 2:10H 0:KS",
    "2:KD 0:5H 1:KC",
    "0:QS 1:QC 2:JH",
    "2:QD 0:AH 1:JC",
    "0:JS 1:10C 2:2H",
)
E59_SET = (
    "0:AS 1:5D 2:AD",
    "1:AC 2:5H 0:KS",
    "2:KD 0:QS 1:KC",
    "2:JH 0:AH 1:QC",
    "0:KH 1:JC 2:10H",
    "0:QH 1:10C 2:2H",
)


def three_player_result(tricks: tuple[str, ...]):
    game = arranged_game(2, Suit.HEARTS, finals_from_tricks(tricks), (5, None, None), players=3)
    assert game.maker == 0 and game.to_act == 0
    (scored,) = of_type(play_tricks(game, tricks), HandScored)
    return game, scored.result


def test_E59_three_players_deal_and_stock() -> None:
    game = Game.from_deck(deck_for(2, {}, players=3), 2, players=3)
    assert [len(hand) for hand in game.hands] == [9, 9, 9] and len(game.stock) == 25
    assert game.sides == ((0,), (1,), (2,)) and game.to_act == 0


def test_E59_made_contract_each_scores_their_own_points() -> None:
    game, result = three_player_result(E59_MADE)
    assert result.points == (6, 5, 3) and result.made
    assert result.changes == (6, 5, 3) and game.scores == [6, 5, 3]


def test_E59_set_maker_loses_the_contract() -> None:
    game, result = three_player_result(E59_SET)
    assert result.points == (4, 5, 5) and not result.made
    assert result.changes == (-5, 5, 5) and game.scores == [-5, 5, 5]


def test_three_players_everyone_discards_and_the_dealer_draws_last() -> None:
    game = Game.from_deck(deck_for(2, {}, players=3), 2, players=3)
    bid_round(game, None, 3, None)
    events = game.apply(1, NameTrump(Suit.SPADES))
    assert [event.seat for event in of_type(events, Drew)] == [0, 1, 2]
    assert of_type(events, Robbed) == []
    assert game.phase is Phase.PLAY and game.to_act == 1
    assert [len(hand) for hand in game.hands] == [6, 6, 6]


@pytest.mark.parametrize("players", [2, 3])
def test_small_games_play_whole_hands_and_pass_the_deal(players: int) -> None:
    game = Game.new(HouseRules(target_score=1000), players, seed=4, first_dealer=0)
    for dealer in (0, 1, 2 % players):
        assert game.dealer == dealer
        events = play_out_hand(game)
        assert of_type(events, Robbed) == []
        assert len(of_type(events, HandScored)) == 1


@pytest.mark.parametrize("players", [1, 5, 6])
def test_E60_five_and_six_players_are_not_offered_yet(players: int) -> None:
    # docs/rules.md C: five and six players (six cards each) are not offered.
    with pytest.raises(ValueError):
        Game.new(HouseRules(), players, seed=1)


def test_E61_bids_and_plays_out_of_turn_change_nothing() -> None:
    game = Game.from_deck(deck_for(N, {}), N)
    for seat in (N, S, W):
        refusal = assert_rejected(game, seat, Bid(3), Reason.NOT_YOUR_TURN)
        assert refusal.details == {"to_act": E}
        assert_rejected(game, seat, Pass(), Reason.NOT_YOUR_TURN)
    assert_rejected(game, 7, Bid(3), Reason.NOT_YOUR_TURN)
    bid_round(game, 1, None, None, None)
    game.apply(E, NameTrump(Suit.CLUBS))
    while game.phase is not Phase.PLAY:
        decision = game.decision()
        assert_rejected(game, (decision.seat + 1) % 4, Pass(), Reason.NOT_YOUR_TURN)
        game.apply(decision.seat, first_choice(decision))
    for seat in (N, S, W):
        assert_rejected(game, seat, Play(game.hands[seat][0]), Reason.NOT_YOUR_TURN)
        assert_rejected(game, seat, Play(game.hands[E][0]), Reason.NOT_YOUR_TURN)


def test_E62_a_revoke_is_refused_and_the_player_must_follow() -> None:
    finals = {
        N: "KD AH KH QH JH 10H",
        E: "7D 9S 9H 8H 7H 2C",
        S: "6H 5H 5D 4H 3C 4C",
        W: "3H 2H AS KS QS JS",
    }
    game = arranged_game(W, Suit.HEARTS, finals, (6, None, None, None))
    game.apply(N, Play(cards("KD")[0]))
    refusal = assert_rejected(game, E, Play(cards("9S")[0]), Reason.MUST_FOLLOW_SUIT)
    assert refusal.details["led"] is Suit.DIAMONDS
    assert set(refusal.details["must_play"]) == card_set("7D 9H 8H 7H")
    assert_rejected(game, E, Play(cards("2C")[0]), Reason.MUST_FOLLOW_SUIT)
    assert game.apply(E, Play(cards("7D")[0]))
    assert game.to_act == S and game.scores == [0, 0]


def test_games_refuse_impossible_set_ups() -> None:
    deck = deck_for(N, {})
    with pytest.raises(ValueError):
        Game.from_deck(deck, 4)
    with pytest.raises(ValueError):
        Game.from_deck(deck, 2, players=2)
    with pytest.raises(ValueError):
        Game.from_deck(deck, N, scores=(1, 2, 3))
    with pytest.raises(ValueError):
        Game.from_deck(deck, N, sides=((0, 1), (1, 2, 3)))
