"""A tournament's course: how many rounds, who plays whom in the next one, how a match that
ended is decided, and the standings; from what the store keeps (``tournaments.py``).

Who plays whom is ``pairing.py``'s, the standings' order ``standings.py``'s: this module feeds
them a tournament's entrants and matches, format by format.

- **Swiss** (pairs): the first round by seed, top half against bottom half; then by the
  standings, without repeats while avoidable, the bye to the lowest without one.
- **Single elimination** (pairs): a bracket by seed; each later round the winners of two
  neighbouring matches meet. A pair that withdrew leaves its next opponent a bye.
- **Rotating partners** (individuals): tables of four by seed, then by the standings, nobody
  partnering the same player twice while avoidable.

A match ends when its game does (the side that reached the target wins it). One stopped before
(the round's deadline, a table its organiser or its players' vote ended) is decided on the score
then: the side ahead wins,
level is a draw, except in single elimination, where the better seed goes through.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.errors import require_number
from bot.league.pairing import (
    Meetings,
    elimination_rounds,
    first_bracket_round,
    first_swiss_round,
    met_before,
    next_bracket_round,
    rotating_round,
    swiss_round,
)
from bot.league.standings import Played, Standing, decide, standings
from bot.league.tournaments import MOST_ROUNDS, Entrant, Format, Match, Side

#: Rounds of a Swiss or rotating tournament unless its organiser chooses: enough for a club night.
DEFAULT_ROUNDS = 3

Pairing = tuple[Side, Side | None]


def seeded(entrants: Sequence[Entrant]) -> list[Entrant]:
    """The entrants who took part (a seed was set at the start), best seed first."""
    return sorted((e for e in entrants if e.seed is not None), key=lambda e: e.seed or 0)


def rounds_for(format: Format, entrants: int, chosen: int | None) -> int:
    """How many rounds a tournament of ``entrants`` plays: a bracket's, or the organiser's
    (from 1 to :data:`MOST_ROUNDS`, refused by name otherwise)."""
    if chosen is not None:
        require_number(chosen, 1, MOST_ROUNDS, "option.rounds")
    if format is Format.KNOCKOUT:
        return elimination_rounds(entrants)
    return chosen or DEFAULT_ROUNDS


def played(matches: Sequence[Match]) -> list[Played[int]]:
    return [
        Played(match.side_a, match.side_b, match.scores, match.winner)
        for match in matches
        if match.done and match.side_a
    ]


def table_of_standings(
    entrants: Sequence[Entrant], matches: Sequence[Match]
) -> list[Standing[int]]:
    """Every entrant who took part, best first (``standings.py``)."""
    return standings([entrant.number for entrant in seeded(entrants)], played(matches))


def next_pairings(
    format: Format, entrants: Sequence[Entrant], matches: Sequence[Match], number: int
) -> list[Pairing]:
    """The matches of round ``number``, from everyone still in and the rounds before."""
    seeds = [entrant.number for entrant in seeded(entrants)]
    still_in = {entrant.number for entrant in entrants if entrant.entered}
    if format is Format.KNOCKOUT:
        return _bracket_round(seeds, still_in, matches, number)
    order = [
        standing.entrant
        for standing in table_of_standings(entrants, matches)
        if standing.entrant in still_in
    ]
    if number == 1:
        order = [seed for seed in seeds if seed in still_in]
    if format is Format.SWISS:
        return _swiss_round(order, matches, number)
    return _rotating_round(order, matches)


def _swiss_round(order: list[int], matches: Sequence[Match], number: int) -> list[Pairing]:
    if number == 1:
        chosen = first_swiss_round(order)
    else:
        history = [(_pair(m.side_a), _pair(m.side_b)) for m in matches if m.side_b is not None]
        byes = {_pair(m.side_a) for m in matches if m.side_b is None and m.side_a}
        chosen = swiss_round(order, met_before(history), byes)
    pairings: list[Pairing] = [((a,), (b,)) for a, b in chosen.pairs]
    if chosen.bye is not None:
        pairings.append(((chosen.bye,), None))
    return pairings


def _pair(side: Side) -> int:
    """The entrant of a side of a pairs' match (a pair is one entrant)."""
    (entrant,) = side
    assert entrant is not None, "a pair is never a computer player"
    return entrant


def _bracket_round(
    seeds: list[int], still_in: set[int], matches: Sequence[Match], number: int
) -> list[Pairing]:
    if number == 1:
        first = first_bracket_round(seeds)
        return [_pairing(top, bottom, still_in) for top, bottom in first]
    previous = sorted((m for m in matches if m.round == number - 1), key=lambda m: m.number)
    winners = [_advancing(match) for match in previous]
    return [_pairing(a, b, still_in) for a, b in next_bracket_round(winners)]


def _advancing(match: Match) -> int | None:
    """Who goes through from a decided bracket match (nobody from an empty place)."""
    if match.side_b is None:
        return _pair(match.side_a) if match.side_a else None
    return _pair(match.side_a if match.winner == 0 else match.side_b)


def _pairing(top: int | None, bottom: int | None, still_in: set[int]) -> Pairing:
    """A bracket match; one whose entrant withdrew (or an empty place) is a bye for the
    other."""
    present = [entrant for entrant in (top, bottom) if entrant is not None and entrant in still_in]
    if len(present) == 2:
        return ((present[0],), (present[1],))
    return (tuple(present), None)


def _rotating_round(order: list[int], matches: Sequence[Match]) -> list[Pairing]:
    met: Meetings[int] = Meetings()
    for match in matches:
        if match.side_b is not None:
            met.add(match.side_a, match.side_b)
    tables = rotating_round(order, met.partnered, met.opposed, met.with_computers)
    return [(tuple(a), tuple(b)) for a, b in tables]


def decided(
    format: Format,
    entrants: Sequence[Entrant],
    match: Match,
    scores: tuple[int, int],
    winner: int | None,
    *,
    ended_early: bool = False,
) -> tuple[int | None, str]:
    """The winning side of a match whose table closed, and what decided it: its game when it
    reached the target, else the score then (``standings.decide``), when the round's deadline
    stopped it or, ``ended_early``, when its people ended it (recorded as ``ended``)."""
    if winner is not None:
        return winner, "game"
    better = None
    if format is Format.KNOCKOUT and match.side_b is not None:
        seed = {entrant.number: entrant.seed or 0 for entrant in entrants}
        better = 0 if seed[_pair(match.side_a)] < seed[_pair(match.side_b)] else 1
    return decide(scores, better), "ended" if ended_early else "deadline"


def round_done(matches: Sequence[Match], number: int) -> bool:
    return all(match.done for match in matches if match.round == number)


def champion(format: Format, matches: Sequence[Match]) -> int | None:
    """The winner of a bracket's final (None before it, or for another format)."""
    if format is not Format.KNOCKOUT or not matches:
        return None
    last = max(match.round for match in matches)
    finals = [match for match in matches if match.round == last]
    if len(finals) != 1 or not finals[0].done:
        return None
    return _advancing(finals[0])
