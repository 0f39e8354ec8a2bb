"""What a tournament's standings picture says: where the tournament stands (its first round
under way, not "after round 0"), and entrants level on every figure shown share a place."""

from __future__ import annotations

import pytest

from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.league.tournament_scenes import bracket_scene, standings_scene
from bot.league.tournaments import Entrant, Format, Match, Status, Tournament
from bot.render.league import standings_layout


def _tournament(format: Format = Format.SWISS) -> Tournament:
    return Tournament(
        1, 1, 1, 1, "Friday night", format, 2, 51, 45, 60, "en", False, Status.RUNNING, None
    )


ENTRANTS = tuple(
    Entrant(number, number, name, None, None, "entered", number)
    for number, name in enumerate(("Ana", "Bruno", "Carla", "Davi"), 1)
)
PLAYING = (
    Match(1, 1, (1,), (2,), None, None, "playing", None, None, None),
    Match(1, 2, (3,), (4,), None, None, "playing", None, None, None),
)
#: Round 1 over: Ana and Carla won by the same score, so they are level on every figure.
ROUND_ONE = (
    Match(1, 1, (1,), (2,), None, None, "done", (51, 30), 0, "game"),
    Match(1, 2, (3,), (4,), None, None, "done", (51, 30), 0, "game"),
)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_right_after_the_start_the_first_round_is_under_way(locale: str) -> None:
    for scene in (
        standings_scene(_tournament(), ENTRANTS, PLAYING, locale),
        bracket_scene(_tournament(Format.KNOCKOUT), ENTRANTS, PLAYING, locale),
    ):
        assert scene.subtitle == t("picture.tournament.round_playing", locale, round=1, rounds=2)
        assert "0" not in scene.subtitle
    after = standings_scene(_tournament(), ENTRANTS, ROUND_ONE, locale)
    assert after.subtitle == t("picture.tournament.after_round", locale, round=1, rounds=2)


def test_entrants_level_on_every_figure_shown_share_their_place_and_medal() -> None:
    scene = standings_scene(_tournament(), ENTRANTS, ROUND_ONE, "en")
    assert [(row.names, row.rank) for row in scene.rows] == [
        (("Ana",), 1),
        (("Carla",), 1),
        (("Bruno",), 3),
        (("Davi",), 3),
    ]
    assert scene.medals
    written = [placed.text for placed in standings_layout(scene) if placed.kind == "text"]
    assert written.count("1") == 2 and written.count("3") == 2


def test_before_any_round_is_over_everyone_shares_the_first_place_without_a_medal() -> None:
    scene = standings_scene(_tournament(), ENTRANTS, PLAYING, "en")
    assert {row.rank for row in scene.rows} == {1}
    assert not scene.medals
