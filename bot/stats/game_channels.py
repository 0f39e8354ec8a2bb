"""Where each game was played, and keeping to the games of some channels.

A game is played at a table, and a table sits in one channel. Who may see a game is whoever may
read that channel, which only the Discord layer can tell; so the history, the player cards and
the card-play figures take the channels whose games may be shown, and this module says which
channels a server's games were played in and writes the SQL condition that keeps to them.
"""

from __future__ import annotations

from collections.abc import Collection

from bot.store import Store

_CHANNELS = "SELECT DISTINCT channel_id FROM game_tables WHERE guild_id = ?"


async def game_channels(store: Store, guild_id: int) -> frozenset[int]:
    """Every channel where a table of the server was opened (so every channel of its games)."""
    rows = await store.database.fetch_all(_CHANNELS, (guild_id,))
    return frozenset(row["channel_id"] for row in rows)


def channel_condition(column: str, channels: Collection[int] | None) -> tuple[str, dict[str, int]]:
    """An SQL condition that ``column`` (a channel id) is one of ``channels``, and its named
    parameters. ``None`` keeps every channel (for operators' tools and the boards' own figures);
    an empty collection keeps none."""
    if channels is None:
        return "1 = 1", {}
    if not channels:
        return "1 = 0", {}
    params = {f"channel_{index}": channel for index, channel in enumerate(sorted(channels))}
    return f"{column} IN ({', '.join(f':{name}' for name in params)})", params


def played_in(game_column: str, channels: Collection[int] | None) -> tuple[str, dict[str, int]]:
    """An SQL condition that the game ``game_column`` names was played in one of ``channels``,
    and its named parameters (see :func:`channel_condition`)."""
    condition, params = channel_condition("t.channel_id", channels)
    if channels is None:
        return condition, params
    games = f"SELECT g.id FROM games g JOIN game_tables t ON t.id = g.table_id WHERE {condition}"
    return f"{game_column} IN ({games})", params
