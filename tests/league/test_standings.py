"""Tournament standings: 2 points a win, 1 a draw, a bye counts as a win; ties broken by the
Buchholz score, then the point difference, then the seed; and the rule that decides a match the
deadline stopped."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.league.standings import DRAW, WIN, Played, decide, standings


def test_match_points_then_buchholz_then_difference_then_seed() -> None:
    seeds = ["a", "b", "c", "d"]
    matches = [
        Played(("a",), ("b",), (51, 30), 0),
        Played(("c",), ("d",), (40, 40), None),
        Played(("a",), ("c",), (51, 45), 0),
        Played(("b",), ("d",), (51, 20), 0),
    ]
    table = standings(seeds, matches)
    assert [row.entrant for row in table] == ["a", "b", "c", "d"]
    a, b, c, d = table
    assert (a.points, a.wins, a.played) == (2 * WIN, 2, 2) and b.points == WIN
    assert (c.points, c.draws) == (DRAW, 1) and (d.points, d.draws) == (DRAW, 1)
    # c and d are level on points: c met a and d (4 + 1), d met c and b (1 + 2).
    assert (c.buchholz, d.buchholz) == (5, 3)
    assert a.difference == 21 + 6


def test_a_bye_is_a_win_that_makes_no_difference_and_no_buchholz() -> None:
    table = standings(["a", "b", "c"], [Played(("a",), ("b",), (51, 10), 0), Played(("c",), None)])
    rows = {row.entrant: row for row in table}
    assert (rows["c"].points, rows["c"].byes, rows["c"].played) == (WIN, 1, 0)
    assert rows["c"].difference == 0 and rows["c"].buchholz == 0
    # Level with a: the Buchholz (a met b, 0 points) then the difference (41 against 0).
    assert [row.entrant for row in table] == ["a", "c", "b"]


def test_equal_on_everything_the_better_seed_comes_first() -> None:
    table = standings(["x", "y"], [])
    assert [row.entrant for row in table] == ["x", "y"]


def test_with_rotating_partners_each_player_counts_their_sides_result() -> None:
    seeds = [1, 2, 3, 4, 5]
    matches = [Played((1, 4), (2, 3), (51, 33), 0), Played((5, None), (None, None), (20, 51), 1)]
    rows = {row.entrant: row for row in standings(seeds, matches)}
    assert rows[1].points == rows[4].points == WIN
    assert rows[2].points == rows[3].points == 0
    assert rows[1].opponents == [2, 3]
    # Computer players are in nobody's Buchholz, and take no place.
    assert rows[5].opponents == [] and rows[5].losses == 1
    assert set(rows) == set(seeds)


@given(
    st.lists(
        st.tuples(st.integers(0, 5), st.integers(0, 5), st.integers(0, 60), st.integers(0, 60)),
        max_size=30,
    )
)
def test_points_are_what_the_results_give(results: list[tuple[int, int, int, int]]) -> None:
    seeds = list(range(6))
    matches = [Played((a,), (b,), (x, y), decide((x, y))) for a, b, x, y in results if a != b]
    table = standings(seeds, matches)
    assert sorted(row.entrant for row in table) == seeds
    for row in table:
        assert row.points == WIN * row.wins + DRAW * row.draws + WIN * row.byes
        assert row.played == row.wins + row.draws + row.losses
    # Every game's difference cancels out, and a draw is counted for both sides.
    assert sum(row.difference for row in table) == 0
    assert sum(row.points for row in table) == 2 * len(matches)
    # Best first: never a row behind one it beats on points.
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)


def test_a_match_stopped_goes_to_the_side_ahead_or_is_drawn() -> None:
    assert decide((30, 22)) == 0 and decide((12, 40)) == 1
    assert decide((25, 25)) is None
    # In single elimination a draw cannot stand: the better seed goes through.
    assert decide((25, 25), better_seed=1) == 1
    assert decide((0, 0), better_seed=0) == 0
