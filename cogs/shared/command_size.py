"""A slash command's size, counted as Discord counts it before it accepts the command.

Discord adds up the characters of the names, the descriptions, and the choices' names and
values of a command and of everything under it (subcommand groups, subcommands, options), each
field counted in its longest localization, the default included, and refuses a command over
8,000 (``APPLICATION_COMMAND_TOO_LARGE``, in a 400 with error code 50035): see "Application
Command Structure" in https://discord.com/developers/docs/interactions/application-commands
and discord/discord-api-docs pull requests 5343 (localizations counted) and 6668 (8,000). A
refused command is not registered at all, so the project keeps each of its own within
:data:`COMMAND_SIZE_BUDGET`, leaving room for a new option or a longer translation, and
``tests/cogs/test_discord_contract.py`` checks it on the payload discord.py sends.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: Discord refuses a command larger than this.
MAX_COMMAND_SIZE = 8000
#: The project's own bound for each command: well inside Discord's.
COMMAND_SIZE_BUDGET = 6000

#: A command as discord.py sends it (``get_translated_payload``), localizations included.
Payload = Mapping[str, Any]


def command_size(payload: Payload) -> int:
    """The size of a command, or of an option and everything under it, by Discord's count."""
    size = _longest(payload, "name") + _longest(payload, "description")
    for choice in payload.get("choices") or ():
        size += _longest(choice, "name") + len(str(choice["value"]))
    for option in payload.get("options") or ():
        size += command_size(option)
    return size


def _longest(part: Payload, field: str) -> int:
    """The length of `field` in its longest language, its default included."""
    localized = part.get(f"{field}_localizations") or {}
    return max([len(part.get(field) or ""), *(len(text) for text in localized.values())])


def oversized(payloads: Iterable[Payload], limit: int = MAX_COMMAND_SIZE) -> dict[str, int]:
    """The commands over `limit`, by name, with their sizes."""
    return {
        payload["name"]: size for payload in payloads if (size := command_size(payload)) > limit
    }
