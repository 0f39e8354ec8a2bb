"""What a seat reads from how the others played earlier in the hand, and how `hard` uses it."""

from __future__ import annotations

import random

import pytest

from bot.ai import decide
from bot.ai.cardplay import play_by_rules
from bot.ai.knowledge import ReadingMemo, read_knowledge
from bot.ai.sampler import sample_hands
from bot.engine import FULL_DECK, Card, Game, HouseRules, Phase, PlayDecision, Suit
from tests.ai.positions import play_position

H = Suit.HEARTS


def _excluded(view, seat: int) -> set[Card]:
    k = read_knowledge(view)
    return {k.layout.card[bit] for bit in range(52) if k.excluded[seat] >> bit & 1}


def test_the_last_seat_that_let_points_go_holds_nothing_higher() -> None:
    # West was last to North's Ten of trumps (Game) and let it go: no trump above the Ten.
    view = play_position(
        H,
        ["8S 4C", "QH 5C", "KH 6C", "9S 3C"],
        earlier=[[(0, "10H"), (1, "3H"), (2, "4H"), (3, "6H")]],
        leader=0,
    )
    assert {Card.parse(code) for code in ("QH", "KH", "AH")} <= _excluded(view, 3)
    assert Card.parse("QH") not in _excluded(view, 1)


def test_a_low_trump_lead_says_the_leader_lacks_the_highest_trump_left() -> None:
    # East led the Four of trumps while the Ace was still out: East has no Ace.
    view = play_position(
        H,
        ["8S 4C", "QH 5C", "AH 6C", "9S 3C"],
        earlier=[[(1, "4H"), (2, "3H"), (3, "6H"), (0, "7H")]],
        leader=0,
    )
    assert Card.parse("AH") in _excluded(view, 1)
    assert Card.parse("KH") not in _excluded(view, 1)


def test_a_low_trump_lead_after_the_first_trick_says_nothing_of_the_highest() -> None:
    # The same lead in the second trick: `normal` and `hard` search their leads after the
    # first, and a searched lead may keep the Ace back.
    view = play_position(
        H,
        ["8S 4C", "QH 5C", "AH 6C", "9S 3C"],
        earlier=[
            [(1, "KS"), (2, "2S"), (3, "3S"), (0, "4S")],
            [(1, "4H"), (2, "3H"), (3, "6H"), (0, "7H")],
        ],
        leader=0,
    )
    assert Card.parse("AH") not in _excluded(view, 1)


def test_no_pedro_dropped_on_a_partners_sure_trick_means_no_pedro() -> None:
    # North led the Ace of trumps; South followed with the Three rather than a Pedro.
    view = play_position(
        H,
        ["8S 4C", "5H 5C", "QH 6C", "9S 3C"],
        earlier=[[(0, "AH"), (1, "3H"), (2, "4H"), (3, "6H")]],
        leader=0,
    )
    assert {Card.parse("5H"), Card.parse("5D")} <= _excluded(view, 2)


def test_a_trick_taken_later_in_it_was_not_sure_when_the_partner_played() -> None:
    # North led the King of trumps; South followed with the Four, West then took it with the Ace.
    # When South played, the Ace was still out: North's King was not sure, so South may hold a
    # Pedro it kept back.
    view = play_position(
        H,
        ["8S 4C", "QH 5C", "5H 6C", "9S 3C"],
        earlier=[[(0, "KH"), (1, "3H"), (2, "4H"), (3, "AH")]],
        leader=3,
    )
    assert not {Card.parse("5H"), Card.parse("5D")} & _excluded(view, 2)


def test_hards_worlds_put_the_king_where_the_play_showed_it() -> None:
    # West let North's Ten of trumps go earlier, so no world North samples gives West the King
    # of trumps.
    view = play_position(
        H,
        ["JH 4H 8S", "KH 5C 9C", "QH 6C 7C", "9S 3C 4D"],
        earlier=[[(0, "10H"), (1, "3H"), (2, "2H"), (3, "6H")]],
        leader=0,
    )
    k = read_knowledge(view)
    king = 1 << k.layout.bit[Card.parse("KH")]
    rng = random.Random(3)
    assert not any(sample_hands(k, rng)[3] & king for _ in range(50))


@pytest.mark.slow
@pytest.mark.parametrize("discards_visible", [True, False])
def test_a_memo_kept_through_a_hand_reads_every_view_as_a_fresh_reading_does(
    discards_visible: bool,
) -> None:
    # The playouts keep the reading of the completed tricks from one card to the next, shared by
    # the seats that see the same cards out of play (all of them when discards are face up);
    # what a seat knows must be exactly what reading the whole view again gives, at every card.
    rules = HouseRules(discards_visible=discards_visible)
    compared = 0
    for seed in range(12):
        deck = list(FULL_DECK)
        random.Random(seed).shuffle(deck)
        game = Game.from_deck(deck, seed % 4, rules, 4, seed=seed)
        while game.phase is not Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, decide(game.view(seat), "normal", random.Random(seed)))
        memo = ReadingMemo()
        while game.phase is Phase.PLAY:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            assert read_knowledge(view, memo=memo) == read_knowledge(view)
            assert isinstance(view.decision, PlayDecision)
            game.apply(seat, play_by_rules(view, view.decision))
            compared += 1
    assert compared >= 12 * 20
