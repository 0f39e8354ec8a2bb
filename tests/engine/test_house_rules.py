"""Every house-rule option of `HouseRules` (docs/rules.md B) played through the game."""

from __future__ import annotations

import pytest

from bot.engine import (
    MAX_REDEALS_IN_A_ROW,
    AllPass,
    AllPassed,
    Card,
    DealerRob,
    Discard,
    DiscardDecision,
    Discarded,
    Drew,
    ExcessTrumps,
    FirstDealer,
    Game,
    HandDealt,
    HandScored,
    HighLow,
    HouseRules,
    Keep,
    KeepDecision,
    LowGoesTo,
    NameTrump,
    Pass,
    Phase,
    PointCard,
    Reason,
    Robbed,
    Scoring,
    SetFormula,
    StockShortage,
    Suit,
    TrickWon,
    TrumpDecision,
    capture_points,
)
from bot.engine.trumps import TRUMP_TABLES
from tests.engine.helpers import (
    E,
    N,
    S,
    W,
    arranged_game,
    assert_every_card_once,
    assert_rejected,
    bid_round,
    card_set,
    cards,
    deck_for,
    e19_game,
    finals_from_tricks,
    finish_draw,
    of_type,
    play_out_hand,
    play_split,
    play_tricks,
    split_game,
    surplus_game,
)

# ------------------------------------------------------------------------- the rules object


def test_defaults_are_the_decisions_of_rules_md() -> None:
    assert HouseRules().to_dict() == {
        "target_score": 51,
        "min_bid": 1,
        "all_pass": "dealerNoContract",
        "dealer_rob": "trumpsFirst",
        "excess_trumps": "discardShown",
        "stock_shortage": "fillFromDiscards",
        "scoring": "difference",
        "set_formula": "fourteenPlusShortfall",
        "bidder_goes_out": True,
        "first_dealer": "highest",
        "low_goes_to": "trickWinner",
        "high_low": "fixed",
        "discards_visible": True,
        "allow_counting_discard": False,
    }
    assert HouseRules().changed_from_default() == {}


def test_rules_round_trip_and_accept_option_names() -> None:
    rules = HouseRules(
        target_score=42,
        all_pass="redealSameDealer",  # type: ignore[arg-type]
        dealer_rob=DealerRob.FREE_CHOICE,
        high_low="inPlay",  # type: ignore[arg-type]
    )
    assert rules.all_pass is AllPass.REDEAL_SAME_DEALER and rules.high_low is HighLow.IN_PLAY
    assert HouseRules.from_dict(rules.to_dict()) == rules
    assert rules.changed_from_default() == {
        "target_score": 42,
        "all_pass": "redealSameDealer",
        "dealer_rob": "freeChoice",
        "high_low": "inPlay",
    }


@pytest.mark.parametrize(
    "bad",
    [
        {"target_score": 0},
        {"target_score": 50.5},
        {"min_bid": 0},
        {"min_bid": 15},
        {"all_pass": "stuck"},
        {"dealer_rob": "TRUMPS_FIRST"},
    ],
)
def test_invalid_rules_are_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        HouseRules(**bad)


def test_unknown_rules_are_refused() -> None:
    with pytest.raises(ValueError):
        HouseRules.from_dict({"target_score": 51, "jokers": True})


def test_rules_cannot_change_during_a_game() -> None:
    rules = HouseRules()
    with pytest.raises(AttributeError):
        rules.target_score = 10  # type: ignore[misc]


# ------------------------------------------------------------------------- all pass (B-3)


def all_passed(rules: HouseRules) -> tuple[Game, list]:
    game = Game.from_deck(deck_for(N, {}), N, rules, seed=2)
    return game, bid_round(game, None, None, None, None)


def test_all_pass_dealer_stuck_at_the_minimum_bid() -> None:
    game, events = all_passed(HouseRules(all_pass=AllPass.DEALER_STUCK_AT_MIN, min_bid=4))
    assert events[-1] == AllPassed(N, "dealer_stuck")
    assert game.decision() == TrumpDecision(N, 4, False)
    assert_rejected(game, N, Pass(), Reason.CANNOT_PASS)


