"""A tournament's pictures in the reader's language: the standings (Swiss and rotating
partners), or the bracket round by round (single elimination)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.i18n import t
from bot.league.rounds import round_done, table_of_standings
from bot.league.standings import Standing
from bot.league.tournaments import Entrant, Format, Match, Side, Tournament
from bot.render.league import (
    BracketMatch,
    BracketRound,
    BracketScene,
    StandingRow,
    StandingsScene,
    StandingsWords,
    render_bracket,
    render_standings,
)

MINUS = "\u2212"


def signed(value: int) -> str:
    """A point difference as the standings write it: "+21", "−8", "0"."""
    if value > 0:
        return f"+{value}"
    return f"{MINUS}{-value}" if value < 0 else "0"


def _rounds_done(matches: Sequence[Match]) -> int:
    return max((m.round for m in matches if round_done(matches, m.round)), default=0)


def _where(tournament: Tournament, matches: Sequence[Match], locale: object) -> str:
    """Where a tournament stands: its first round under way, after which round, or its final
    standings."""
    done = _rounds_done(matches)
    if tournament.status.value in ("finished", "cancelled") or done == tournament.rounds:
        return t("picture.tournament.final", locale)
    if done == 0:
        return t("picture.tournament.round_playing", locale, round=1, rounds=tournament.rounds)
    return t("picture.tournament.after_round", locale, round=done, rounds=tournament.rounds)


def shown_ranks(table: Sequence[Standing[int]]) -> list[int]:
    """The place written beside each entrant of ``table`` (best first): entrants level on every
    figure the standings show (points, Buchholz, difference) share a place and its medal; the
    seed, which orders them, is not shown, so it does not part them."""
    ranks: list[int] = []
    for position, row in enumerate(table):
        if ranks and _shown(table[position - 1]) == _shown(row):
            ranks.append(ranks[-1])
        else:
            ranks.append(position + 1)
    return ranks


def _shown(row: Standing[int]) -> tuple[int, int, int]:
    return row.points, row.buchholz, row.difference


def standings_scene(
    tournament: Tournament,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
    locale: object = None,
) -> StandingsScene:
    by_number = {entrant.number: entrant for entrant in entrants}
    table = table_of_standings(entrants, matches)
    rows = tuple(
        StandingRow(
            rank=rank,
            names=by_number[row.entrant].names,
            points=row.points,
            buchholz=row.buchholz,
            difference=signed(row.difference),
            withdrawn=not by_number[row.entrant].entered,
        )
        for rank, row in zip(shown_ranks(table), table, strict=True)
    )
    words = StandingsWords(
        points=t("picture.tournament.points", locale),
        buchholz=t("picture.tournament.buchholz", locale),
        difference=t("picture.tournament.difference", locale),
        withdrawn=t("picture.tournament.withdrew", locale),
        names_joiner=t("picture.names_joiner", locale),
    )
    return StandingsScene(
        tournament.name,
        _where(tournament, matches, locale),
        rows,
        words,
        medals=_rounds_done(matches) > 0,
    )


def round_title(tournament: Tournament, number: int, locale: object = None) -> str:
    """A round: "Round 2"; in a bracket, its last two "Semi-finals" and "Final"."""
    if tournament.format is Format.KNOCKOUT and number == tournament.rounds:
        return t("picture.tournament.final_round", locale)
    if tournament.format is Format.KNOCKOUT and number == tournament.rounds - 1:
        return t("picture.tournament.semi_finals", locale)
    return t("picture.tournament.round", locale, number=number)


def bracket_scene(
    tournament: Tournament,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
    locale: object = None,
) -> BracketScene:
    by_number = {entrant.number: entrant for entrant in entrants}

    def names(side: Side) -> tuple[str, ...]:
        return tuple(
            name for entrant in side if entrant is not None for name in by_number[entrant].names
        )

    rounds = []
    for number in sorted({match.round for match in matches}):
        shown = []
        for match in (m for m in matches if m.round == number and m.side_a):
            if match.side_b is None:
                score = t("picture.tournament.bye", locale)
            elif match.scores is not None:
                score = f"{match.scores[0]} \u2013 {match.scores[1]}"
            else:
                score = t("picture.tournament.playing", locale)
            side_b = None if match.side_b is None else names(match.side_b)
            winner = 0 if match.side_b is None else match.winner
            shown.append(BracketMatch(names(match.side_a), side_b, score, winner))
        rounds.append(BracketRound(round_title(tournament, number, locale), tuple(shown)))
    return BracketScene(
        tournament.name,
        _where(tournament, matches, locale),
        tuple(rounds),
        t("picture.names_joiner", locale),
    )


def tournament_picture(
    tournament: Tournament,
    entrants: Sequence[Entrant],
    matches: Sequence[Match],
    locale: object = None,
) -> tuple[Callable[[Any], bytes], StandingsScene | BracketScene]:
    """The picture to draw (off the event loop) and its scene: the bracket of a single
    elimination, the standings of any other format."""
    if tournament.format is Format.KNOCKOUT:
        return render_bracket, bracket_scene(tournament, entrants, matches, locale)
    return render_standings, standings_scene(tournament, entrants, matches, locale)
