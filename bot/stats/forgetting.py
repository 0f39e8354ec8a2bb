"""Forgetting a person who asks for it: the store renames every row about them, and the boards
of every server that counted them take the pseudonym.

The boards live here, so this is where forgetting ends; both ways of asking come through
:func:`forget_person`: a member's own ``/cinch forget`` (through the table service, which
first takes them out of the tables it holds, keeps the request with :func:`ask_to_forget`,
answers at once, and forgets them in the background) and an operator's ``python -m bot forget
USER_ID``. The work is done in small transactions (the person's rows, then each server's boards
on their own, renamed in place rather than rebuilt), so no other server's writes wait long for
it; the request is kept with its pseudonym until it is done, so a stop in the middle is finished
under the same pseudonym.
"""

from __future__ import annotations

import secrets

from bot.i18n import t
from bot.stats.players import user_key
from bot.stats.recorder import rename_player
from bot.store import Forgotten, Store

#: Pseudonyms are drawn from this many negative ids, so two forgotten people never share one.
PSEUDONYMS = 2**53


async def ask_to_forget(store: Store, user_id: int) -> bool:
    """Keep the person's request to be forgotten (done by :func:`forget_person`); False when
    one is pending already."""
    return await store.people.ask_to_forget(user_id, -1 - secrets.randbelow(PSEUDONYMS))


async def forget_person(store: Store, user_id: int) -> Forgotten:
    """Delete the person's settings, call them "Former player" everywhere under a pseudonym
    (the one their pending request keeps, or a new one), rename them on the boards that
    counted them, server by server, and mark the request done. Running it again finishes
    what a stop cut short (a board still naming them is renamed) and otherwise changes
    nothing."""
    await ask_to_forget(store, user_id)
    pseudonym = (await store.people.pending_forgets())[user_id]
    forgotten = await store.people.forget(
        user_id, pseudonym, lambda language: t("player.former", language)
    )
    for guild_id in sorted(forgotten.guilds | await _boards_naming(store, user_id)):
        await rename_player(store, guild_id, user_id, pseudonym)
    await store.people.forgetting_done(user_id)
    return forgotten


async def _boards_naming(store: Store, user_id: int) -> frozenset[int]:
    """The servers whose boards still hold the person."""
    rows = await store.database.fetch_all(
        "SELECT guild_id FROM stat_players WHERE player = ?"
        " UNION SELECT guild_id FROM stat_games WHERE player = ?",
        (user_key(user_id), user_key(user_id)),
    )
    return frozenset(row["guild_id"] for row in rows)