def test_a_stuck_dealer_can_be_set() -> None:
    rules = HouseRules(all_pass=AllPass.DEALER_STUCK_AT_MIN, min_bid=4)
    game = split_game((3, 11), (None, None, None, None), dealer=N, rules=rules)
    assert game.contract == 4
    (scored,) = of_type(play_split(game, (3, 11)), HandScored)
    assert not scored.result.made and scored.result.changes == (0, 15)


def test_all_pass_redeal_with_the_same_dealer() -> None:
    game, events = all_passed(HouseRules(all_pass=AllPass.REDEAL_SAME_DEALER))
    assert events[-2:] == [AllPassed(N, "redeal"), HandDealt(2, N)]
    assert game.dealer == N and game.to_act == E and game.phase is Phase.BIDDING
    assert game.hands != Game.from_deck(deck_for(N, {}), N).hands
    assert game.scores == [0, 0] and game.history == []
    assert game.replayed().to_dict() == game.to_dict()


def test_all_pass_dealer_may_pass_then_redeal() -> None:
    game, events = all_passed(HouseRules(all_pass=AllPass.DEALER_MAY_PASS_THEN_REDEAL))
    assert events[-1] == AllPassed(N, "dealer_choice")
    assert game.decision() == TrumpDecision(N, 0, True)
    events = game.apply(N, Pass())
    assert events == [AllPassed(N, "redeal"), HandDealt(2, E)]
    assert game.dealer == E and game.to_act == S and game.scores == [0, 0]


def test_all_pass_dealer_may_instead_name_trumps_for_nothing() -> None:
    rules = HouseRules(all_pass=AllPass.DEALER_MAY_PASS_THEN_REDEAL)
    game = split_game((9, 5), (None, None, None, None), dealer=N, rules=rules)
    assert game.contract == 0
    (scored,) = of_type(play_split(game, (9, 5)), HandScored)
    assert scored.result.changes == (4, 0)


def test_a_bid_ends_the_all_pass_question() -> None:
    game = Game.from_deck(deck_for(N, {}), N, HouseRules(all_pass=AllPass.REDEAL_SAME_DEALER))
    events = bid_round(game, None, None, None, 1)
    assert of_type(events, AllPassed) == [] and game.decision() == TrumpDecision(N, 1, False)


REDEALING = (
    AllPass.REDEAL_NEXT_DEALER,
    AllPass.REDEAL_SAME_DEALER,
    AllPass.DEALER_MAY_PASS_THEN_REDEAL,
)


def pass_out(game: Game) -> list:
    """Everyone passes the hand (and a dealer who may decline naming trumps declines)."""
    events = bid_round(game, *[None] * game.players)
    decision = game.decision()
    if isinstance(decision, TrumpDecision) and decision.can_pass:
        events += game.apply(decision.seat, Pass())
    return events


@pytest.mark.parametrize("rule", REDEALING)
def test_redeals_in_a_row_are_bounded_then_the_dealer_is_stuck(rule: AllPass) -> None:
    game = Game.from_deck(deck_for(N, {}), N, HouseRules(all_pass=rule, min_bid=14), seed=2)
    for redeal in range(1, MAX_REDEALS_IN_A_ROW + 1):
        events = pass_out(game)
        assert of_type(events, AllPassed)[-1].outcome == "redeal"
        assert game.hand_number == redeal + 1 and game.phase is Phase.BIDDING
    dealer = game.dealer
    events = bid_round(game, *[None] * game.players)
    assert events[-1] == AllPassed(dealer, "dealer_stuck")
    assert game.decision() == TrumpDecision(dealer, 14, False)
    assert_rejected(game, dealer, Pass(), Reason.CANNOT_PASS)
    assert game.replayed().to_dict() == game.to_dict()
    assert Game.from_dict(game.to_dict()).decision() == game.decision()


