"""Matchpoints: the share of the others' results a result beats, ties half; a day's standings
and the deal that separated players most."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.daily.matchpoints import ALONE, matchpoints, standings, widest_deal


def test_beating_everyone_scores_all_and_losing_to_everyone_nothing():
    assert matchpoints(5, [1, 2, 3]) == 1.0
    assert matchpoints(-17, [1, 2, 3]) == 0.0


def test_a_tie_counts_half():
    assert matchpoints(3, [3, 1]) == pytest.approx(0.75)
    assert matchpoints(3, [3]) == 0.5


def test_a_player_alone_on_a_deal_gets_half():
    assert matchpoints(9, []) == ALONE == 0.5


scores_of_a_deal = st.lists(st.integers(-30, 30), min_size=2, max_size=12)


@given(scores_of_a_deal)
def test_the_matchpoints_of_a_deal_share_out_half_a_point_a_player(scores):
    """Each pair of players shares one point between them, so n players share n(n-1)/2
    points, over n-1 others each: n/2 in all."""
    total = sum(
        matchpoints(score, scores[:index] + scores[index + 1 :])
        for index, score in enumerate(scores)
    )
    assert total == pytest.approx(len(scores) / 2)


@given(scores_of_a_deal)
def test_a_better_score_never_gets_fewer_matchpoints(scores):
    ranked = sorted(
        (score, matchpoints(score, scores[:index] + scores[index + 1 :]))
        for index, score in enumerate(scores)
    )
    shares = [share for _, share in ranked]
    assert shares == sorted(shares)


def test_standings_average_the_deals_and_a_deal_not_played_counts_nothing():
    table = standings({"ann": {0: 5, 1: 3}, "bob": {0: 1, 1: 3}, "cy": {0: 9}}, deals=2)
    by_player = {row.player: row for row in table}
    assert by_player["ann"].matchpoints == (0.5, 0.5)
    assert by_player["ann"].share == pytest.approx(0.5)
    assert by_player["bob"].matchpoints == (0.0, 0.5)
    assert by_player["cy"].matchpoints == (1.0, None)
    assert by_player["cy"].share == pytest.approx(0.5)
    # Equal shares: the higher total first.
    assert [row.player for row in table] == ["cy", "ann", "bob"]  # 9 points to 8
    assert [row.rank for row in table] == [1, 2, 3]


def test_equal_shares_and_totals_share_a_rank():
    table = standings({"ann": {0: 2}, "bob": {0: 2}, "cy": {0: -4}}, deals=1)
    assert [row.rank for row in table] == [1, 1, 3]


@given(
    st.dictionaries(
        st.text(min_size=1, max_size=3),
        st.dictionaries(st.integers(0, 3), st.integers(-20, 20)),
        min_size=1,
        max_size=8,
    )
)
def test_standings_are_ranked_best_first_with_shares_between_nothing_and_all(scores):
    table = standings(scores, deals=4)
    assert sorted(row.player for row in table) == sorted(scores)
    assert all(0.0 <= row.share <= 1.0 for row in table)
    keys = [(row.share, row.total) for row in table]
    assert keys == sorted(keys, reverse=True)
    assert all(a.rank <= b.rank for a, b in itertools.pairwise(table))


def test_equal_percentages_summed_in_another_order_are_equal_and_the_total_decides():
    """Ann's 1/3 then 1/2 and dave's 1/2 then 1/3 are the same 5/12: dave's higher total puts
    him above her (in floating point the two sums differ in the last bit, and ann came first)."""
    scores = {
        "ann": {0: -3, 1: 2},
        "bob": {0: -1, 1: 2},
        "cy": {0: 2, 1: 1},
        "dave": {0: 0, 1: 1},
    }
    table = standings(scores, deals=2)
    by_player = {row.player: row for row in table}
    assert by_player["ann"].share == by_player["dave"].share == Fraction(5, 12)
    assert [row.player for row in table] == ["cy", "bob", "dave", "ann"]
    assert [row.rank for row in table] == [1, 2, 3, 4]


def _percentage_by_pairs(scores: dict[str, dict[int, int]], player: str, deals: int) -> Fraction:
    """The day's percentage counted pair by pair: on each deal, one point shared with every
    other player of it (all to the higher score, half each on a tie)."""
    total = Fraction(0)
    for deal in range(deals):
        if deal not in scores[player]:
            continue
        mine = scores[player][deal]
        others = [
            played[deal] for name, played in scores.items() if name != player and deal in played
        ]
        if not others:
            total += Fraction(1, 2)
            continue
        beaten = sum(mine > other for other in others)
        tied = sum(mine == other for other in others)
        total += (beaten + Fraction(tied, 2)) / len(others)
    return total / deals


@given(
    st.dictionaries(
        st.sampled_from("abcdefgh"),
        st.dictionaries(st.integers(0, 3), st.integers(-6, 6), min_size=1),
        min_size=2,
        max_size=8,
    )
)
def test_places_follow_the_exact_percentage_then_the_total(scores):
    table = standings(scores, deals=4)
    for row in table:
        assert row.share == _percentage_by_pairs(scores, row.player, 4)
    keys = [(_percentage_by_pairs(scores, row.player, 4), row.total) for row in table]
    assert keys == sorted(keys, reverse=True)
    for above, below in itertools.pairwise(zip(table, keys, strict=True)):
        assert (above[0].rank == below[0].rank) == (above[1] == below[1])


def test_the_widest_deal_is_the_one_with_the_widest_range_of_scores():
    scores = {"ann": {0: 3, 1: 9}, "bob": {0: 2, 1: -17}, "cy": {0: 1}}
    assert widest_deal(scores, deals=2) == 1


def test_no_deal_separates_players_who_all_scored_alike_or_played_alone():
    assert widest_deal({"ann": {0: 3}, "bob": {0: 3}}, deals=1) is None
    assert widest_deal({"ann": {0: 3, 1: 2}}, deals=2) is None
