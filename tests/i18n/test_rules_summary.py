"""The /cinch rules summary: complete in every language, within Discord's embed limits, and
stating the rules the table plays by."""

from __future__ import annotations

import itertools
import re
from dataclasses import replace
from typing import Any

import pytest

from bot.engine.rules import (
    AllPass,
    DealerRob,
    ExcessTrumps,
    HighLow,
    HouseRules,
    LowGoesTo,
    Scoring,
    SetFormula,
)
from bot.i18n import SUPPORTED_LOCALES, t
from bot.presentation.rules_summary import RULES_SECTIONS, rules_sections

#: Discord: embed title 256, field name 256, field value 1024, whole embed 6000. The summary
#: keeps under 4000 so the table's house rules fit in the same embed.
SUMMARY_BUDGET = 4000
POINT_CARDS = ("high", "low", "jack", "game", "right_pedro", "left_pedro")

#: Every house rule the summary states, with every choice it may take.
STATED: dict[str, tuple[Any, ...]] = {
    "all_pass": tuple(AllPass),
    "dealer_rob": tuple(DealerRob),
    "excess_trumps": tuple(ExcessTrumps),
    "allow_counting_discard": (False, True),
    "scoring": tuple(Scoring),
    "set_formula": tuple(SetFormula),
    "low_goes_to": tuple(LowGoesTo),
    "high_low": tuple(HighLow),
    "discards_visible": (True, False),
}


DEFAULTS = HouseRules()


def _text(locale: str, rules: HouseRules = DEFAULTS) -> str:
    return "\n".join(body for _, body in rules_sections(locale, rules))


def _fits(locale: str, rules: HouseRules) -> None:
    title = t("rules.title", locale)
    sections = rules_sections(locale, rules)
    assert len(sections) == len(RULES_SECTIONS)
    assert 0 < len(title) <= 256
    assert all(0 < len(name) <= 256 and 0 < len(body) <= 1024 for name, body in sections)
    assert len(title) + sum(len(name) + len(body) for name, body in sections) <= SUMMARY_BUDGET


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_fits_in_one_embed_whatever_the_house_rules(locale: str) -> None:
    for choices in itertools.product(*STATED.values()):
        _fits(locale, HouseRules(**dict(zip(STATED, choices, strict=True))))


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_names_the_point_cards_as_this_language_does(locale: str) -> None:
    text = _text(locale)
    for point in POINT_CARDS:
        assert t(f"point.{point}", locale) in text, point


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_states_the_default_numbers(locale: str) -> None:
    """52 cards, 9 dealt, 16 in the stock, bids 1 to 14, hands of 6, a set costs 14, game 51."""
    numbers = set(re.findall(r"\d+", _text(locale)))
    assert {"52", "9", "16", "1", "14", "6", "51"} <= numbers


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_the_summary_states_the_tables_target_and_lowest_bid(locale: str) -> None:
    """At a table playing to 11 with bids from 7, the summary says 11 and 7 to 14, never 51."""
    sections = dict(rules_sections(locale, HouseRules(target_score=11, min_bid=7)))
    scoring = sections[t("rules.scoring.title", locale)]
    bidding = sections[t("rules.bidding.title", locale)]
    assert "11" in re.findall(r"\d+", scoring)
    assert set(re.findall(r"\d+", bidding)) == {"7", "14"}
    assert "51" not in re.findall(r"\d+", "\n".join(sections.values()))


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
@pytest.mark.parametrize("rule", STATED)
def test_every_choice_of_a_stated_house_rule_reads_differently(locale: str, rule: str) -> None:
    """Each choice of a rule the summary states gives a summary of its own (the set formula
    with the default scoring, a point trump laid aside with extra trumps laid face up)."""
    texts = {_text(locale, replace(DEFAULTS, **{rule: choice})) for choice in STATED[rule]}
    assert len(texts) == len(STATED[rule])


@pytest.mark.parametrize("locale", [locale for locale in SUPPORTED_LOCALES if locale != "en"])
def test_each_language_has_its_own_text(locale: str) -> None:
    english = rules_sections("en")
    assert all(own != theirs for own, theirs in zip(rules_sections(locale), english, strict=True))