def test_a_hand_played_lets_the_next_ones_be_redealt_again() -> None:
    game = Game.from_deck(deck_for(N, {}), N, HouseRules(all_pass=AllPass.REDEAL_NEXT_DEALER))
    for _ in range(MAX_REDEALS_IN_A_ROW):
        pass_out(game)
    bid_round(game, *[None] * (game.players - 1), 1)
    assert of_type(play_out_hand(game), HandScored)
    assert of_type(pass_out(game), AllPassed)[-1].outcome == "redeal"


# ------------------------------------------------------------------------- the dealer robs (B-8)


def e22_game(rules: HouseRules) -> Game:
    """Hearts, dealer W: W holds 4H 3H, and the rest of the stock holds 2H."""
    deck = deck_for(
        W,
        {N: "AH KH QH JH", E: "10H 9H 8H 7H", S: "6H 5H 5D", W: "4H 3H"},
        stock="2C 3C 4C 6C 7C 8C 9C 2H",
    )
    game = Game.from_deck(deck, W, rules)
    bid_round(game, 1, None, None, None)
    game.apply(N, NameTrump(Suit.HEARTS))
    return game


def views(game: Game) -> list:
    return [game.view(seat) for seat in range(4)] + [game.public_view()]


def test_free_choice_lets_the_dealer_drop_trumps_which_are_then_exposed() -> None:
    game = e22_game(HouseRules(dealer_rob=DealerRob.FREE_CHOICE))
    decision = game.decision()
    assert isinstance(decision, KeepDecision)
    assert decision.required == tuple(cards("2H"))
    assert set(decision.options) == set(game.hands[W] + game.stock) - card_set("2H")
    plain = [card for card in decision.options if card.suit is not Suit.HEARTS][:5]
    assert_rejected(game, W, Keep((*cards("4H"), *plain)), Reason.MUST_KEEP)
    events = game.apply(W, Keep((*cards("2H"), *plain)))
    (robbed,) = of_type(events, Robbed)
    assert set(robbed.dead_trumps) == card_set("4H 3H") and robbed.to_first_trick == ()
    for view in views(game):
        assert set(view.dead[W]) == card_set("4H 3H")
    assert set(game.hands[W]) == {*cards("2H"), *plain}


def test_free_choice_never_exposes_point_trumps() -> None:
    game = surplus_game(HouseRules(dealer_rob=DealerRob.FREE_CHOICE))
    decision = game.decision()
    assert set(decision.required) == card_set("5H 5D 2H")
    events = game.apply(W, Keep(tuple(cards("5H 5D 2H AS KS JS"))))
    (robbed,) = of_type(events, Robbed)
    assert set(robbed.dead_trumps) == card_set("9H 8H 7H 6H 4H 3H")
    play_out_hand(game)
    assert sum(game.history[-1].points) == 14


def test_keep_all_dump_on_first_trick_throws_surplus_trumps_to_the_first_trick() -> None:
    game = surplus_game(HouseRules(dealer_rob=DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK))
    decision = game.decision()
    assert decision.to_first_trick and decision.required == ()
    assert set(decision.options) == card_set("9H 8H 7H 6H 5H 5D 4H 3H 2H")
    assert_rejected(game, W, Keep(tuple(cards("9H 8H 7H 6H 4H AS"))), Reason.NOT_ALLOWED_CARD)
    events = game.apply(W, Keep(tuple(cards("9H 8H 7H 6H 4H 3H"))))
    (robbed,) = of_type(events, Robbed)
    assert robbed.dead_trumps == () and set(robbed.to_first_trick) == card_set("5H 5D 2H")
    for view in views(game):
        assert set(view.thrown) == {(W, card) for card in cards("5H 5D 2H")}
        assert view.dead[W] == ()
    assert_every_card_once(game)
    events = play_out_hand(game)
    first = of_type(events, TrickWon)[0]
    played = sum(1 for _, card in first.cards if card in card_set("AH 10H JH"))
    assert first.points == 11 + played
    result = game.history[-1]
    side = 0 if first.seat in (N, S) else 1
    captured = dict(result.captured)
    assert captured[PointCard.RIGHT_PEDRO] == captured[PointCard.LEFT_PEDRO] == side
    assert captured[PointCard.LOW] == side and sum(result.points) == 14


