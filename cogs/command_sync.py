"""Publishing the slash commands to Discord only when they changed.

Discord rate-limits publishing commands, and every process of a sharded bot starts with the same
tree, so each start compares a fingerprint of the tree as Discord would receive it (names,
options, every language's translation) with the one kept in the store at the last publishing,
and publishes only when they differ. ``python -m bot sync`` publishes whatever the fingerprint.
"""

from __future__ import annotations

import hashlib
import json
import logging

import discord
from discord import app_commands

from bot.store import Store

log = logging.getLogger(__name__)


async def tree_fingerprint(tree: app_commands.CommandTree, guild: discord.Object | None) -> str:
    """The tree's commands as ``tree.sync`` sends them, hashed."""
    commands = tree.get_commands(guild=guild)
    translator = tree.translator
    if translator is not None:
        payload = [await command.get_translated_payload(tree, translator) for command in commands]
    else:
        payload = [command.to_dict(tree) for command in commands]
    encoded = json.dumps(payload, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(encoded.encode()).hexdigest()


async def sync_commands(
    tree: app_commands.CommandTree,
    store: Store,
    application_id: int | None,
    guild: discord.Object | None = None,
    *,
    force: bool = False,
) -> bool:
    """Publish the tree (to ``guild`` only, when given) unless Discord has it already, as far
    as the store knows; True when it was published."""
    where = "globally" if guild is None else f"to guild {guild.id}"
    mark = f"commands:{application_id}:{'global' if guild is None else guild.id}"
    fingerprint = await tree_fingerprint(tree, guild)
    if not force and await store.marks.get(mark) == fingerprint:
        log.info("Commands unchanged since they were last published %s", where)
        return False
    synced = await tree.sync(guild=guild)
    await store.marks.put(mark, fingerprint)
    log.info("Published %d commands %s", len(synced), where)
    return True
