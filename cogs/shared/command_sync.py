"""Publishing the slash commands to Discord only when they changed.

Discord rate-limits publishing commands, and every process of a sharded bot starts with the same
tree, so each start compares a fingerprint of the tree as Discord would receive it (names,
options, every language's translation) with the one kept in the store at the last publishing,
and publishes only when they differ. ``python -m bot sync`` publishes whatever the fingerprint.

A command Discord would refuse is never sent: Discord registers none of a refused publishing,
so the bot would have no command at all. Whether refused here (a command over Discord's size,
``cogs/shared/command_size.py``) or by Discord, :class:`CommandsRefused` says so in one line naming
the command, the limit and the size, which ``python -m bot`` prints before stopping.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from typing import Any, Protocol

import discord
from discord import app_commands

from cogs.shared.command_size import MAX_COMMAND_SIZE, command_size, oversized

log = logging.getLogger(__name__)

#: A line of discord.py's text of Discord's refusal: ``In 0.options.1.name: <what is wrong>``,
#: where 0 is the command's place in the list sent.
_REFUSED_PART = re.compile(r"^In (\d+)\.?(\S*): (.+)$", re.MULTILINE)


class CommandsRefused(Exception):
    """The commands cannot be published; the message says which and why, in one line.

    ``published_before``: whether Discord holds commands from an earlier publishing, which it
    keeps offering; if not, the bot has no command at all."""

    def __init__(self, line: str, *, published_before: bool) -> None:
        super().__init__(line)
        self.published_before = published_before


async def tree_payloads(
    tree: app_commands.CommandTree, guild: discord.Object | None
) -> list[dict[str, Any]]:
    """The tree's commands as ``tree.sync`` sends them, in every language."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        return [await command.get_translated_payload(tree, translator) for command in commands]
    return [command.to_dict(tree) for command in commands]


def fingerprint(payloads: list[dict[str, Any]]) -> str:
    """The commands as Discord would receive them, hashed."""
    encoded = json.dumps(payloads, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(encoded.encode()).hexdigest()


def too_large(payloads: list[dict[str, Any]]) -> str | None:
    """One line naming each command Discord would refuse for its size, or None."""
    found = oversized(payloads)
    if not found:
        return None
    sizes = ", ".join(f"/{name} is {size:,} characters" for name, size in found.items())
    return (
        f"The commands were not published: {sizes}, over Discord's limit of"
        f" {MAX_COMMAND_SIZE:,} for a command (its names, descriptions and choices, each in its"
        " longest language)."
    )


def refusal(error: discord.HTTPException, payloads: list[dict[str, Any]]) -> str:
    """Discord's refusal of the commands in one line: each command it named, what it said of
    it, and its size by Discord's count."""
    parts = []
    for index, where, said in _REFUSED_PART.findall(error.text):
        number = int(index)
        if number < len(payloads):
            payload = payloads[number]
            place = f"/{payload['name']} {where}".rstrip()
            parts.append(f"{place}: {said} ({command_size(payload):,} characters)")
        else:
            parts.append(said)
    if not parts:
        parts.append(error.text.splitlines()[0] if error.text else "no reason given")
    return (
        f"Discord refused the commands (HTTP {error.status}, error {error.code}): "
        + "; ".join(parts)
    )


class PublishedMarks(Protocol):
    """Where the fingerprint of the commands last published is kept (the store's marks, which
    the bot's factory hands over: this layer reads no store itself)."""

    async def get(self, name: str) -> str | None: ...

    async def put(self, name: str, value: str) -> None: ...


async def sync_commands(
    tree: app_commands.CommandTree,
    marks: PublishedMarks,
    application_id: int | None,
    guild: discord.Object | None = None,
    *,
    force: bool = False,
) -> bool:
    """Publish the tree (to ``guild`` only, when given) unless Discord has it already, as far
    as ``marks`` knows; True when it was published. Raises :class:`CommandsRefused` for
    commands Discord would refuse, or did."""
    where = "globally" if guild is None else f"to guild {guild.id}"
    mark = f"commands:{application_id}:{'global' if guild is None else guild.id}"
    payloads = await tree_payloads(tree, guild)
    published = fingerprint(payloads)
    last = await marks.get(mark)
    if not force and last == published:
        log.info("Commands unchanged since they were last published %s", where)
        return False
    if (too_big := too_large(payloads)) is not None:
        raise CommandsRefused(too_big, published_before=last is not None)
    if application_id is None:
        raise app_commands.MissingApplicationID
    # What ``tree.sync`` sends, sent here: the payloads just fingerprinted are the ones
    # published, and the commands are not translated a second time.
    http = tree.client.http
    try:
        if guild is None:
            synced = await http.bulk_upsert_global_commands(application_id, payload=payloads)
        else:
            synced = await http.bulk_upsert_guild_commands(
                application_id, guild.id, payload=payloads
            )
    except discord.HTTPException as error:
        if error.status != 400:
            raise
        raise CommandsRefused(refusal(error, payloads), published_before=last is not None) from None
    await marks.put(mark, published)
    log.info("Published %d commands %s", len(synced), where)
    return True
