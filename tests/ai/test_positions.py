"""Known positions every level must get right: partner play, Low, and not outbidding a partner."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from bot.ai import LEVELS, decide, hint
from bot.engine import (
    MAX_REDEALS_IN_A_ROW,
    AllPass,
    Bid,
    Card,
    HouseRules,
    Pass,
    Play,
    SeatView,
    Suit,
)
from tests.ai.positions import bid_position, play_position

H = Suit.HEARTS


def _play(level: str, view) -> Card:
    action = decide(view, level, random.Random(5), budget=11000)
    assert isinstance(action, Play)
    return action.card


@pytest.mark.parametrize("level", LEVELS)
def test_drops_a_pedro_on_partners_ace(level: str) -> None:
    # North leads the Ace of trumps; South holds the Right Pedro and a small trump.
    view = play_position(
        H,
        ["KS QS", "9C 8C", "5H 9H 4S", "7D 8D 6H"],
        [(0, "AH"), (1, "3H")],
    )
    assert _play(level, view) == Card.parse("5H")


@pytest.mark.parametrize("level", LEVELS)
def test_drops_the_left_pedro_when_partners_king_cannot_be_beaten(level: str) -> None:
    # The Ace of trumps is out of play, so North's King wins; West, last, holds no trump.
    view = play_position(
        H,
        ["QS JS", "9C 8C", "5D 9H 4C", "7D 8D 6C"],
        [(0, "KH"), (1, "3H")],
    )
    assert _play(level, view) == Card.parse("5D")


@pytest.mark.parametrize("level", LEVELS)
def test_keeps_a_pedro_away_from_a_trick_the_opponents_win(level: str) -> None:
    # West leads the Ace of trumps and South must follow with a trump: not the Pedro.
    view = play_position(
        H,
        ["KS QS", "9C 8C", "5H 9H 4S", "7D 8D"],
        [(3, "AH"), (0, "3S"), (1, "7H")],
        leader=3,
    )
    assert _play(level, view) == Card.parse("9H")


@pytest.mark.parametrize("level", LEVELS)
def test_brings_low_home_by_trumping_last(level: str) -> None:
    # West is last to a spade trick North is winning: the Two of trumps wins it, and Low with it.
    view = play_position(
        H,
        ["8D 4C", "QC 7C", "7S 6C", "2H 9S 10C"],
        [(0, "KS"), (1, "5C"), (2, "3S")],
        leader=0,
        maker=1,
    )
    assert _play(level, view) == Card.parse("2H")


@pytest.mark.parametrize("level", LEVELS)
def test_brings_low_home_on_partners_ace(level: str) -> None:
    view = play_position(
        H,
        ["KS QS", "9C 8C", "2H 9H 4S", "7D 8D 6H"],
        [(0, "AH"), (1, "3H")],
    )
    assert _play(level, view) == Card.parse("2H")


@pytest.mark.parametrize("level", LEVELS)
def test_brings_low_home_when_nobody_else_has_a_trump(level: str) -> None:
    view = play_position(
        H,
        ["8S 4C", "QS 5C", "2H KH", "9S 10C"],
        leader=2,
        maker=2,
    )
    assert _play(level, view) == Card.parse("2H")


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("seed", range(4))
def test_takes_the_first_trick_with_the_ace_as_last_player(level: str, seed: int) -> None:
    # East, last to the first trick, holds the Ace of trumps; North's King is winning partner
    # West's Low. Keeping the Ace back to catch a Pedro only works when the Pedro's place is
    # known, as it is in every open-hand world the search solves.
    view = play_position(
        H,
        ["7C JC 5D 7H 8H", "2D 4S 3H 6H 9H AH", "2S 5S 5H 10H JH", "AC JD 8S AS QH"],
        [(2, "KH"), (3, "2H"), (0, "4H")],
    )
    action = decide(view, level, random.Random(seed))
    assert action == Play(Card.parse("AH"))


@pytest.mark.parametrize("level", LEVELS)
def test_keeps_its_pedro_off_a_trick_it_can_take(level: str) -> None:
    # North leads the Nine of spades (trumps); East holds the Queen, which beats it, and the Left
    # Pedro: dropping the Pedro would hope for a partner's higher trump it cannot know of.
    view = play_position(
        Suit.SPADES,
        ["8C 9C 10C JC QC", "4S 5C 5H KC 4H QS", "10S 6S 8H 9H 10H 3C", "AS JS 3D 4D 6D 7D"],
        [(0, "9S")],
    )
    assert _play(level, view) != Card.parse("5C")


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_does_not_outbid_a_partner_without_a_strong_hand(level: str) -> None:
    # North (dealer's left) bid 7; South holds a fair hand but nothing special.
    view = bid_position("KH 9H 6H 3H 8C 4C 10S 7D 2D", [7, None])
    assert decide(view, level, random.Random(1)) == Pass()


@pytest.mark.slow
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_outbids_a_partner_with_a_very_strong_hand(level: str) -> None:
    view = bid_position("AH KH QH JH 10H 5H 5D 2H 4S", [6, None])
    action = decide(view, level, random.Random(1))
    assert isinstance(action, Bid) and action.amount > 6


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_never_outbids_a_partner_with_a_weak_hand(level: str) -> None:
    view = bid_position("9H 3H 8C 4C 10S 7S 7D 3D 2D", [5, None])
    assert decide(view, level, random.Random(1)) == Pass()


def test_hint_names_the_pedro_drop() -> None:
    view = play_position(
        H,
        ["KS QS", "9C 8C", "5H 9H 4S", "7D 8D 6H"],
        [(0, "AH"), (1, "3H")],
    )
    action, (key, params) = hint(view, random.Random(0))
    assert action == Play(Card.parse("5H"))
    assert key == "hint.give_points"
    assert params == {"card": "5♥"}


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_the_dealer_outbids_the_others_with_a_strong_hand(level: str) -> None:
    # North bid 7 (in clubs, as it happened); the dealer holds five hearts to the Ace-King-Queen.
    view = bid_position("AH KH QH 10H 5H 5D KS 9C 6C", [7, None, None])
    action = decide(view, level, random.Random(1))
    assert isinstance(action, Bid) and action.amount > 7


@pytest.mark.parametrize("level", LEVELS)
def test_the_dealer_takes_trumps_free_when_everybody_passed(level: str) -> None:
    view = bid_position("AH KH QH 10H 5H 5D KS 9C 6C", [None, None, None])
    assert decide(view, level, random.Random(1)) == Pass()


@pytest.mark.parametrize("level", LEVELS)
def test_the_dealer_passes_when_the_redeals_in_a_row_are_used_up(level: str) -> None:
    """Everyone passing once more sticks the dealer at the minimum bid (rules B-3), which is
    all it would bid: so the dealer passes, as with the rule that sticks it from the start."""
    view = bid_position("AH KH QH 10H 5H 5D KS 9C 6C", [None, None, None])
    redealing = replace(view, rules=HouseRules(all_pass=AllPass.REDEAL_NEXT_DEALER))
    assert decide(redealing, level, random.Random(1)) != Pass()
    used_up = replace(redealing, hand_number=MAX_REDEALS_IN_A_ROW + 1)
    assert decide(used_up, level, random.Random(1)) == Pass()


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_contests_the_contract_when_the_others_need_one_point(level: str) -> None:
    # East-West need a single point to win the game: letting them name trumps loses it.
    view = bid_position("AH JH 9H 4H 8S 3S 10D 7D 2D", [], scores=(20, 50))
    assert isinstance(decide(view, level, random.Random(1)), Bid)


def test_easy_never_outbids_its_partner() -> None:
    view = bid_position("AH KH QH JH 10H 5H 5D 2H 4S", [6, None])
    assert decide(view, "easy", random.Random(1)) == Pass()


@pytest.mark.slow
@pytest.mark.parametrize("level", LEVELS)
def test_bids_higher_when_making_it_wins_the_game(level: str) -> None:
    # North-South need five points: as bidders they go out by making the contract, so the
    # strong hand shuts the others out with a higher bid than mid-game.
    hand = "AH KH QH 10H 5H 5D KS 9C 6C"
    mid_game = decide(bid_position(hand, [], scores=(20, 20)), level, random.Random(1))
    near_target = decide(bid_position(hand, [], scores=(46, 20)), level, random.Random(1))
    assert isinstance(mid_game, Bid) and isinstance(near_target, Bid)
    assert near_target.amount > mid_game.amount


@pytest.mark.parametrize("level", LEVELS)
def test_the_play_weighs_the_game_not_only_the_points(level: str) -> None:
    # Two tricks left; West led the Ace of spades and North (who bid 7) holds the Right Pedro.
    # Mid-game North trumps with it, hoping to bring five points home; when North-South go out
    # by making the contract, North keeps it back rather than risk it under East's Ace. Where
    # the higher trumps lie is a guess, so a few seeds' worlds advise the other card: each
    # choice is asked of most seeds, not all.
    hands = ["JC 5H", "2H AH", "8C JH", "10H"]
    trick = [(3, "AS")]
    mid_game = play_position(H, hands, trick, leader=3, scores=(0, 0))
    near_target = play_position(H, hands, trick, leader=3, scores=(44, 0))
    seeds = range(12)

    def plays(view: SeatView, card: str) -> int:
        chosen = [decide(view, level, random.Random(seed)) for seed in seeds]
        return chosen.count(Play(Card.parse(card)))

    assert plays(mid_game, "5H") >= 2 * len(seeds) // 3
    assert plays(near_target, "JC") >= 2 * len(seeds) // 3