def test_keep_all_with_six_trumps_or_fewer_is_like_trumps_first() -> None:
    game = e22_game(HouseRules(dealer_rob=DealerRob.KEEP_ALL_DUMP_ON_FIRST_TRICK))
    assert set(game.decision().required) == card_set("4H 3H 2H")


# ------------------------------------------------------------------------- 7+ trumps (B-9, B-10)


def test_excess_trumps_dumped_on_the_first_trick() -> None:
    game = e19_game(HouseRules(excess_trumps=ExcessTrumps.DUMP_ON_FIRST_TRICK))
    decision = game.decision()
    assert decision == DiscardDecision(W, tuple(cards("AD KD QD JD 10D 9D 5D 5H")), 2, True)
    events = game.apply(W, Discard(tuple(cards("JD 10D"))))
    assert of_type(events, Discarded)[0] == Discarded(
        W, 3, tuple(cards("3C")), (), tuple(cards("JD 10D"))
    )
    finish_draw(game)
    for view in views(game):
        assert set(view.thrown) == {(W, card) for card in cards("JD 10D")}
    events = play_out_hand(game)
    first = of_type(events, TrickWon)[0]
    captured = dict(game.history[-1].captured)
    side = 0 if first.seat in (N, S) else 1
    assert captured[PointCard.JACK] == captured[PointCard.GAME] == side
    assert sum(game.history[-1].points) == 14


def test_counting_discard_credits_the_makers_with_an_opponents_point_trump() -> None:
    game = e19_game(HouseRules(allow_counting_discard=True))
    decision = game.decision()
    assert set(decision.options) == card_set("AD KD QD JD 10D 9D 5D 5H")
    game.apply(W, Discard(tuple(cards("JD 10D"))))
    assert set(game.view(N).dead[W]) == card_set("JD 10D")
    play_out_hand(game)
    result = game.history[-1]
    captured = dict(result.captured)
    assert captured[PointCard.JACK] == captured[PointCard.GAME] == 0
    assert sum(result.points) == 14


def test_counting_discard_by_the_makers_side_is_dead() -> None:
    game = e19_game(HouseRules(allow_counting_discard=True), holder=N)
    assert game.to_act == N and game.maker == N
    game.apply(N, Discard(tuple(cards("JD KD"))))
    play_out_hand(game)
    result = game.history[-1]
    assert dict(result.captured)[PointCard.JACK] is None
    assert sum(result.points) == 13


def test_without_counting_discard_point_trumps_cannot_be_set_aside() -> None:
    game = e19_game(HouseRules())
    assert_rejected(game, W, Discard(tuple(cards("JD 10D"))), Reason.NOT_ALLOWED_CARD)


def test_counting_discard_lets_the_robbing_dealer_expose_a_point_trump() -> None:
    # W robs as an opponent of the maker N: an exposed point trump counts for NS.
    game = surplus_game(HouseRules(allow_counting_discard=True))
    assert game.decision().required == ()
    game.apply(W, Keep(tuple(cards("9H 8H 7H 6H 5D 2H"))))
    assert card_set("5H") <= set(game.view(E).dead[W])
    play_out_hand(game)
    assert dict(game.history[-1].captured)[PointCard.RIGHT_PEDRO] == 0


# ------------------------------------------------------------------------- stock shortage (B-11)


def short_game(rules: HouseRules) -> Game:
    """Hearts, dealer W: N, E and S keep no trump, so S finds only four cards left in the stock."""
    deck = deck_for(
        W,
        {
            N: "AC KC QC JC 10C 9C 8C 7C 6C",
            E: "AS KS QS JS 10S 9S 8S 7S 6S",
            S: "AD KD QD JD 10D 9D 8D 7D 6D",
        },
    )
    game = Game.from_deck(deck, W, rules)
    bid_round(game, 1, None, None, None)
    return game


