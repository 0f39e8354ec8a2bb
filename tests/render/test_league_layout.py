"""The league's pictures read on a phone, as the table picture is (`test_table_layout.py`):
every word at least 11 px high at 400 px wide, nothing overlapping, and only names too long for
their room shortened; in all four languages, with long names and with awards nobody won."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from io import BytesIO

import pytest
from PIL import Image

from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.league.season_boards import Award, Awards
from bot.league.season_scenes import season_scene
from bot.league.tournament_scenes import bracket_scene, standings_scene
from bot.league.tournaments import Entrant, Format, Match, Status, Tournament
from bot.league.windows import SeasonLength, calendar_window
from bot.render.canvas import Placed
from bot.render.league import (
    WIDTH,
    BracketScene,
    StandingsScene,
    bracket_layout,
    render_season,
    season_layout,
    standings_layout,
)
from bot.render.style import PHONE_TEXT, PHONE_WIDTH
from tests.render.test_table_layout import FITS, HUMANS, _overlap

MARCH = calendar_window(SeasonLength.MONTH, datetime(2026, 3, 4, tzinfo=UTC))
PLAYERS = tuple(f"user:{n}" for n in range(1, 5))
NAMES = dict(zip(PLAYERS, HUMANS, strict=True))
FULL = Awards(
    champions=tuple(Award((player,), 21.37 - n, 12 + n, 9) for n, player in enumerate(PLAYERS[:3])),
    partnership=Award(PLAYERS[2:4], 0.8, 10, 8),
    improved=Award((PLAYERS[3],), 7.25, 11, 6),
)
SEASONS = {
    f"{locale}-{label}": season_scene(3, MARCH, awards, NAMES, locale)
    for locale, (label, awards) in itertools.product(
        SUPPORTED_LOCALES, (("full", FULL), ("empty", Awards()))
    )
}


def _texts(layout: list[Placed]) -> list[Placed]:
    return [placed for placed in layout if placed.kind == "text"]


@pytest.mark.parametrize("label", SEASONS)
def test_every_word_of_a_season_is_readable_at_phone_width(label: str) -> None:
    texts = _texts(season_layout(SEASONS[label]))
    assert texts
    smallest = min(placed.size for placed in texts)
    assert smallest * PHONE_WIDTH / WIDTH >= PHONE_TEXT


@pytest.mark.parametrize("label", SEASONS)
def test_nothing_of_a_season_overlaps_and_only_long_names_are_shortened(label: str) -> None:
    texts = _texts(season_layout(SEASONS[label]))
    for a, b in itertools.combinations(texts, 2):
        assert not _overlap(a, b), (a.text, b.text)
    long_names = [name for name in HUMANS if len(name) > FITS]
    for placed in texts:
        if placed.shortened:
            assert any(name.startswith(placed.text.rstrip("…")[:8]) for name in long_names), placed


def test_a_season_names_each_award_and_partner_apart() -> None:
    layout = season_layout(SEASONS["en-full"])
    written = [placed.text for placed in _texts(layout)]
    assert "Champions" in written and "Best partnership" in written and "Most improved" in written
    # The partnership's two names are drawn each on its own, never joined into one.
    assert HUMANS[2] in written
    assert "Nobody this season" in [p.text for p in _texts(season_layout(SEASONS["en-empty"]))]
    picture = Image.open(BytesIO(render_season(SEASONS["fr-full"])))
    assert picture.width == WIDTH


# ------------------------------------------------------------------ a tournament's pictures


def _tournament_scenes() -> dict[str, StandingsScene | BracketScene]:
    def entrant(number: int) -> Entrant:
        first, second = HUMANS[number % 4], HUMANS[(number + 1) % 4]
        status = "withdrawn" if number == 4 else "entered"
        return Entrant(number, number, first, number + 10, second, status, number)

    entrants = [entrant(number) for number in range(1, 5)]
    matches = [
        Match(1, 1, (1,), (4,), None, None, "done", (51, 30), 0, "game"),
        Match(1, 2, (2,), (3,), None, None, "done", (20, 20), None, "deadline"),
        Match(2, 1, (1,), (2,), None, None, "playing", None, None, None),
    ]
    scenes: dict[str, StandingsScene | BracketScene] = {}
    for locale in SUPPORTED_LOCALES:
        for format in (Format.SWISS, Format.KNOCKOUT):
            tournament = Tournament(
                1,
                1,
                1,
                1,
                "Friday night",
                format,
                2,
                51,
                45,
                60,
                locale,
                False,
                Status.RUNNING,
                None,
            )
            if format is Format.KNOCKOUT:
                scenes[f"{locale}-bracket"] = bracket_scene(tournament, entrants, matches, locale)
            else:
                scenes[f"{locale}-standings"] = standings_scene(
                    tournament, entrants, matches, locale
                )
    return scenes


TOURNAMENTS = _tournament_scenes()


def _tournament_layout(label: str) -> list[Placed]:
    scene = TOURNAMENTS[label]
    if isinstance(scene, BracketScene):
        return bracket_layout(scene)
    return standings_layout(scene)


@pytest.mark.parametrize("label", TOURNAMENTS)
def test_every_word_of_a_tournament_is_readable_at_phone_width(label: str) -> None:
    texts = _texts(_tournament_layout(label))
    assert texts
    assert min(placed.size for placed in texts) * PHONE_WIDTH / WIDTH >= PHONE_TEXT


@pytest.mark.parametrize("label", TOURNAMENTS)
def test_nothing_of_a_tournament_overlaps_and_only_names_are_shortened(label: str) -> None:
    texts = _texts(_tournament_layout(label))
    for a, b in itertools.combinations(texts, 2):
        assert not _overlap(a, b), (a.text, b.text)
    for placed in texts:
        if placed.shortened:
            assert placed.text in HUMANS and len(placed.text) > FITS, placed
