"""Who a statistic is about: a person, or a computer player of one level.

A person is known by their Discord user id. Computer players have no id: every computer player
of one level on a server is one rated player ("the hard computer"), so a server can see how its
people measure up against it. Both are written as one text key, which is what the ``stat_*``
tables store in their ``player`` column.
"""

from __future__ import annotations

USER_PREFIX = "user:"
COMPUTER_PREFIX = "computer:"

#: The same key computed in SQL from a ``result_players`` row aliased ``rp``.
PLAYER_KEY_SQL = (
    f"CASE WHEN rp.user_id IS NOT NULL THEN '{USER_PREFIX}' || rp.user_id"
    f" ELSE '{COMPUTER_PREFIX}' || rp.computer_level END"
)

#: SQL true when the person in ``<alias>.user_id`` asked to be kept off the boards.
HIDDEN_SQL = (
    "EXISTS (SELECT 1 FROM user_preferences hidden WHERE hidden.user_id = {alias}.user_id"
    " AND hidden.hidden_from_boards = 1)"
)


def user_key(user_id: int) -> str:
    return f"{USER_PREFIX}{user_id}"


def computer_key(level: str) -> str:
    return f"{COMPUTER_PREFIX}{level}"


def is_computer(player: str) -> bool:
    return player.startswith(COMPUTER_PREFIX)


def hidden_sql(alias: str) -> str:
    """:data:`HIDDEN_SQL` for the table or subquery named ``alias``."""
    return HIDDEN_SQL.format(alias=alias)
