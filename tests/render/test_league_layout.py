"""The league's pictures: a season's end names each award and each partner apart. Their scenes,
in all four languages, with long names and with awards nobody won, are read on a phone with
every other picture's (`test_phone_reading.py`)."""

from __future__ import annotations

import itertools
from datetime import UTC, datetime
from io import BytesIO

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
    render_season,
    season_layout,
)
from tests.render.test_table_layout import HUMANS

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
