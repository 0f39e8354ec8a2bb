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
- **Rotating partners** (individuals): tables of four, two partnerships each. Players that do
  not make a table of four (one to three) sit together at a last table with computer players,
  the lowest placed who have not sat there yet. The others' round is searched as a whole
  (:class:`RoundSearch`): the fewest partnerships that played together before, then the fewest
  pairs of opponents who met before; among rounds as good, tables of players close in the
  standings, the first with the fourth against the second and third.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from itertools import combinations
from typing import Generic, TypeVar

from bot.ai.bits import bits_of

E = TypeVar("E", bound=Hashable)

#: Branches a search may visit before it settles for what it has: far above what a club's
#: tournament needs (it finds a round in a few hundred), so that no round ever hangs the bot.
SEARCH_BUDGET = 200_000
#: Tables a search for a round of rotating partners may look at before it settles for the
#: best round it has found: about half a second of one core; rounds of up to 64 players
#: almost always finish far sooner (``scripts/bench_pairing.py``, ``docs/benchmarks.md``).
TABLE_BUDGET = 400_000


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


@dataclass
class Meetings(Generic[E]):
    """Who partnered, who opposed whom, and who sat with computer players, in the rounds so
    far: what the next round of rotating partners avoids repeating."""

    partnered: set[frozenset[E]] = field(default_factory=set)
    opposed: set[frozenset[E]] = field(default_factory=set)
    with_computers: set[E] = field(default_factory=set)

    def add(self, side_a: Sequence[E | None], side_b: Sequence[E | None]) -> None:
        """Two partnerships played each other (None: a computer player)."""
        for side in (side_a, side_b):
            people = [player for player in side if player is not None]
            if len(people) == 2:
                self.partnered.add(frozenset(people))
        self.opposed |= {
            frozenset((a, b)) for a in side_a for b in side_b if a is not None and b is not None
        }
        if None in (*side_a, *side_b):
            self.with_computers |= {p for p in (*side_a, *side_b) if p is not None}


#: One table of a round being searched, by the players' places in the standings: two
#: partnerships.
_Seats = tuple[tuple[int, int], tuple[int, int]]


