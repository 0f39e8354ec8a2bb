"""Forgetting a person who asks for it: the store renames every row about them, and the boards
of every server that counted them are derived again without them.

The boards live here, so this is where forgetting ends; both ways of asking come through
:func:`forget_person`: a member's own ``/cinch forget`` (through the table service, which
first takes them out of the tables it holds) and an operator's ``python -m bot forget USER_ID``.
"""

from __future__ import annotations

import secrets

from bot.i18n import t
from bot.stats.players import user_key
from bot.stats.recorder import rebuild
from bot.store import Forgotten, Store

#: Pseudonyms are drawn from this many negative ids, so two forgotten people never share one.
PSEUDONYMS = 2**53


async def forget_person(store: Store, user_id: int) -> Forgotten:
    """Delete the person's settings, call them "Former player" everywhere under a pseudonym,
    and rebuild the boards that counted them. Running it again finishes what a stop cut short
    (a board still naming them is rebuilt) and otherwise changes nothing."""
    pseudonym = -1 - secrets.randbelow(PSEUDONYMS)
    forgotten = await store.people.forget(
        user_id, pseudonym, lambda language: t("player.former", language)
    )
    for guild_id in sorted(forgotten.guilds | await _boards_naming(store, user_id)):
        await rebuild(store, guild_id)
    return forgotten


async def _boards_naming(store: Store, user_id: int) -> frozenset[int]:
    """The servers whose boards still hold the person."""
    rows = await store.database.fetch_all(
        "SELECT guild_id FROM stat_players WHERE player = ?"
        " UNION SELECT guild_id FROM stat_games WHERE player = ?",
        (user_key(user_id), user_key(user_id)),
    )
    return frozenset(row["guild_id"] for row in rows)