def test_shortage_is_made_up_from_the_plain_discards() -> None:
    game = short_game(HouseRules())
    events = game.apply(N, NameTrump(Suit.HEARTS))
    assert [(d.seat, d.count, d.from_discards) for d in of_type(events, Drew)] == [
        (N, 6, 0),
        (E, 6, 0),
        (S, 6, 2),
    ]
    from_pile = [card for card in game.hands[S] if card.suit is not Suit.HEARTS]
    assert card_set(game.hands[S]) == card_set("JH QH KH AH") | set(from_pile)
    assert len(from_pile) == 2
    dealt_plain = card_set("AC KC QC JC 10C 9C 8C 7C 6C AS KS QS JS 10S 9S 8S 7S 6S")
    assert set(from_pile) <= dealt_plain | card_set("AD KD QD JD 10D 9D 8D 7D 6D")
    assert sum(len(pile) for pile in game.discards) == 27 - 2
    assert not set(from_pile) & set().union(*game.discards)
    finish_draw(game)
    assert [len(hand) for hand in game.hands] == [6, 6, 6, 6]
    assert_every_card_once(game)


def test_play_short_leaves_the_player_out_of_the_last_tricks() -> None:
    game = short_game(HouseRules(stock_shortage=StockShortage.PLAY_SHORT))
    events = game.apply(N, NameTrump(Suit.HEARTS))
    assert of_type(events, Drew)[-1] == Drew(S, 4, 0)
    finish_draw(game)
    assert [len(hand) for hand in game.hands] == [6, 6, 4, 6]
    events = play_out_hand(game)
    tricks = of_type(events, TrickWon)
    assert [len(trick.cards) for trick in tricks] == [4, 4, 4, 4, 3, 3]
    assert all(seat != S for trick in tricks[4:] for seat, _ in trick.cards)
    assert sum(game.history[-1].points) == 14


# ------------------------------------------------------------------------- High and Low (B-5)

# Two players, hearts, dealer 1: only KH JH 10H 5H 5D 3H reach play.
IN_PLAY_TRICKS = ("0:KH 1:3H", "0:JH 1:10H", "0:5H 1:5D", "0:AS 1:2S", "0:KS 1:3S", "0:QS 1:4S")


def two_player_result(rules: HouseRules, contract: int = 2):
    game = arranged_game(
        1, Suit.HEARTS, finals_from_tricks(IN_PLAY_TRICKS), (contract, None), rules, players=2
    )
    (scored,) = of_type(play_tricks(game, IN_PLAY_TRICKS), HandScored)
    return scored.result


def test_fixed_high_and_low_score_nothing_when_not_in_play() -> None:
    result = two_player_result(HouseRules())
    captured = dict(result.captured)
    assert captured[PointCard.HIGH] is None and captured[PointCard.LOW] is None
    assert result.points == (12, 0) and result.changes == (12, 0)


def test_high_and_low_in_play_are_the_highest_and_lowest_trumps_played() -> None:
    result = two_player_result(HouseRules(high_low=HighLow.IN_PLAY))
    captured = dict(result.captured)
    assert captured[PointCard.HIGH] == 0 and captured[PointCard.LOW] == 0
    assert result.points == (14, 0)
    holder = two_player_result(HouseRules(high_low=HighLow.IN_PLAY, low_goes_to=LowGoesTo.HOLDER))
    assert dict(holder.captured)[PointCard.LOW] == 1 and holder.points == (13, 1)


#: The six scoring cards of hearts: Ace (High), 2 (Low), Jack, 10 (Game) and the two Pedros.
FIXED = "AH 2H JH 10H 5H 5D"


