"""A message that tells the reader to use a command names one that exists, in their language.

Commands are renamed and regrouped (Discord allows 25 subcommands under ``/cinch``); a message
still pointing at the old name would send players to a command Discord does not offer. The
command tree of each language is read from the catalogue's ``cmd.<path>.name`` keys.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED_LOCALES
from bot.i18n.catalogue import catalogue

#: A command as a message writes it: ``/cinch`` and the words after it.
REFERENCE = re.compile(r"/cinch((?: [\w-]+)*)")


def command_tree(locale: str) -> dict[str, dict]:
    """The localised names under ``/cinch``, nested: subcommands, then their options."""
    english, found = catalogue("en").messages, catalogue(locale).messages
    tree: dict[str, dict] = {}
    for key in english:
        if not (key.startswith("cmd.cinch.") and key.endswith(".name")):
            continue
        path = key.removeprefix("cmd.cinch.").removesuffix(".name").split(".")
        node = tree
        for depth in range(len(path)):
            name = found.get(f"cmd.cinch.{'.'.join(path[: depth + 1])}.name")
            node = node.setdefault(name or path[depth], {})
    return tree


def is_group(node: dict[str, dict]) -> bool:
    """A group's children are subcommands, which have options of their own."""
    return any(child for child in node.values())


def unknown_references(locale: str) -> list[tuple[str, str]]:
    tree = command_tree(locale)
    wrong = []
    for key, text in catalogue(locale).messages.items():
        if key.startswith("cmd."):
            continue
        for match in REFERENCE.finditer(text):
            words = match.group(1).split()
            node = tree.get(words[0]) if words else None
            if node is not None and is_group(node):
                node = node.get(words[1]) if len(words) > 1 else None
            if node is None:
                wrong.append((key, match.group(0)))
    return wrong


def test_the_tree_is_read_whole() -> None:
    tree = command_tree("fr")
    assert {"du_jour", "problème", "annoncer"} <= tree.keys()
    assert is_group(tree["gestion_classements"]) and not is_group(tree["du_jour"])
    assert "salon_du_jour" in tree["gestion_classements"]["réglages"]


def test_messages_name_commands_and_an_old_name_is_caught() -> None:
    texts = catalogue("nl").messages.values()
    assert sum(len(REFERENCE.findall(text)) for text in texts) >= 10
    tree = command_tree("en")
    assert "pass" not in tree and "deals" not in tree["daily"]
    assert tree["boards"].get("channel") is None  # "/cinch boards channel" would be refused


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_command_a_message_names_exists(locale: str) -> None:
    assert unknown_references(locale) == []
