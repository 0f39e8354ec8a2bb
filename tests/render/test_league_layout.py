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
from bot.league.windows import SeasonLength, calendar_window
from bot.render.canvas import Placed
from bot.render.league import WIDTH, render_season, season_layout
from bot.render.style import PHONE_TEXT, PHONE_WIDTH

from .test_table_layout import FITS, HUMANS, _overlap

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
