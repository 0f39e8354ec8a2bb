"""Puzzle ratings: Elo between a person and a puzzle."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.puzzles.ratings import PERSON_K, PUZZLE_K, START, expected, rated

ratings = st.floats(min_value=600, max_value=2600)


def test_equal_ratings_expect_an_even_chance_and_move_by_half_the_factor():
    assert expected(START, START) == 0.5
    assert rated(START, START, True) == (START + PERSON_K / 2, START - PUZZLE_K / 2)
    assert rated(START, START, False) == (START - PERSON_K / 2, START + PUZZLE_K / 2)


def test_four_hundred_points_above_is_ten_to_one():
    assert expected(1900, 1500) == pytest.approx(10 / 11)


@given(ratings, ratings)
def test_solving_raises_the_person_and_lowers_the_puzzle_and_missing_the_reverse(person, puzzle):
    solved_person, solved_puzzle = rated(person, puzzle, True)
    missed_person, missed_puzzle = rated(person, puzzle, False)
    assert solved_person > person > missed_person
    assert solved_puzzle < puzzle < missed_puzzle
    # What one gains the other loses, each by its own factor.
    assert (solved_person - person) / PERSON_K == pytest.approx((puzzle - solved_puzzle) / PUZZLE_K)


@given(ratings, ratings, st.floats(min_value=1, max_value=400))
def test_solving_a_harder_puzzle_gains_more(person, easier, gap):
    # At least a rating point harder: two ratings a rounding error apart gain the same.
    harder = easier + gap
    assert rated(person, harder, True)[0] - person > rated(person, easier, True)[0] - person
