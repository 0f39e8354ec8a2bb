"""Every catalogue text fits where Discord will put it, in every language."""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import pytest

from bot.i18n import SUPPORTED_LOCALES, t
from bot.i18n.catalogue import catalogue

ENGLISH = catalogue("en")
COMMAND_NAMES = sorted(
    key for key in ENGLISH.messages if key.startswith("cmd.") and key.endswith(".name")
)
COMMAND_DESCRIPTIONS = sorted(
    key for key in ENGLISH.messages if key.startswith("cmd.") and key.endswith(".description")
)


def is_valid_command_name(name: str) -> bool:
    """Discord's rule for command and option names: `^[-_\\p{L}\\p{N}]{1,32}$`, lowercase."""
    return (
        1 <= len(name) <= 32
        and name == name.lower()
        and all(char in "-_" or unicodedata.category(char)[0] in "LN" for char in name)
    )


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("bid", True),
        ("défausser", True),
        ("mão", True),
        ("hide_from_leaderboards", True),
        ("Bid", False),
        ("two words", False),
        ("", False),
        ("x" * 33, False),
        ("bid!", False),
    ],
)
def test_the_name_rule_itself(name: str, valid: bool) -> None:
    assert is_valid_command_name(name) is valid


def test_there_are_commands_to_check() -> None:
    assert "cmd.cinch.name" in COMMAND_NAMES and "cmd.cinch.bid.amount.name" in COMMAND_NAMES
    assert {key.removesuffix(".name") for key in COMMAND_NAMES} == {
        key.removesuffix(".description") for key in COMMAND_DESCRIPTIONS
    }


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_command_and_option_names_are_valid(locale: str) -> None:
    names = {key: t(key, locale) for key in COMMAND_NAMES}
    assert {key: name for key, name in names.items() if not is_valid_command_name(name)} == {}


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_command_and_option_descriptions_fit(locale: str) -> None:
    texts = {key: t(key, locale) for key in COMMAND_DESCRIPTIONS}
    assert {key: text for key, text in texts.items() if not 1 <= len(text) <= 100} == {}


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_siblings_have_different_names(locale: str) -> None:
    """Two subcommands of one group, or two options of one command, may not share a name."""
    children: defaultdict[str, list[str]] = defaultdict(list)
    for key in COMMAND_NAMES:
        parent = key.removesuffix(".name").rpartition(".")[0]
        children[parent].append(t(key, locale))
    assert {
        parent: names for parent, names in children.items() if len(set(names)) != len(names)
    } == {}


#: Where Discord shows these texts, and how long they may be there.
LIMITS = {
    "lobby.": 80,  # button labels
    "action.": 80,
    "suit.": 80,
    "choice.": 100,  # slash-command choices
    "language.": 100,
    "select.": 150,  # select-menu placeholders
}


def _longest(locale: str, prefix: str, names: tuple[str, ...]) -> str:
    return max((t(f"{prefix}.{name}", locale) for name in names), key=len)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_labels_choices_and_placeholders_fit(locale: str) -> None:
    params = {
        "amount": 14,
        "card": "10♥",
        "count": 6,
        "seat": _longest(locale, "seat", ("north", "east", "south", "west")),
    }
    found = catalogue(locale)
    texts = {key: [text] for key, text in found.messages.items()} | {
        key: list(forms) for key, forms in found.plurals.items()
    }
    too_long = [
        (key, shown)
        for key, forms in texts.items()
        for prefix, limit in LIMITS.items()
        if key.startswith(prefix)
        for shown in (form.format_map(params) for form in forms)
        if not 1 <= len(shown) <= limit
    ]
    assert too_long == []
