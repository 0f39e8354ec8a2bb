"""A message that tells the reader to use a command names one that exists, in their language.

Commands are renamed and regrouped (``/cinch`` for table play, ``/cinch-boards``,
``/cinch-tournament`` and ``/cinch-server`` beside it); a message still pointing at an old name
would send players to a command Discord does not offer. The command tree of each language is
read from the catalogue's ``cmd.<path>.name`` keys.
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import SUPPORTED_LOCALES
from bot.i18n.catalogue import catalogue

#: A command as a message writes it: ``/cinch`` or ``/cinch-...`` and the words after it.
REFERENCE = re.compile(r"/(cinch[\w-]*)((?: [\w-]+)*)")


def command_tree(locale: str) -> dict[str, dict]:
    """The localised names of every command, nested: subcommands, then their options."""
    english, found = catalogue("en").messages, catalogue(locale).messages
    tree: dict[str, dict] = {}
    for key in english:
        if not (key.startswith("cmd.") and key.endswith(".name")):
            continue
        path = key.removeprefix("cmd.").removesuffix(".name").split(".")
        node = tree
        for depth in range(len(path)):
            name = found.get(f"cmd.{'.'.join(path[: depth + 1])}.name")
            node = node.setdefault(name or path[depth], {})
    return tree


def is_group(node: dict[str, dict]) -> bool:
    """A group's children are subcommands, which have options of their own."""
    return any(child for child in node.values())


def names_a_command(tree: dict[str, dict], reference: str) -> bool:
    """Whether `reference` (``/cinch-server boards settings``) reaches a command (not a group)."""
    match = REFERENCE.fullmatch(reference)
    assert match is not None
    node: dict[str, dict] | None = tree.get(match.group(1))
    words = iter(match.group(2).split())
    while node is not None and is_group(node):
        node = node.get(next(words, ""))
    return node is not None


def unknown_references(locale: str) -> list[tuple[str, str]]:
    tree = command_tree(locale)
    return [
        (key, match.group(0))
        for key, text in catalogue(locale).messages.items()
        if not key.startswith("cmd.")
        for match in REFERENCE.finditer(text)
        if not names_a_command(tree, match.group(0))
    ]


def test_the_tree_is_read_whole() -> None:
    tree = command_tree("fr")
    assert tree.keys() == {"cinch", "cinch-classements", "cinch-tournoi", "cinch-serveur"}
    assert {"problème", "annoncer", "passer", "effacer_mes_données"} <= tree["cinch"].keys()
    assert is_group(tree["cinch-serveur"]["classements"])
    assert "salon_bilan" in tree["cinch-serveur"]["classements"]["réglages"]


def test_messages_name_commands_and_an_old_name_is_caught() -> None:
    texts = catalogue("nl").messages.values()
    assert sum(len(REFERENCE.findall(text)) for text in texts) >= 10
    tree = command_tree("en")
    assert names_a_command(tree, "/cinch pass")
    assert names_a_command(tree, "/cinch-server boards settings")
    assert names_a_command(tree, "/cinch-boards history")
    for old in ("/cinch leaderboard", "/cinch boards settings", "/cinch-server boards", "/cinch"):
        assert not names_a_command(tree, old)


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_every_command_a_message_names_exists(locale: str) -> None:
    assert unknown_references(locale) == []