def test_capture_points_are_the_fixed_scoring_cards_under_the_usual_rules() -> None:
    points = capture_points(Suit.HEARTS, cards("KH 3H 7C"), HouseRules())
    assert points == {card: TRUMP_TABLES[Suit.HEARTS].points[card] for card in cards(FIXED)}


def test_capture_points_leave_out_low_scored_for_its_holder() -> None:
    points = capture_points(Suit.HEARTS, (), HouseRules(low_goes_to=LowGoesTo.HOLDER))
    assert set(points) == card_set(FIXED) - card_set("2H") and sum(points.values()) == 13


def test_capture_points_follow_high_and_low_in_play() -> None:
    in_play = cards("KH 3H 9H 5H 7C")
    points = capture_points(Suit.HEARTS, in_play, HouseRules(high_low=HighLow.IN_PLAY))
    # The King is High and the 3 Low; the Jack, Game and the Pedros are the fixed cards.
    assert points == dict(zip(cards("KH 3H JH 10H 5H 5D"), (1, 1, 1, 1, 5, 5), strict=True))
    holder = HouseRules(high_low=HighLow.IN_PLAY, low_goes_to=LowGoesTo.HOLDER)
    assert Card.parse("3H") not in capture_points(Suit.HEARTS, in_play, holder)


def test_the_only_trump_in_play_is_both_high_and_low() -> None:
    points = capture_points(Suit.HEARTS, cards("JH 7C"), HouseRules(high_low=HighLow.IN_PLAY))
    assert points[Card.parse("JH")] == 3


def test_set_formulas_differ_when_points_are_out_of_play() -> None:
    assert two_player_result(HouseRules(), contract=14).changes == (0, 16)
    rules = HouseRules(set_formula=SetFormula.OPP_POINTS_PLUS_BID)
    assert two_player_result(rules, contract=14).changes == (0, 14)


def test_each_side_own_in_the_two_player_game() -> None:
    result = two_player_result(HouseRules(scoring=Scoring.EACH_SIDE_OWN), contract=13)
    assert result.changes == (-13, 0)


# ------------------------------------------------------------------------- discards visible (B-7)


def test_hidden_discards_are_seen_only_by_their_owner() -> None:
    game = e19_game(HouseRules(discards_visible=False))
    events = game.apply(W, Discard(tuple(cards("KD QD"))))
    for discarded in of_type(events, Discarded):
        assert discarded.plain_cards is None
    assert of_type(events, Discarded)[0].dead_trumps == tuple(cards("KD QD"))
    for seat in (N, E, S, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert view.discards[W] == () and view.discard_counts[W] == 1
        assert set(view.dead[W]) == card_set("KD QD")
    assert game.view(W).discards[W] == tuple(cards("3C"))
    assert game.view(N).discards[N] == tuple(game.discards[N]) != ()
    assert game.view(W).discards[N] == ()


def test_visible_discards_are_in_the_events() -> None:
    game = e19_game(HouseRules())
    events = game.apply(W, Discard(tuple(cards("KD QD"))))
    for discarded in of_type(events, Discarded):
        assert discarded.plain_cards == tuple(game.discards[discarded.seat])


# ------------------------------------------------------------------------- first dealer (B-15)


@pytest.mark.parametrize("rule", list(FirstDealer))
def test_the_first_dealer_rule_reaches_the_game(rule: FirstDealer) -> None:
    game = Game.new(HouseRules(first_dealer=rule), 4, seed=31)
    draw = game.seat_draw
    assert game.dealer == draw.first_dealer_seat
    if rule is FirstDealer.HIGHEST:
        assert draw.seating[game.dealer] == draw.ranking[0]
    elif rule is FirstDealer.LOWEST:
        cut = [1 if card.rank == 14 else card.rank for card in draw.first_cards]
        assert cut[draw.seating[game.dealer]] == min(cut)


def test_yes_no_house_rules_must_be_booleans() -> None:
    with pytest.raises(ValueError, match="bidder_goes_out"):
        HouseRules(bidder_goes_out="false")  # type: ignore[arg-type]
