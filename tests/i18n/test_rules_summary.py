"""The /cinch rules summary: complete in every language and within Discord's embed limits."""

from __future__ import annotations

import re

import pytest

from bot.i18n import RULES_SECTIONS, SUPPORTED_LOCALES, rules_sections, rules_title, t

#: Discord: embed title 256, field name 256, field value 1024, whole embed 6000. The summary
#: keeps under 4000 so the table's house rules fit in the same embed.
SUMMARY_BUDGET = 4000
POINT_CARDS = ("high", "low", "jack", "game", "right_pedro", "left_pedro")


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_fits_in_one_embed(locale: str) -> None:
    title = rules_title(locale)
    sections = rules_sections(locale)
    assert len(sections) == len(RULES_SECTIONS)
    assert 0 < len(title) <= 256
    assert all(0 < len(name) <= 256 and 0 < len(body) <= 1024 for name, body in sections)
    assert len(title) + sum(len(name) + len(body) for name, body in sections) <= SUMMARY_BUDGET


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_names_the_point_cards_as_this_language_does(locale: str) -> None:
    text = "\n".join(body for _, body in rules_sections(locale))
    for point in POINT_CARDS:
        assert t(f"point.{point}", locale) in text, point


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_states_the_default_numbers(locale: str) -> None:
    """52 cards, 9 dealt, 16 in the stock, bids 1 to 14, hands of 6, a set costs 14, game 51."""
    numbers = set(re.findall(r"\d+", "\n".join(body for _, body in rules_sections(locale))))
    assert {"52", "9", "16", "1", "14", "6", "51"} <= numbers


@pytest.mark.parametrize("locale", [locale for locale in SUPPORTED_LOCALES if locale != "en"])
def test_each_language_has_its_own_text(locale: str) -> None:
    english = rules_sections("en")
    assert all(own != theirs for own, theirs in zip(rules_sections(locale), english, strict=True))
