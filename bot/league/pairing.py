"""Who plays whom in a tournament's round: Swiss pairings, an elimination bracket, and tables of
four with rotating partners. Pure: entrants in, pairings out; the same inputs always give the
same round.

- **Swiss** (pairs with fixed partners): the entrants in their standings' order, each meets the
  nearest below them whom they have not met yet. No pairing repeats while a round without repeats
  exists; when none does, as few repeats as possible. With an odd number, one entrant has a
  bye: nobody has a second one while someone has had none, and among those the lowest placed
  whose bye leaves the others a round without repeats (if none does, the lowest placed).
- **Single elimination**: a bracket of the next power of two; seed 1 meets the last seed, and the
  first two seeds can only meet in the final. The missing entrants are byes, which go to the top
  seeds. Each later round pairs the winners of two neighbouring matches.
- **Rotating partners** (individuals): tables of four, two partnerships each. Nobody partners the
  same player twice while that can be avoided, then as few people as possible meet the same
  opponents again; a table takes players close in the standings, the first with the fourth
  against the second and third. Players that do not make a table of four (one to three) sit
  together at a last table with computer players, the lowest placed who have not sat there yet.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import combinations
from typing import Generic, TypeVar

E = TypeVar("E", bound=Hashable)

#: Branches a search may visit before it settles for what it has: far above what a club's
#: tournament needs (it finds a round in a few hundred), so that no round ever hangs the bot.
SEARCH_BUDGET = 200_000
#: How far down the standings a table looks for its players.
TABLE_WINDOW = 7


def met_before(history: Sequence[tuple[E, E]]) -> set[frozenset[E]]:
    """The pairs that have met, from the pairings of earlier rounds."""
    return {frozenset(pair) for pair in history}


@dataclass(frozen=True, slots=True)
class SwissRound(Generic[E]):
    pairs: tuple[tuple[E, E], ...]
    bye: E | None = None


class _Budget:
    """Counts a search's branches; past :data:`SEARCH_BUDGET` it stops looking further."""

    def __init__(self) -> None:
        self.left = SEARCH_BUDGET

    def spend(self) -> bool:
        self.left -= 1
        return self.left >= 0


def _pairings(
    order: tuple[E, ...], met: set[frozenset[E]], repeats: int, budget: _Budget, failed: set
) -> list[tuple[E, E]] | None:
    """Pair ``order`` (best first), each with the nearest they may meet, using at most
    ``repeats`` pairings that met before; None when that cannot be done."""
    if not order:
        return []
    key = (order, repeats)
    if key in failed or not budget.spend():
        return None
    first, rest = order[0], order[1:]
    for index, other in enumerate(rest):
        cost = frozenset((first, other)) in met
        if cost > repeats:
            continue
        remaining = rest[:index] + rest[index + 1 :]
        found = _pairings(remaining, met, repeats - cost, budget, failed)
        if found is not None:
            return [(first, other), *found]
    failed.add(key)
    return None


