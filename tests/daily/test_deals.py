"""The day's deals: the same for everyone, different each deal and day, unknown without the
secret; the dealer moving round; a deal's end and its score, for both sides."""

from __future__ import annotations

import itertools
import random
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.daily.deals import (
    DEALS_PER_DAY,
    PLAYER_SEAT,
    Deal,
    deal_score,
    deal_start,
    dealer_of,
)
from bot.engine import FULL_DECK, HandResult, Suit, random_action
from tests.examples import examples

DAY = date(2026, 3, 4)


def cards_of(secret: str, day: date, deal: int) -> tuple[tuple[str, ...], ...]:
    game = deal_start(secret, day, deal)
    return tuple(tuple(card.code for card in hand) for hand in game.hands)


def test_the_same_secret_day_and_deal_give_the_same_cards_to_everyone():
    assert cards_of("s", DAY, 0) == cards_of("s", DAY, 0)


def test_each_deal_each_day_and_each_secret_deals_other_cards():
    seen = {
        cards_of(secret, day, deal)
        for secret in ("s", "t")
        for day in (DAY, date(2026, 3, 5))
        for deal in range(DEALS_PER_DAY)
    }
    assert len(seen) == 2 * 2 * DEALS_PER_DAY


def test_a_day_has_its_deals_only():
    with pytest.raises(ValueError):
        deal_start("s", DAY, DEALS_PER_DAY)


def test_the_dealer_moves_left_each_deal_and_the_player_deals_the_last():
    dealers = [dealer_of(deal) for deal in range(DEALS_PER_DAY)]
    assert sorted(dealers) == [0, 1, 2, 3]
    assert [(b - a) % 4 for a, b in itertools.pairwise(dealers)] == [1, 1, 1]
    assert dealers[-1] == PLAYER_SEAT
    assert deal_start("s", DAY, 0).dealer == dealers[0]


@examples(40)
@given(deal=st.integers(0, DEALS_PER_DAY - 1), seed=st.integers(0, 2**32))
def test_a_deal_played_to_its_end_keeps_how_it_ended(deal: int, seed: int):
    rng = random.Random(seed)
    played = Deal(deal_start("secret", DAY, deal))
    while not played.over:
        seat = played.to_act
        assert seat is not None
        decision = played.game.view(seat).decision
        assert decision is not None
        played.apply(seat, random_action(decision, rng))
    end = played.end
    assert end is not None and played.to_act is None
    result = end.result
    assert result.hand_number == 1 and played.game.hand_number == 2
    assert end.last_trick.cards and end.played.isdisjoint(end.dead)
    assert end.played | end.dead <= set(FULL_DECK)
    # Two sides: what one side wins on a deal the other loses.
    sides = played.game.sides
    assert deal_score(result, PLAYER_SEAT, sides) == -deal_score(result, 1, sides)
    assert deal_score(result, PLAYER_SEAT, sides) == deal_score(result, 0, sides)
    with pytest.raises(ValueError):
        played.apply(0, random_action(played.game.view(played.game.to_act or 0).decision, rng))  # type: ignore[arg-type]


def test_a_deal_replayed_from_its_actions_is_the_same_deal():
    rng = random.Random(3)
    played = Deal(deal_start("s", DAY, 1))
    while not played.over:
        seat = played.to_act
        assert seat is not None
        decision = played.game.view(seat).decision
        assert decision is not None
        played.apply(seat, random_action(decision, rng))
    again = Deal.replayed(deal_start("s", DAY, 1), played.game.log)
    assert again.end == played.end


def result(changes: tuple[int, int]) -> HandResult:
    return HandResult(
        hand_number=1,
        dealer=3,
        maker=0,
        maker_side=0,
        contract=7,
        trump=Suit.HEARTS,
        bids=((0, 7), (1, None), (2, None), (3, None)),
        captured=(),
        points=(9, 5),
        made=changes[0] > 0,
        changes=changes,
        totals=changes,
    )


@pytest.mark.parametrize(
    ("changes", "south", "east"),
    [((4, 0), 4, -4), ((0, 17), -17, 17), ((0, 0), 0, 0)],
)
def test_a_deal_is_worth_a_sides_change_less_the_others(changes, south, east):
    sides = ((0, 2), (1, 3))
    assert deal_score(result(changes), PLAYER_SEAT, sides) == south
    assert deal_score(result(changes), 1, sides) == east
