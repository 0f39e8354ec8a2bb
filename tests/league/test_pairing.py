"""Tournament pairings: Swiss rounds without repeats while avoidable and byes to the lowest
without one; an elimination bracket where the top seeds have the byes and meet last; tables of
four where nobody partners the same player twice while it can be avoided."""

from __future__ import annotations

import functools
import random
from collections import Counter
from itertools import combinations, permutations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.league.pairing import (
    Meetings,
    RoundSearch,
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
from tests.examples import examples


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
@examples(60)
def test_every_entrant_plays_once_a_round(entrants: int, rounds: int, seed: int) -> None:
    for pairs, bye in play_swiss(entrants, rounds, seed):
        seated = [entrant for pair in pairs for entrant in pair] + (
            [bye] if bye is not None else []
        )
        assert sorted(seated) == list(range(entrants))
        assert (bye is not None) == (entrants % 2 == 1)


@given(st.integers(2, 10), st.integers(1, 5), st.integers(0, 1000))
@examples(60)
def test_no_pairing_repeats_while_a_round_without_repeats_exists(
    entrants: int, rounds: int, seed: int
) -> None:
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
@examples(50)
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
    rng = random.Random(seed)
    order = list(range(players))
    met: Meetings[int] = Meetings()
    played = []
    for _ in range(rounds):
        tables = rotating_round(order, met.partnered, met.opposed, met.with_computers)
        played.append(tables)
        for side_a, side_b in tables:
            met.add(side_a, side_b)
        rng.shuffle(order)
    return played


@given(st.integers(4, 20), st.integers(1, 3), st.integers(0, 1000))
@examples(40)
def test_everyone_sits_once_a_round_and_only_one_table_has_computers(
    players: int, rounds: int, seed: int
) -> None:
    for tables in play_rotating(players, rounds, seed):
        seated = [p for table in tables for pair in table for p in pair if p is not None]
        assert sorted(seated) == list(range(players))
        with_computers = [table for table in tables if None in table[0] + table[1]]
        assert len(with_computers) == (1 if players % 4 else 0)


@given(st.sampled_from([8, 12, 16]), st.integers(0, 1000))
@examples(30)
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


def seating_repeats(tables, partnered, opposed) -> tuple[int, int]:
    """A round's partnerships that played together before, then its pairs of opponents who
    met before."""
    partners = sum(frozenset(pair) in partnered for table in tables for pair in table)
    opponents = sum(
        frozenset((x, y)) in opposed for (a, b), (c, d) in tables for x in (a, b) for y in (c, d)
    )
    return partners, opponents


def fewest_repeats(players: tuple[int, ...], partnered, opposed) -> tuple[int, int]:
    """The fewest (partner repeats, opponent repeats) of any round of ``players``: every way
    to seat them, the first player's table then the best of the rest (remembered by who is
    left)."""

    @functools.cache
    def best(left: frozenset[int]) -> tuple[int, int]:
        if not left:
            return (0, 0)
        first = min(left)
        found = []
        for a, b, c in combinations(sorted(left - {first}), 3):
            rest = best(left - {first, a, b, c})
            for table in (((first, c), (a, b)), ((first, b), (a, c)), ((first, a), (b, c))):
                partners, opponents = seating_repeats([table], partnered, opposed)
                found.append((partners + rest[0], opponents + rest[1]))
        return min(found)

    return best(frozenset(players))


def random_history(players: int, rounds: int, rng: random.Random):
    """Who partnered and opposed whom over ``rounds`` rounds seated at random."""
    partnered: set[frozenset[int]] = set()
    opposed: set[frozenset[int]] = set()
    for _ in range(rounds):
        order = list(range(players))
        rng.shuffle(order)
        for a, b, c, d in zip(*[iter(order[: players - players % 4])] * 4, strict=True):
            partnered |= {frozenset((a, b)), frozenset((c, d))}
            opposed |= {frozenset((x, y)) for x in (a, b) for y in (c, d)}
    return partnered, opposed


@given(st.sampled_from([8, 12]), st.integers(0, 8), st.integers(0, 10**6))
@examples(60)
def test_a_round_has_the_fewest_partner_then_opponent_repeats_of_any_round(
    players: int, rounds: int, seed: int
) -> None:
    rng = random.Random(seed)
    partnered, opposed = random_history(players, rounds, rng)
    order = list(range(players))
    rng.shuffle(order)
    search = RoundSearch(order, partnered, opposed)
    tables = search.tables()
    assert search.finished
    assert sorted(p for table in tables for pair in table for p in pair) == list(range(players))
    found = seating_repeats(tables, partnered, opposed)
    assert found == fewest_repeats(tuple(order), partnered, opposed)
    assert rotating_round(order, partnered, opposed) == tables


def test_ten_players_meet_nobody_again_in_round_two_when_a_round_allows_it() -> None:
    """Round 1 by seed, then the standings below: tables filled from the top one at a time
    sat 0 with 2 and 1 with 3 against each other again, where a round with no repeat exists."""
    partnered: set[frozenset[int]] = set()
    opposed: set[frozenset[int]] = set()
    first = rotating_round(list(range(10)), partnered, opposed)
    assert first == [((0, 3), (1, 2)), ((4, 7), (5, 6)), ((8, 9), (None, None))]
    for (a, b), (c, d) in first[:2]:
        partnered |= {frozenset((a, b)), frozenset((c, d))}
        opposed |= {frozenset((x, y)) for x in (a, b) for y in (c, d)}
    partnered.add(frozenset((8, 9)))
    second = rotating_round([4, 9, 7, 8, 0, 1, 3, 2, 5, 6], partnered, opposed, {8, 9})
    assert seating_repeats(second[:2], partnered, opposed) == (0, 0)
    # The two lowest placed who have not sat with computer players do now; they partnered
    # each other in round 1, so they oppose each other.
    assert second[2] == ((5, None), (6, None))
