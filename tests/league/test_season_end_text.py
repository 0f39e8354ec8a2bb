"""The post above a season's picture says what the picture shows: congratulations only under
champions, never above a picture that says nobody was champion."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.league.season_boards import Award, Awards
from bot.league.season_scenes import season_end_text, season_scene
from bot.league.windows import SeasonLength, calendar_window

MARCH = calendar_window(SeasonLength.MONTH, datetime(2026, 3, 4, tzinfo=UTC))
NAMES = {"user:1": "Ana", "user:2": "Carla"}
CHAMPION = Award(("user:1",), 18.4, 12, 8)
PARTNERS = Award(("user:1", "user:2"), 0.75, 4, 3)


def _text(awards: Awards, locale: str, names: dict[str, str] = NAMES) -> str:
    return season_end_text(3, MARCH, season_scene(3, MARCH, awards, names, locale), locale)


def _congratulations(locale: str) -> str:
    """The sentence of the post that congratulates the champions, in ``locale``."""
    return t("season.ended", locale, number=3, dates=MARCH.named(locale))


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_champions_are_congratulated(locale: str) -> None:
    assert _text(Awards(champions=(CHAMPION,), partnership=PARTNERS), locale) == (
        _congratulations(locale)
    )


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_season_with_a_partnership_and_no_champion_congratulates_nobody(locale: str) -> None:
    text = _text(Awards(partnership=PARTNERS), locale)
    assert text == t("season.ended_no_champions", locale, number=3, dates=MARCH.named(locale))
    assert text != _congratulations(locale)


def test_a_champion_no_longer_shown_is_not_congratulated() -> None:
    """The only champion keeps off the boards now: the picture says nobody, so does the post."""
    hidden = {"user:2": "Carla"}
    awards = Awards(champions=(CHAMPION,), improved=Award(("user:2",), 3.5, 6, 4))
    assert "Congratulations" not in _text(awards, "en", hidden)
    assert "Congratulations" in _text(awards, "en")


def test_a_season_without_awards_says_so() -> None:
    assert _text(Awards(), "en") == t("season.ended_empty", "en", number=3, dates=MARCH.named("en"))
