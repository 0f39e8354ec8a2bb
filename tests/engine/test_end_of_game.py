"""The end of the game: reaching the target, both sides reaching it, the next deal
(docs/rules.md A9, B-1, B-12, B-14, B-17)."""

from __future__ import annotations

from bot.engine import (
    GameWon,
    HandDealt,
    HandScored,
    HouseRules,
    Pass,
    Phase,
    Reason,
    Scoring,
)
from tests.engine.helpers import (
    SPLITS,
    N,
    assert_rejected,
    of_type,
    play_split,
    play_tricks,
    split_game,
)

EACH_SIDE_OWN = HouseRules(scoring=Scoring.EACH_SIDE_OWN)


def finish(split: tuple[int, int], contract: int, scores: tuple[int, int], rules=None):
    """Play the `split` hand with NS (N) the makers at `contract`, from `scores`."""
    game = split_game(split, (contract, None, None, None), rules=rules, scores=scores)
    events = play_split(game, split)
    return game, events


def test_E53_ns_reach_55_and_win_with_no_further_deal() -> None:
    game = split_game((12, 2), (6, None, None, None), scores=(45, 30))
    play_tricks(game, SPLITS[(12, 2)][:3])
    # NS have taken 12 points, but the game is only decided at the end of the hand.
    assert game.public_view().points_taken == (12, 0)
    assert game.phase is Phase.PLAY and game.winner is None
    events = play_tricks(game, SPLITS[(12, 2)][3:])
    (scored,) = of_type(events, HandScored)
    assert scored.result.changes == (10, 0) and scored.result.totals == (55, 30)
    assert events[-1] == GameWon(0, (55, 30))
    assert of_type(events, HandDealt) == []
    assert game.phase is Phase.GAME_OVER and game.is_over
    assert game.winner == 0 and game.scores == [55, 30]
    assert game.to_act is None and game.decision() is None
    assert game.hand_number == 1 and game.public_view().winner == 0
    refusal = assert_rejected(game, N, Pass(), Reason.GAME_OVER)
    assert refusal.details == {}


def test_E54_no_change_at_50_all_and_the_deal_passes_left() -> None:
    game, events = finish((7, 7), 7, (50, 50))
    (scored,) = of_type(events, HandScored)
    assert scored.result.made and scored.result.changes == (0, 0)
    assert of_type(events, GameWon) == []
    assert events[-1] == HandDealt(2, N)
    assert game.scores == [50, 50] and game.winner is None
    assert game.phase is Phase.BIDDING and game.dealer == N and game.to_act == 1
    assert [len(hand) for hand in game.hands] == [9, 9, 9, 9]
    assert game.history[-1].totals == (50, 50)


def test_E56_reaching_the_target_exactly_is_enough() -> None:
    # A change of 11 needs points left uncaptured or each side's own count: with every point in
    # play and the difference method a made contract changes a score by an even number.
    game, events = finish((3, 11), 1, (20, 40), EACH_SIDE_OWN)
    assert of_type(events, HandScored)[0].result.changes == (3, 11)
    assert events[-1] == GameWon(1, (23, 51))
    assert game.winner == 1


def test_E56_exactly_51_with_the_default_scoring() -> None:
    _, events = finish((12, 2), 6, (41, 0))
    assert events[-1] == GameWon(0, (51, 0))


def test_fifty_is_not_enough() -> None:
    game, events = finish((12, 2), 6, (40, 0))
    assert game.scores == [50, 0] and not game.is_over and of_type(events, GameWon) == []


def test_E57_both_past_the_target_the_bidder_goes_out() -> None:
    _, events = finish((7, 7), 5, (48, 46), EACH_SIDE_OWN)
    assert of_type(events, HandScored)[0].result.totals == (55, 53)
    assert events[-1] == GameWon(0, (55, 53))


def test_E57_a_set_bidder_goes_back_and_the_opponents_win() -> None:
    _, events = finish((6, 8), 9, (48, 44), EACH_SIDE_OWN)
    result = of_type(events, HandScored)[0].result
    assert not result.made and result.changes == (-9, 8)
    assert events[-1] == GameWon(1, (39, 52))


def test_bidder_goes_out_even_with_the_lower_total() -> None:
    _, events = finish((7, 7), 5, (44, 46), EACH_SIDE_OWN)
    assert events[-1] == GameWon(0, (51, 53))


def test_without_bidder_goes_out_the_highest_total_wins() -> None:
    rules = HouseRules(scoring=Scoring.EACH_SIDE_OWN, bidder_goes_out=False)
    _, events = finish((7, 7), 5, (44, 46), rules)
    assert events[-1] == GameWon(1, (51, 53))


def test_without_bidder_goes_out_a_tie_plays_another_hand() -> None:
    rules = HouseRules(scoring=Scoring.EACH_SIDE_OWN, bidder_goes_out=False)
    game, events = finish((7, 7), 5, (46, 46), rules)
    assert game.scores == [53, 53] and game.winner is None
    assert of_type(events, GameWon) == [] and events[-1] == HandDealt(2, N)
    assert game.phase is Phase.BIDDING


def test_with_bidder_goes_out_a_tie_goes_to_the_makers() -> None:
    _, events = finish((7, 7), 5, (46, 46), EACH_SIDE_OWN)
    assert events[-1] == GameWon(0, (53, 53))


def test_each_side_own_totals_can_go_negative() -> None:
    game, _ = finish((6, 8), 9, (3, 0), EACH_SIDE_OWN)
    assert game.scores == [-6, 8] and not game.is_over


def test_target_score_house_rule() -> None:
    game, events = finish((12, 2), 6, (45, 30), HouseRules(target_score=62))
    assert game.scores == [55, 30] and not game.is_over
    _, events = finish((12, 2), 6, (11, 0), HouseRules(target_score=21))
    assert events[-1] == GameWon(0, (21, 0))
