"""The table message's text, a player's hand text, and the texts posted with a hand's result
and shown by ``/cinch score``."""

from __future__ import annotations

import random

import pytest

from bot.engine import Game, HandResult, HouseRules, Phase, Suit
from bot.engine.random_player import random_action
from bot.engine.rules import HighLow
from bot.engine.scoring import score_sides
from bot.i18n import SUPPORTED_LOCALES, t
from bot.presentation.scenes import HandCards, Seating, hand_summary_scene
from bot.presentation.texts import (
    TextContext,
    cards_text,
    hand_result_text,
    hand_text,
    history_text,
    table_text,
)

SIDES = ((0, 2), (1, 3))
NAMES = ("alice", "bob", "carol", "dave")


def _result(
    points: tuple[int, int], contract: int = 7, before: tuple[int, int] = (20, 15)
) -> HandResult:
    """Hand 3, alice's contract in hearts, scored by the default house rules."""
    changes = tuple(score_sides(contract, 0, points, HouseRules()))
    return HandResult(
        hand_number=3,
        dealer=3,
        maker=0,
        maker_side=0,
        contract=contract,
        trump=Suit.HEARTS,
        bids=((0, contract), (1, None), (2, None), (3, None)),
        captured=(),
        points=points,
        made=points[0] >= contract,
        changes=changes,
        totals=tuple(total + change for total, change in zip(before, changes, strict=True)),
    )


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_made_hand_with_equal_points_says_why_nobody_scores(locale: str) -> None:
    equal = _result((7, 7))
    assert equal.made and equal.changes == (0, 0)
    context = TextContext(NAMES, locale)
    reason = t("text.equal_points", locale)
    assert reason in hand_result_text(equal, SIDES, context).splitlines()
    changes = " · ".join(
        t("text.side_change", locale, side=context.side(SIDES, index), change="+0", total=total)
        for index, total in enumerate((20, 15))
    )
    assert history_text([equal], SIDES, context) == [
        t("text.history_equal", locale, hand=3, changes=changes)
    ]


@pytest.mark.parametrize("points", [(8, 6), (4, 10)])
def test_a_hand_that_scores_gives_no_reason_for_nobody_scoring(points: tuple[int, int]) -> None:
    result = _result(points)
    assert any(result.changes)
    context = TextContext(NAMES, "en")
    assert "Equal points" not in hand_result_text(result, SIDES, context)
    assert "equal points" not in history_text([result], SIDES, context)[0]


def test_the_end_of_hand_picture_says_so_too_and_names_each_player_of_a_side() -> None:
    seating = Seating(NAMES, (False, True, False, True), "en")
    cards = HandCards(frozenset(), frozenset())
    equal = hand_summary_scene(_result((7, 7)), cards, seating, SIDES, HighLow.FIXED, 51, None)
    assert equal.equal_points
    assert [side.members for side in equal.sides] == [("alice", "carol"), ("bob", "dave")]
    scored = hand_summary_scene(_result((8, 6)), cards, seating, SIDES, HighLow.FIXED, 51, None)
    assert not scored.equal_points


def test_the_equal_points_hand_reads_in_english() -> None:
    text = hand_result_text(_result((7, 7)), SIDES, TextContext(NAMES, "en"))
    assert text.splitlines() == [
        "Hand 3: alice bid 7 in ♥ Hearts and made it.",
        "alice & carol took 7 · bob & dave took 7",
        "Equal points: nobody scores.",
        "alice & carol +0 → 20 · bob & dave +0 → 15",
    ]


def _playing(rules: HouseRules) -> Game:
    """A game of four at the second card of its first trick."""
    game = Game.new(rules, 4, seed=3, first_dealer=0)
    rng = random.Random(1)
    while game.phase is not Phase.PLAY or len(game.trick) < 1:
        seat = game.to_act
        game.apply(seat, random_action(game.decision(), rng))
    return game


def test_the_table_text_counts_the_cards_thrown_face_up_without_listing_them() -> None:
    """The table message is edited at every card: it says how many cards each player threw
    face up, not the twenty-odd cards themselves at every edit."""
    game = _playing(HouseRules())
    view = game.public_view()
    context = TextContext(NAMES, "en")
    piles = [(NAMES[seat], len(pile)) for seat, pile in enumerate(view.discards) if pile]
    assert sum(count for _, count in piles) >= 12
    expected = "Thrown face up: " + " · ".join(f"{name} {count} cards" for name, count in piles)
    lines = table_text(view, context).splitlines()
    assert expected in lines
    assert not {card.display for pile in view.discards for card in pile} & set(
        " ".join(lines).split()
    )


def test_a_players_hand_lists_the_cards_thrown_face_up() -> None:
    game = _playing(HouseRules())
    seat = game.to_act
    view = game.public_view()
    listed = " · ".join(
        f"{NAMES[seat]} {cards_text(pile)}" for seat, pile in enumerate(view.discards) if pile
    )
    lines = hand_text(game.view(seat), TextContext(NAMES, "en")).splitlines()
    assert f"Thrown face up: {listed}" in lines


def test_discards_kept_face_down_are_neither_counted_nor_listed() -> None:
    game = _playing(HouseRules(discards_visible=False))
    context = TextContext(NAMES, "en")
    assert "Thrown face up" not in table_text(game.public_view(), context)
    assert "Thrown face up" not in hand_text(game.view(game.to_act), context)