def swiss_round(
    order: Sequence[E], met: set[frozenset[E]], had_bye: AbstractSet[E] = frozenset()
) -> SwissRound[E]:
    """The next Swiss round of ``order`` (the standings, best first)."""
    entrants = tuple(order)
    if len(entrants) < 2:
        return SwissRound((), entrants[0] if entrants else None)
    if len(entrants) % 2 == 0:
        candidates: list[E | None] = [None]
    else:
        without = [entrant for entrant in reversed(entrants) if entrant not in had_bye]
        candidates = list(without or reversed(entrants))
    budget = _Budget()
    for repeats in range(len(entrants) // 2 + 1):
        for bye in candidates:
            rest = tuple(entrant for entrant in entrants if entrant != bye)
            pairs = _pairings(rest, met, repeats, budget, set())
            if pairs is not None:
                return SwissRound(tuple(pairs), bye)
    # Past the budget: the nearest neighbours, whatever they met.
    bye = candidates[0]
    rest = tuple(entrant for entrant in entrants if entrant != bye)
    return SwissRound(tuple(zip(rest[::2], rest[1::2], strict=True)), bye)


def first_swiss_round(seeds: Sequence[E]) -> SwissRound[E]:
    """The first round: the top half meets the bottom half, seed 1 the first seed below the
    middle (the lowest seed has the bye with an odd number)."""
    entrants = list(seeds)
    bye = entrants.pop() if len(entrants) % 2 else None
    half = len(entrants) // 2
    return SwissRound(tuple(zip(entrants[:half], entrants[half:], strict=True)), bye)


# ------------------------------------------------------------------ single elimination


def bracket_size(entrants: int) -> int:
    """The bracket's places: the smallest power of two that holds everyone."""
    size = 1
    while size < entrants:
        size *= 2
    return size


def elimination_rounds(entrants: int) -> int:
    """How many rounds a bracket of ``entrants`` takes to one winner."""
    return max(1, bracket_size(entrants).bit_length() - 1)


def bracket_order(size: int) -> list[int]:
    """The seeds (1 first) in the order of a bracket's places, so that the best two seeds can
    only meet in the final, the best four in the semi-finals, and so on."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [place for seed in order for place in (seed, total - seed)]
    return order


def first_bracket_round(seeds: Sequence[E]) -> list[tuple[E, E | None]]:
    """The first round's matches in bracket order: a seed without an opponent has a bye."""
    size = bracket_size(len(seeds))
    places = [seeds[seed - 1] if seed <= len(seeds) else None for seed in bracket_order(size)]
    matches = []
    for top, bottom in zip(places[::2], places[1::2], strict=True):
        assert top is not None, "a bye never meets a bye: the top seeds are all there"
        matches.append((top, bottom))
    return matches


def next_bracket_round(winners: Sequence[E]) -> list[tuple[E, E]]:
    """The next round: the winners of matches 1 and 2 meet, of 3 and 4, and so on."""
    return list(zip(winners[::2], winners[1::2], strict=True))


# ------------------------------------------------------------------ rotating partners

Partnership = tuple[E | None, E | None]
#: One table: two partnerships; None is a computer player.
Table = tuple[Partnership[E], Partnership[E]]


def _splits(four: Sequence[E]) -> Iterator[Table[E]]:
    """The three ways four players split into two partnerships, the balanced one first (the
    first with the fourth against the second and third)."""
    a, b, c, d = four
    yield ((a, d), (b, c))
    yield ((a, c), (b, d))
    yield ((a, b), (c, d))


def _opponents(table: Table[E]) -> set[frozenset[E]]:
    (a, b), (c, d) = table
    return {frozenset((x, y)) for x in (a, b) for y in (c, d) if x is not None and y is not None}


def _table_cost(
    table: Table[E], partnered: set[frozenset[E]], opposed: set[frozenset[E]]
) -> tuple[int, int]:
    partners = sum(frozenset(pair) in partnered for pair in table if None not in pair)
    return partners, len(_opponents(table) & opposed)


def _tables(
    order: tuple[E, ...],
    partnered: set[frozenset[E]],
    opposed: set[frozenset[E]],
    repeats: int,
    budget: _Budget,
    failed: set,
) -> list[Table[E]] | None:
    """Seat ``order`` (best first) four by four, with at most ``repeats`` partnerships that
    played together before; each table the cheapest near the top of what is left."""
    if not order:
        return []
    key = (order, repeats)
    if key in failed or not budget.spend():
        return None
    first, window = order[0], order[1 : 1 + TABLE_WINDOW]
    options = []
    for others in combinations(window, 3):
        for table in _splits((first, *others)):
            partners, opponents = _table_cost(table, partnered, opposed)
            if partners <= repeats:
                spread = sum(order.index(player) for player in others)
                options.append((partners, opponents, spread, table, others))
    options.sort(key=lambda option: option[:3])
    for partners, _, _, table, others in options:
        remaining = tuple(player for player in order[1:] if player not in others)
        found = _tables(remaining, partnered, opposed, repeats - partners, budget, failed)
        if found is not None:
            return [table, *found]
    failed.add(key)
    return None


def rotating_round(
    order: Sequence[E],
    partnered: set[frozenset[E]],
    opposed: set[frozenset[E]],
    with_computers: AbstractSet[E] = frozenset(),
) -> list[Table[E]]:
    """The next round's tables for ``order`` (the standings, best first): who partnered and
    opposed whom so far, and who sat at a table with computer players already."""
    players = tuple(order)
    left_over = len(players) % 4
    last: list[E] = []
    if left_over:
        without = [player for player in reversed(players) if player not in with_computers]
        lowest = (without + [p for p in reversed(players) if p not in without])[:left_over]
        last = sorted(lowest, key=players.index)
    rest = tuple(player for player in players if player not in last)
    budget = _Budget()
    tables: list[Table[E]] | None = None
    for repeats in range(len(rest) // 2 + 1):
        tables = _tables(rest, partnered, opposed, repeats, budget, set())
        if tables is not None:
            break
    if tables is None:  # past the budget: four by four as they come
        tables = [next(_splits(rest[index : index + 4])) for index in range(0, len(rest), 4)]
    if last:
        tables.append(_computer_table(last, partnered))
    return tables


def _computer_table(people: Sequence[E], partnered: AbstractSet[frozenset[E]]) -> Table[E]:
    """One to three people with computer players: two people partner each other (when they have
    not yet, else they oppose each other); a third opposes them with a computer partner."""
    if len(people) == 1:
        return ((people[0], None), (None, None))
    if len(people) == 2:
        a, b = people
        return ((a, None), (b, None)) if frozenset(people) in partnered else ((a, b), (None, None))
    pairs = [(x, y) for x, y in combinations(people, 2) if frozenset((x, y)) not in partnered]
    x, y = pairs[0] if pairs else (people[0], people[1])
    (third,) = [person for person in people if person not in (x, y)]
    return ((x, y), (third, None))
