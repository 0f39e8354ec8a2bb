"""Tournament pairings: Swiss rounds without repeats while avoidable and byes to the lowest
without one; an elimination bracket where the top seeds have the byes and meet last; tables of
four where nobody partners the same player twice while it can be avoided."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.league.pairing import (
    bracket_order,
    bracket_size,
    elimination_rounds,
    first_bracket_round,
    first_swiss_round,
    met_before,
    next_bracket_round,
    rotating_round,
    swiss_round,
)


def perfect_matching_exists(players: list[int], met: set[frozenset[int]]) -> bool:
    """Brute force: whether ``players`` can be paired with no pair that met."""
    if not players:
        return True
    first, rest = players[0], players[1:]
    return any(
        frozenset((first, other)) not in met
        and perfect_matching_exists([p for p in rest if p != other], met)
        for other in rest
    )


def play_swiss(
    entrants: int, rounds: int, seed: int
) -> list[tuple[tuple[tuple[int, int], ...], int | None]]:
    """``rounds`` rounds of ``entrants``, standings shuffled between rounds by ``seed``."""
    import random

    rng = random.Random(seed)
    order = list(range(entrants))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    played = []
    for _ in range(rounds):
        result = swiss_round(order, met, byes)
        played.append((result.pairs, result.bye))
        met |= met_before(result.pairs)
        if result.bye is not None:
            byes.add(result.bye)
        rng.shuffle(order)
    return played


@given(st.integers(2, 12), st.integers(1, 6), st.integers(0, 1000))
@settings(max_examples=60, deadline=None)
def test_every_entrant_plays_once_a_round(entrants: int, rounds: int, seed: int) -> None:
    for pairs, bye in play_swiss(entrants, rounds, seed):
        seated = [entrant for pair in pairs for entrant in pair] + (
            [bye] if bye is not None else []
        )
        assert sorted(seated) == list(range(entrants))
        assert (bye is not None) == (entrants % 2 == 1)


@given(st.integers(2, 10), st.integers(1, 5), st.integers(0, 1000))
@settings(max_examples=60, deadline=None)
def test_no_pairing_repeats_while_a_round_without_repeats_exists(
    entrants: int, rounds: int, seed: int
) -> None:
    import random

    rng = random.Random(seed)
    order = list(range(entrants))
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for _ in range(rounds):
        result = swiss_round(order, met, byes)
        # Nobody gets a second bye while someone has none: the bye is among those.
        without_bye = [entrant for entrant in order if entrant not in byes] or order
        avoidable = any(
            perfect_matching_exists([p for p in order if p != bye], met)
            for bye in ([None] if entrants % 2 == 0 else without_bye)
        )
        repeats = [pair for pair in result.pairs if frozenset(pair) in met]
        if avoidable:
            assert repeats == []
        met |= met_before(result.pairs)
        if result.bye is not None:
            byes.add(result.bye)
        rng.shuffle(order)


def test_the_bye_goes_to_the_lowest_placed_without_one() -> None:
    order = [1, 2, 3, 4, 5]
    assert swiss_round(order, set(), set()).bye == 5
    assert swiss_round(order, set(), {5}).bye == 4
    assert swiss_round(order, set(), {4, 5}).bye == 3
    # Everyone had one: the lowest placed again.
    assert swiss_round(order, set(), set(order)).bye == 5


@given(st.integers(3, 11).filter(lambda n: n % 2), st.integers(1, 4), st.integers(0, 1000))
@settings(max_examples=50, deadline=None)
def test_nobody_has_two_byes_while_someone_has_none(entrants: int, rounds: int, seed: int) -> None:
    byes = Counter(bye for _, bye in play_swiss(entrants, min(rounds, entrants), seed))
    assert max(byes.values()) == 1


def test_entrants_meet_the_nearest_below_them_they_have_not_met() -> None:
    result = swiss_round([1, 2, 3, 4, 5, 6], {frozenset((1, 2))}, set())
    assert result.pairs == ((1, 3), (2, 4), (5, 6))


def test_the_first_round_sets_the_top_half_against_the_bottom_half() -> None:
    assert first_swiss_round([1, 2, 3, 4]).pairs == ((1, 3), (2, 4))
    first = first_swiss_round([1, 2, 3, 4, 5])
    assert first.pairs == ((1, 3), (2, 4)) and first.bye == 5


# ------------------------------------------------------------------ single elimination


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32])
def test_the_best_two_seeds_meet_only_in_the_final(size: int) -> None:
    order = bracket_order(size)
    assert sorted(order) == list(range(1, size + 1))
    half = size // 2
    assert 1 in order[:half] and 2 in order[half:]
    # Every first-round match adds up to size + 1: seed 1 meets the last seed.
    assert {order[i] + order[i + 1] for i in range(0, size, 2)} == {size + 1}


@given(st.integers(2, 40))
def test_byes_go_to_the_top_seeds(entrants: int) -> None:
    seeds = [f"seed {n}" for n in range(1, entrants + 1)]
    matches = first_bracket_round(seeds)
    size = bracket_size(entrants)
    assert len(matches) == size // 2
    with_byes = {top for top, bottom in matches if bottom is None}
    assert with_byes == set(seeds[: size - entrants])
    seated = [player for match in matches for player in match if player is not None]
    assert sorted(seated) == sorted(seeds)
    assert elimination_rounds(entrants) == size.bit_length() - 1


def test_the_winners_of_neighbouring_matches_meet_next() -> None:
    assert next_bracket_round(["a", "b", "c", "d"]) == [("a", "b"), ("c", "d")]


# ------------------------------------------------------------------ rotating partners


def play_rotating(players: int, rounds: int, seed: int):
    import random

    rng = random.Random(seed)
    order = list(range(players))
    partnered: set[frozenset[int]] = set()
    opposed: set[frozenset[int]] = set()
    with_computers: set[int] = set()
    played = []
    for _ in range(rounds):
        tables = rotating_round(order, partnered, opposed, with_computers)
        played.append(tables)
        for (a, b), (c, d) in tables:
            for pair in ((a, b), (c, d)):
                if None not in pair:
                    partnered.add(frozenset(pair))
            opposed |= {
                frozenset((x, y)) for x in (a, b) for y in (c, d) if x is not None and y is not None
            }
            if None in (a, b, c, d):
                with_computers |= {p for p in (a, b, c, d) if p is not None}
        rng.shuffle(order)
    return played


@given(st.integers(4, 20), st.integers(1, 3), st.integers(0, 1000))
@settings(max_examples=40, deadline=None)
def test_everyone_sits_once_a_round_and_only_one_table_has_computers(
    players: int, rounds: int, seed: int
) -> None:
    for tables in play_rotating(players, rounds, seed):
        seated = [p for table in tables for pair in table for p in pair if p is not None]
        assert sorted(seated) == list(range(players))
        with_computers = [table for table in tables if None in table[0] + table[1]]
        assert len(with_computers) == (1 if players % 4 else 0)


@given(st.sampled_from([8, 12, 16]), st.integers(0, 1000))
@settings(max_examples=30, deadline=None)
def test_nobody_partners_the_same_player_twice_over_three_rounds(players: int, seed: int) -> None:
    partners = Counter(
        frozenset(pair)
        for tables in play_rotating(players, 3, seed)
        for table in tables
        for pair in table
        if None not in pair
    )
    assert max(partners.values()) == 1


def test_a_table_takes_neighbours_in_the_standings_the_first_with_the_fourth() -> None:
    tables = rotating_round([1, 2, 3, 4, 5, 6, 7, 8], set(), set())
    assert tables == [((1, 4), (2, 3)), ((5, 8), (6, 7))]


def test_one_to_three_left_over_sit_with_computer_players() -> None:
    tables = rotating_round([1, 2, 3, 4, 5, 6], set(), set())
    assert tables[-1] == ((5, 6), (None, None))
    # The next time, others sit with the computers.
    later = rotating_round([1, 2, 3, 4, 5, 6], set(), set(), {5, 6})
    assert set(later[-1][0]) == {3, 4}


def test_a_small_pool_rotates_every_partner() -> None:
    # Four players: three rounds give each of them every other as a partner once.
    partners = Counter(
        frozenset(pair) for tables in play_rotating(4, 3, 0) for table in tables for pair in table
    )
    assert set(partners) == {frozenset(pair) for pair in combinations(range(4), 2)}
    assert set(partners.values()) == {1}
    assert len(list(permutations(range(4)))) == 24