class RoundSearch(Generic[E]):
    """The tables of four for ``players`` (the standings, best first, a multiple of four)
    with the fewest partnerships that played together before, then the fewest pairs of
    opponents who met before: a branch and bound over whole rounds.

    A round's cost is one number, ``partner repeats * weight + opponent repeats``, where the
    weight is more than a round's opponent repeats can ever be, so that one partnership
    repeated outweighs any number of opponents met again. The search seats the best placed
    player left with three others (the cheapest tables first, then the nearest in the
    standings, the first with the fourth against the second and third), and abandons a branch
    that cannot beat the best round found so far: its cost so far plus a lower bound on
    what is left (:meth:`_needs`), or a bound learnt earlier for the same players left. It
    keeps the first best round it finds, so among equally good rounds the one that goes down
    the standings; and it stops after looking at :data:`TABLE_BUDGET` tables, keeping the best
    round found by then (the first round it finds is the tables taken greedily from the top).

    Players are searched by their places (bit ``i`` of a mask is the ``i``-th placed).
    """

    def __init__(
        self,
        players: Sequence[E],
        partnered: AbstractSet[frozenset[E]],
        opposed: AbstractSet[frozenset[E]],
    ) -> None:
        self._players = tuple(players)
        self._partnered, self._opposed = self._masks(partnered), self._masks(opposed)
        #: How many tables the search looked at.
        self.looked_at = 0
        self.weight = len(self._players) + 1
        #: More than any round of these players costs.
        self._too_dear = self.weight * len(self._players)
        #: What seating two players as partners, or as opponents, adds to a round's cost.
        self._partner_cost = self._costs(self._partnered, self.weight)
        self._opponent_cost = self._costs(self._opposed, 1)
        self.best_cost = self._too_dear
        self._best: list[_Seats] = []
        #: For a set of players left to seat (a bit mask): what seating them costs at least.
        self._learnt: dict[int, int] = {}
        #: Whether the search went to its end, so the best round found is a best round.
        self.finished = True

    def _costs(self, masks: list[int], weight: int) -> list[list[int]]:
        places = range(len(self._players))
        return [[weight * ((mask >> other) & 1) for other in places] for mask in masks]

    def tables(self) -> list[Table[E]]:
        """Search, and the best round found."""
        self._search((1 << len(self._players)) - 1, 0, [])
        players = self._players
        return [
            ((players[a], players[b]), (players[c], players[d])) for (a, b), (c, d) in self._best
        ]

    def _masks(self, pairs: AbstractSet[frozenset[E]]) -> list[int]:
        """For each player, the others they form one of ``pairs`` with."""
        place = {player: index for index, player in enumerate(self._players)}
        found = [0] * len(self._players)
        for pair in pairs:
            if len(pair) == 2 and all(player in place for player in pair):
                x, y = (place[player] for player in pair)
                found[x] |= 1 << y
                found[y] |= 1 << x
        return found

    def _search(self, left: int, spent: int, seated: list[_Seats]) -> None:
        if not left:
            if spent < self.best_cost:
                self.best_cost, self._best = spent, list(seated)
            return
        needs = self._needs(left)
        cheapest = sum(need for need, _ in needs.values())
        fresh = sum(need for _, need in needs.values())
        learnt = max(self._learnt.get(left, 0), self._bound(cheapest, fresh))
        if spent + learnt >= self.best_cost:
            return
        if self.looked_at >= TABLE_BUDGET:
            self.finished = False
            return
        limit = self.best_cost - spent
        for cost, table, rest in self._options(left, limit, needs, cheapest, fresh):
            if spent + cost >= self.best_cost:
                break
            seated.append(table)
            self._search(rest, spent + cost, seated)
            seated.pop()
        if self.finished:
            # Every seating of these players was tried or shown no better than the best.
            self._learnt[left] = max(learnt, self.best_cost - spent)

    def _needs(self, left: int) -> dict[int, tuple[int, int]]:
        """For each player of ``left``, the least their own seat can cost: a partner and two
        opponents among the others, as cheap as can be; and the same in a round where no
        partnership repeats, where their two opponents are partners who never were (a player
        without a new partner left then needs more than any round costs).

        A round's cost counts each repeated partnership and pair of opponents once, and the
        seats' costs twice (once for each of its two players): half their sum is a lower
        bound on seating ``left`` (:meth:`_bound`). What a player needs can only grow as
        others are seated, so the needs of the players left after a table bound the rest."""
        needs = {}
        for player in bits_of(left):
            others = left & ~(1 << player)
            new_partners = others & ~self._partnered[player]
            new_opponents = others & ~self._opposed[player]
            # A partner who is not also one of the new opponents, if there is one.
            spare = (new_partners or others) & ~new_opponents
            usable = new_opponents.bit_count() - (0 if spare else 1)
            cheapest = (0 if new_partners else self.weight) + 2 - min(2, usable)
            # Who each new opponent may partner for the first time (besides themselves).
            takers = [~self._partnered[r] & ~(1 << r) for r in bits_of(new_opponents)]
            if not new_partners:
                fresh = self._too_dear
            elif any(new_opponents & taker for taker in takers):
                fresh = 0  # two new opponents who may partner each other
            elif any(others & taker for taker in takers):
                fresh = 1  # one new opponent with a new partner
            else:
                fresh = 2
            needs[player] = (cheapest, max(cheapest, fresh))
        return needs

    def _bound(self, cheapest: int, fresh: int) -> int:
        """A lower bound on a round's cost from its players' needs added up (:meth:`_needs`):
        a round repeats a partnership, and costs a weight at least, or it does not."""
        return max((cheapest + 1) // 2, min(self.weight, (fresh + 1) // 2))

    def _options(
        self, left: int, limit: int, needs: dict[int, tuple[int, int]], cheapest: int, fresh: int
    ) -> Iterator[tuple[int, _Seats, int]]:
        """The tables for the best placed player left that may cost less than ``limit``
        with what the others then need (:meth:`_needs`), as (the table's cost, the table, who
        is left after it): those costing nothing first, found lazily from the nearest players,
        then the others by cost, each cost nearest first."""
        first, *others = bits_of(left)
        first_partnered, first_opposed = self._partner_cost[first], self._opponent_cost[first]
        partnered, opposed = self._partner_cost, self._opponent_cost
        rest_of = left & ~(1 << first)
        cheapest -= needs[first][0]
        fresh -= needs[first][1]
        dearer: list[tuple[int, _Seats, int]] = []
        for i, j, k in _nearest_triples(len(others)):
            self.looked_at += 1
            if self.looked_at > TABLE_BUDGET:
                self.finished = False
                return
            x, y, z = others[i], others[j], others[k]
            ax, ay, az = first_opposed[x], first_opposed[y], first_opposed[z]
            xy, xz, yz = opposed[x][y], opposed[x][z], opposed[y][z]
            (x_cheapest, x_fresh), (y_cheapest, y_fresh), (z_cheapest, z_fresh) = (
                needs[x],
                needs[y],
                needs[z],
            )
            rest_bound = self._bound(
                cheapest - x_cheapest - y_cheapest - z_cheapest,
                fresh - x_fresh - y_fresh - z_fresh,
            )
            for cost, table in (
                (first_partnered[z] + partnered[x][y] + ax + ay + xz + yz, ((first, z), (x, y))),
                (first_partnered[y] + partnered[x][z] + ax + az + xy + yz, ((first, y), (x, z))),
                (first_partnered[x] + partnered[y][z] + ay + az + xy + xz, ((first, x), (y, z))),
            ):
                if cost + rest_bound >= limit:
                    continue
                rest = rest_of & ~((1 << x) | (1 << y) | (1 << z))
                if cost:
                    dearer.append((cost, table, rest))
                else:
                    yield 0, table, rest
        dearer.sort(key=lambda option: option[0])
        yield from dearer


def _nearest_triples(count: int) -> Iterator[tuple[int, int, int]]:
    """Every three of ``count`` places, the nearest the top first: by the sum of their places,
    then in order."""
    for total in range(3, 3 * count - 5):
        for i in range((total - 3) // 3 + 1):
            # j from just after i, and low enough that k = total - i - j comes after j and
            # is a place.
            for j in range(max(i + 1, total - i - count + 1), (total - i + 1) // 2):
                yield i, j, total - i - j


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
    tables = RoundSearch(rest, partnered, opposed).tables()
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
