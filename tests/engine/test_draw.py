"""Discarding, drawing and the dealer robbing the pack with the default rules (docs/rules.md
A6, B-8 to B-11)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.engine import (
    Discard,
    DiscardDecision,
    Discarded,
    Drew,
    Game,
    HouseRules,
    Keep,
    KeepDecision,
    NameTrump,
    Phase,
    Reason,
    Robbed,
    Suit,
    TrickWon,
    TrumpDecision,
    random_action,
)
from tests.engine.helpers import (
    E,
    N,
    S,
    W,
    assert_every_card_once,
    assert_rejected,
    bid_round,
    card_set,
    cards,
    deck_for,
    e19_game,
    of_type,
    play_out_hand,
    surplus_game,
)


def test_E17_plain_cards_are_discarded_face_up_and_replaced_from_the_top() -> None:
    plain = "AH KH QD JD 9S 8S"
    deck = deck_for(S, {W: "KC 7C 5S " + plain}, stock="AD KD QH")
    game = Game.from_deck(deck, S)
    bid_round(game, 1, None, None, None)
    events = game.apply(W, NameTrump(Suit.CLUBS))
    discarded, drew = of_type(events, Discarded)[0], of_type(events, Drew)[0]
    assert discarded == Discarded(W, 6, tuple(cards(plain)), (), ())
    assert drew == Drew(W, 3, 0)
    assert game.hands[W] == cards("KC 7C 5S AD KD QH")
    for seat in (N, E, S, W, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert view.discards[W] == tuple(cards(plain))
        assert view.drawn[W] == 3 and view.kept_trumps[W] == 3


def test_E18_six_trumps_discard_three_draw_none_and_no_trumps_draw_six() -> None:
    deck = deck_for(E, {S: "AS KS QS 2S 3S 4S AH KH QH", W: "AD KD QD JD 10D 9D AC KC 5H"})
    game = Game.from_deck(deck, E)
    bid_round(game, 1, None, None, None)
    events = game.apply(S, NameTrump(Suit.SPADES))
    by_seat = {event.seat: event for event in of_type(events, Discarded)}
    draws = {event.seat: event.count for event in of_type(events, Drew)}
    assert by_seat[S].count == 3 and draws[S] == 0
    assert card_set(game.hands[S]) == card_set("AS KS QS 2S 3S 4S")
    assert by_seat[W].count == 9 and draws[W] == 6
    assert not card_set(game.hands[W]) & card_set("AD KD QD JD 10D 9D AC KC 5H")


def test_E19_seven_or_more_trumps_set_aside_only_non_point_trumps() -> None:
    game = e19_game()
    assert game.phase is Phase.DISCARD and game.to_act == W
    assert game.decision() == DiscardDecision(W, tuple(cards("KD QD 9D")), 2, False)
    refusal = assert_rejected(game, W, Discard(tuple(cards("KD JD"))), Reason.NOT_ALLOWED_CARD)
    assert refusal.details == {"cards": tuple(cards("JD"))}
    assert_rejected(game, W, Discard(tuple(cards("KD 3C"))), Reason.NOT_ALLOWED_CARD)
    events = game.apply(W, Discard(tuple(cards("QD KD"))))
    assert of_type(events, Discarded)[0] == Discarded(
        W, 3, tuple(cards("3C")), tuple(cards("KD QD")), ()
    )
    assert of_type(events, Drew)[0] == Drew(W, 0, 0)
    assert card_set(game.hands[W]) == card_set("AD JD 10D 9D 5D 5H")
    for seat in (N, E, S, W, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert card_set(view.dead[W]) == card_set("KD QD")
    events = play_out_hand(game)
    played = {card for trick in of_type(events, TrickWon) for _, card in trick.cards}
    assert len(played) == 24 and not played & card_set("KD QD")
    (result,) = game.history
    assert sum(result.points) == 14


def test_E19_refusals_for_the_wrong_number_or_repeated_cards() -> None:
    game = e19_game()
    refusal = assert_rejected(game, W, Discard(tuple(cards("KD"))), Reason.WRONG_COUNT)
    assert refusal.details == {"count": 2, "chosen": 1}
    assert_rejected(game, W, Discard(tuple(cards("KD QD 9D"))), Reason.WRONG_COUNT)
    assert_rejected(game, W, Discard(tuple(cards("KD KD"))), Reason.DUPLICATE_CARDS)
    assert_rejected(game, W, Discard(("KD", "QD")), Reason.BAD_ACTION)  # type: ignore[arg-type]
    assert_rejected(game, W, Keep(tuple(cards("KD QD"))), Reason.WRONG_ACTION)
    assert_rejected(game, N, Discard(tuple(cards("KD QD"))), Reason.NOT_YOUR_TURN)


def test_E20_refill_in_rotation_from_the_dealers_left() -> None:
    stock = "2C 3C 4C 6C 7C 8C 9C 10C 2D 3D 4D 6D 7D 8D 9D 10D"
    deck = deck_for(
        S,
        {
            W: "AH KH AS KS QS JS AC KC QC",
            N: "QH JH 10H 10S 9S 8S JC 2S 3S",
            E: "9H AD KD QD JD 4S 6S 7S 5C",
        },
        stock=stock,
    )
    game = Game.from_deck(deck, S)
    bid_round(game, 1, None, None, None)
    events = game.apply(W, NameTrump(Suit.HEARTS))
    assert [(event.seat, event.count) for event in of_type(events, Drew)] == [
        (W, 4),
        (N, 3),
        (E, 5),
    ]
    top = cards(stock)
    assert game.hands[W] == cards("AH KH") + top[0:4]
    assert game.hands[N] == cards("QH JH 10H") + top[4:7]
    assert game.hands[E] == cards("9H") + top[7:12]
    assert game.phase is Phase.ROB and game.stock == top[12:]


def e22_game() -> Game:
    """Hearts trumps, dealer W: W holds 4H 3H, and the stock left after the draw holds 2H."""
    deck = deck_for(
        W,
        {N: "AH KH QH JH", E: "10H 9H 8H 7H", S: "6H 5H 5D", W: "4H 3H"},
        stock="2C 3C 4C 6C 7C 8C 9C 2H",
    )
    game = Game.from_deck(deck, W)
    bid_round(game, 1, None, None, None)
    game.apply(N, NameTrump(Suit.HEARTS))
    return game


def test_E22_the_dealer_keeps_every_trump_and_chooses_plain_cards() -> None:
    game = e22_game()
    assert game.phase is Phase.ROB and game.to_act == W
    pool = game.hands[W] + game.stock
    decision = game.decision()
    assert isinstance(decision, KeepDecision)
    assert set(decision.required) == card_set("4H 3H 2H")
    assert set(decision.options) == {card for card in pool if card.suit is not Suit.HEARTS}
    assert decision.count == 6 and decision.free_choices == 3
    own_plain = next(card for card in game.hands[W] if card.suit is not Suit.HEARTS)
    stock_plain = [card for card in game.stock if card.suit is not Suit.HEARTS][:2]
    keep = (*cards("4H 3H 2H"), own_plain, *stock_plain)
    refusal = assert_rejected(
        game, W, Keep((*cards("4H 3H"), own_plain, *stock_plain, game.stock[-1])), Reason.MUST_KEEP
    )
    assert refusal.details == {"cards": tuple(cards("2H"))}
    from_stock = [card for card in keep if card in game.stock]
    assert len(from_stock) == 3  # the stock's one trump and two of its plain cards
    events = game.apply(W, Keep(keep))
    assert of_type(events, Robbed) == [Robbed(W, 3, (), ())]
    assert game.view(N).drawn[W] == 3
    assert set(game.hands[W]) == set(keep)
    assert game.stock == [] and game.phase is Phase.PLAY
    rejected = set(pool) - set(keep)
    # The dealer's rejected cards are known only to the dealer.
    assert set(game.view(W).known_out) == rejected
    for seat in (N, E, S):
        assert game.view(seat).known_out == ()
        assert not set(game.view(seat).discards[W]) & rejected
    assert_every_card_once(game)


def test_the_dealers_keep_is_checked() -> None:
    game = e22_game()
    outside = game.hands[N][0]
    base = (*cards("4H 3H 2H"),)
    plain = [card for card in game.hands[W] + game.stock if card.suit is not Suit.HEARTS]
    assert_rejected(game, W, Keep((*base, *plain[:2], outside)), Reason.NOT_ALLOWED_CARD)
    assert_rejected(game, W, Keep((*base, *plain[:2])), Reason.WRONG_COUNT)
    assert_rejected(game, W, Keep((*base, *plain[:4])), Reason.WRONG_COUNT)
    assert_rejected(game, W, Keep((*base, plain[0], plain[0], plain[1])), Reason.DUPLICATE_CARDS)
    assert_rejected(game, W, Keep("4H 3H 2H"), Reason.BAD_ACTION)  # type: ignore[arg-type]
    assert_rejected(game, N, Keep((*base, *plain[:3])), Reason.NOT_YOUR_TURN)


def test_surplus_trumps_of_the_dealer_are_exposed_and_dead_never_point_trumps() -> None:
    game = surplus_game()
    decision = game.decision()
    assert isinstance(decision, KeepDecision) and not decision.to_first_trick
    assert set(decision.required) == card_set("5H 5D 2H")
    assert set(decision.options) == card_set("9H 8H 7H 6H 4H 3H")
    assert_rejected(game, W, Keep(tuple(cards("9H 8H 7H 6H 4H 3H"))), Reason.MUST_KEEP)
    assert_rejected(game, W, Keep(tuple(cards("5H 5D 2H 9H 8H AS"))), Reason.NOT_ALLOWED_CARD)
    events = game.apply(W, Keep(tuple(cards("5H 5D 2H 9H 4H 3H"))))
    (robbed,) = of_type(events, Robbed)
    assert set(robbed.dead_trumps) == card_set("8H 7H 6H") and robbed.to_first_trick == ()
    for seat in (N, E, S, W, None):
        view = game.public_view() if seat is None else game.view(seat)
        assert set(view.dead[W]) == card_set("8H 7H 6H")
    assert set(game.view(W).known_out) == card_set("AS KS JS")
    play_out_hand(game)
    (result,) = game.history
    assert sum(result.points) == 14


def test_a_rob_without_choice_happens_on_its_own() -> None:
    # The dealer's pool holds exactly six trumps: nothing to choose.
    deck = deck_for(
        W,
        {N: "AH KH QH JH", E: "10H 9H 8H 7H", W: "6H 5H 5D 4H 3H 2H"},
        stock="2C 3C 4C 6C 7C 8C 9C 10C 2D 3D 4D 6D 7D 8D 9D 10D",
    )
    game = Game.from_deck(deck, W)
    bid_round(game, 1, None, None, None)
    events = game.apply(N, NameTrump(Suit.HEARTS))
    assert of_type(events, Robbed) == [Robbed(W, 0, (), ())]  # all six trumps were in hand
    assert card_set(game.hands[W]) == card_set("6H 5H 5D 4H 3H 2H")
    assert game.phase is Phase.PLAY and game.to_act == N


def test_E24_the_discard_is_open_until_confirmed_then_fixed() -> None:
    game = e19_game()
    hand_before = list(game.hands[W])
    # Any number of unconfirmed or refused choices leave everything as it was.
    for attempt in ("KD", "KD QD 9D", "JD 10D", "KD KD"):
        with pytest.raises(Exception):  # noqa: B017 - every refusal is an IllegalAction
            game.apply(W, Discard(tuple(cards(attempt))))
        assert game.hands[W] == hand_before and game.to_act == W
        assert game.view(N).dead[W] == () and game.view(N).drawn == (None,) * 4
    events = game.apply(W, Discard(tuple(cards("KD 9D"))))
    assert [event.seat for event in of_type(events, Drew)] == [W, N, E]
    assert game.to_act != W
    assert_rejected(game, W, Discard(tuple(cards("QD 10D"))), Reason.NOT_YOUR_TURN)
    assert set(game.view(S).dead[W]) == card_set("KD 9D")


@pytest.mark.parametrize("seed", range(12))
def test_E25_every_card_in_one_place_and_six_cards_each_after_the_draw(seed: int) -> None:
    game = Game.new(HouseRules(), 4, seed)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        assert_every_card_once(game)
        game.apply(game.to_act, random_action(game.decision(), rng))
    assert_every_card_once(game)
    assert [len(hand) for hand in game.hands] == [6, 6, 6, 6]
    assert game.stock == []


def test_a_single_possible_set_aside_happens_without_asking() -> None:
    # Seven trumps, only KD scoring nothing: it is set aside on its own, shown and dead.
    deck = deck_for(S, {W: "AD KD JD 10D 5D 5H 2D 3C 4C"})
    game = Game.from_deck(deck, S)
    bid_round(game, None, 1, None, None)
    events = game.apply(N, NameTrump(Suit.DIAMONDS))
    assert of_type(events, Discarded)[0] == Discarded(
        W, 3, tuple(cards("3C 4C")), tuple(cards("KD")), ()
    )
    assert card_set(game.hands[W]) == card_set("AD JD 10D 5D 5H 2D")
    assert game.view(E).dead[W] == tuple(cards("KD"))


def test_a_keep_naming_every_card_is_left_for_the_rules_to_judge() -> None:
    decision = KeepDecision(
        0, tuple(cards("AH KH")), tuple(cards("9C 8C 7C 6C 5S")), 6, to_first_trick=False
    )
    assert decision.completed(tuple(cards("9C 8C 7C 6C"))) == tuple(cards("AH KH 9C 8C 7C 6C"))
    every = tuple(cards("AH KH 9C 8C 7C 6C"))
    assert decision.completed(every) == every
    assert decision.completed(tuple(cards("9C"))) == tuple(cards("9C"))


@given(seed=st.integers(0, 2**32))
def test_a_seat_sees_the_cards_it_drew_until_it_plays_one(seed: int) -> None:
    game = Game.new(HouseRules(), 4, seed=seed)
    rng = random.Random(seed)
    while not isinstance(game.decision(), TrumpDecision):
        decision = game.decision()
        game.apply(decision.seat, random_action(decision, rng, bid_chance=0.5))
    before = [set(hand) for hand in game.hands]
    decision = game.decision()
    game.apply(decision.seat, random_action(decision, rng))
    for seat in range(4):
        drawn = game.view(seat).drawn_cards
        if seat == game.dealer or game.drawn[seat] is None:
            assert drawn is None
            continue
        assert drawn is not None and set(drawn) == set(game.hands[seat]) - before[seat]
        assert len(drawn) == game.drawn[seat]
    while game.phase is not Phase.PLAY:
        decision = game.decision()
        game.apply(decision.seat, random_action(decision, rng))
    leader = game.to_act
    game.apply(leader, random_action(game.decision(), rng))
    assert game.view(leader).drawn_cards is None
