"""`hard` chooses the robbing dealer's keep by playing sampled deals out (docs/computer-players.md,
"The robbing dealer's keep")."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot.ai import decide
from bot.ai.bits import LAYOUTS
from bot.ai.decide import may_search
from bot.ai.draw_choices import choose_keep
from bot.ai.inference import share
from bot.ai.rob_playouts import (
    MAX_KEEPS,
    choose_keep_by_playouts,
    keep_candidates,
    replayed_to_rob,
    rob_odds,
    sampled_rob_deck,
)
from bot.engine import (
    FULL_DECK,
    Bid,
    Card,
    Game,
    HouseRules,
    KeepDecision,
    NameTrump,
    Pass,
    Phase,
    SeatView,
    Suit,
    deck_dealing,
    parse_cards,
)

DEALER = 0
#: East (the dealer's left) bids 7 in hearts; the dealer holds two trumps and many plain cards.
HANDS = {
    1: "AH KH QH 9H 3S 4S 5C 6C 7D",
    2: "8H 7H 2S 6S 8C 9C 10C 2D 3D",
    3: "6H 4H 7S 9S 10S 2C 3C 4D 5D",
    0: "JH 10H AS KS AC KC AD KD 8S",
}


def rob_view(rules: HouseRules | None = None) -> SeatView:
    """The dealer's view when it robs the pack after East's 7 in hearts."""
    game = Game.from_deck(_deck(), DEALER, rules or HouseRules(), 4, seed=1)
    game.apply(1, Bid(7))
    for seat in (2, 3, 0):
        game.apply(seat, Pass())
    game.apply(1, NameTrump(Suit.HEARTS))
    assert game.phase is Phase.ROB
    return game.view(DEALER)


def keep_decision(view: SeatView) -> KeepDecision:
    assert isinstance(view.decision, KeepDecision)
    return view.decision


def test_the_position_offers_the_dealer_a_real_choice() -> None:
    decision = keep_decision(rob_view())
    assert set(decision.required) == set(parse_cards("JH 10H 5H 3H 2H"))  # 5H 3H 2H robbed
    assert decision.free_choices == 1
    assert len(decision.options) > 3


def test_the_candidates_start_with_the_rule_based_keep_and_are_all_legal() -> None:
    view = rob_view()
    decision = keep_decision(view)
    assert view.trump is not None
    candidates = keep_candidates(decision, view)
    assert candidates[0] == choose_keep(decision, view.trump).cards
    assert 1 < len(candidates) <= MAX_KEEPS
    assert len(set(map(frozenset, candidates))) == len(candidates)
    for keep in candidates:
        assert len(keep) == decision.count
        assert set(decision.required) <= set(keep) <= set(decision.required + decision.options)


@pytest.mark.parametrize("learned", [False, True])
@pytest.mark.parametrize("rules", [HouseRules(), HouseRules(discards_visible=False)])
def test_every_sampled_deal_replays_to_the_dealers_own_choice(
    rules: HouseRules, learned: bool
) -> None:
    # With hidden discards, the others' plain cards are drawn at random; the replay still
    # reaches the very keep the dealer faces, with its own cards where they are, whether the
    # cards are dealt evenly or by the learned odds.
    view = rob_view(rules)
    decision = keep_decision(view)
    odds = rob_odds(view, decision) if learned else None
    assert learned == (odds is not None)
    rng = random.Random(4)
    for _ in range(20):
        deck = sampled_rob_deck(view, decision, rng, odds)
        assert deck is not None
        game = replayed_to_rob(view, decision, deck, 1)
        assert game is not None
        assert game.view(DEALER).hand == view.hand


def test_sampled_deals_place_the_unseen_cards_differently() -> None:
    view = rob_view()
    decision = keep_decision(view)
    rng = random.Random(2)
    decks = {tuple(deck) for deck in (sampled_rob_deck(view, decision, rng) for _ in range(10))}
    assert len(decks) > 5


def test_the_trumps_each_seat_kept_follow_the_learned_odds() -> None:
    # Every unseen trump was kept by someone: East (the maker, 4 kept), South (2) or West (3).
    # Dealt by the odds, East holds the trump the model gives it the largest share of (the 4,
    # 53%) far more often than the one with the smallest (the 7, 38%); dealt evenly, about as
    # often (each 4 in 9).
    view = rob_view()
    decision = keep_decision(view)
    odds = rob_odds(view, decision)
    assert odds is not None and view.trump is not None
    layout = LAYOUTS[view.trump]
    trumps = parse_cards("AH KH QH 9H 8H 7H 6H 4H 5D")
    by_share = sorted(trumps, key=lambda card: share(odds[layout.bit[card]], 1))
    least, most = by_share[0], by_share[-1]
    assert share(odds[layout.bit[most]], 1) > 1.2 * share(odds[layout.bit[least]], 1)

    def east_holds(card: Card, dealt_by: dict[int, Sequence[float]] | None) -> int:
        rng = random.Random(6)
        count = 0
        for _ in range(1000):
            deck = sampled_rob_deck(view, decision, rng, dealt_by)
            assert deck is not None
            game = replayed_to_rob(view, decision, deck, 1)
            assert game is not None
            count += card in game.hands[1]
        return count

    by_odds = east_holds(most, odds) - east_holds(least, odds)
    evenly = east_holds(most, None) - east_holds(least, None)
    assert by_odds > 100 and abs(evenly) < 80


def test_the_same_view_and_seed_give_the_same_keep() -> None:
    view = rob_view()
    decision = keep_decision(view)
    first = choose_keep_by_playouts(view, decision, random.Random(9), 8)
    assert choose_keep_by_playouts(view, decision, random.Random(9), 8) == first


@pytest.mark.slow
def test_the_keep_chosen_is_legal_for_every_seed() -> None:
    view = rob_view()
    for seed in range(4):
        keep = decide(view, "hard", random.Random(seed))
        game = replayed_to_rob(view, keep_decision(view), _deck(), 1)
        assert game is not None
        game.apply(DEALER, keep)
        assert game.phase is Phase.PLAY


@pytest.mark.slow
def test_with_no_deal_that_replays_the_rule_based_keep_stands() -> None:
    # Here the three plain Aces are worth about the same, so the playouts' keep varies with the
    # seed; an auction the engine cannot replay (nobody bid, yet a maker is shown) leaves no
    # deal, and the rule-based keep for every seed.
    view = rob_view()
    broken = replace(view, bids=((1, None), (2, None), (3, None), (0, None)))
    decision = keep_decision(view)
    assert view.trump is not None
    rule_keep = choose_keep(decision, view.trump)
    kept = [choose_keep_by_playouts(view, decision, random.Random(seed), 24) for seed in range(5)]
    assert any(keep != rule_keep for keep in kept)
    for seed in range(5):
        assert choose_keep_by_playouts(broken, decision, random.Random(seed), 24) == rule_keep


def test_only_hard_and_normal_play_the_keep_out_in_a_worker() -> None:
    view = rob_view()
    assert may_search(view, "hard")
    assert may_search(view, "normal")
    assert not may_search(view, "baseline-normal")
    assert not may_search(view, "easy")


def _deck() -> list[Card]:
    """The deal of `HANDS`, the undealt cards in the deck's order as the stock."""
    hands = [parse_cards(HANDS[seat]) for seat in range(4)]
    dealt = {card for hand in hands for card in hand}
    return deck_dealing(hands, [card for card in FULL_DECK if card not in dealt], DEALER)
