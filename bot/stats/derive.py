"""The per-game figures of the boards, computed in SQL from the stored hands and results.

Each counted game gets one ``stat_games`` row per seat (hands played, hands as maker,
contracts made, points and Pedros taken by the seat's side, won or not) and ``stat_bids``
rows counting each amount the seat bid. Boards and player cards then only add these rows up.

The same two statements serve one game just finished and a whole server being rebuilt; only
the set of counted games differs. Bids and captured cards are read from the hands' JSON
(``[[seat, amount or null], ...]`` and ``[[kind, side or null], ...]``, the engine's shapes).
"""

from __future__ import annotations

from bot.stats.players import PLAYER_KEY_SQL
from bot.stats.settings import BoardSettings
from bot.store.database import Session, encode_time

#: The counted games of one game id (already checked to count).
ONE_GAME = "SELECT game_id FROM results WHERE game_id = :game_id"
#: The counted games of one server under its settings.
SERVER_GAMES = (
    "SELECT game_id FROM results WHERE guild_id = :guild_id AND ended_at >= :counted_from"
    " AND (status = 'finished' OR :count_abandoned)"
)

_INSERT_GAMES = f"""
INSERT INTO stat_games (guild_id, ended_at, game_id, seat, player, user_id, side, won, hands,
                        hands_as_maker, contracts_made, points, pedros)
WITH counted (game_id) AS ({{games}})
SELECT rp.guild_id, rp.ended_at, rp.game_id, rp.seat, {PLAYER_KEY_SQL}, rp.user_id, rp.side,
       rp.won,
       (SELECT COUNT(*) FROM hands h WHERE h.game_id = rp.game_id),
       (SELECT COUNT(*) FROM hands h WHERE h.game_id = rp.game_id AND h.maker = rp.seat),
       (SELECT COUNT(*) FROM hands h
          JOIN hand_sides s ON s.game_id = h.game_id AND s.hand_number = h.number
                           AND s.side = rp.side
         WHERE h.game_id = rp.game_id AND h.maker = rp.seat AND s.points >= h.contract),
       (SELECT COALESCE(SUM(s.points), 0) FROM hand_sides s
         WHERE s.game_id = rp.game_id AND s.side = rp.side),
       (SELECT COUNT(*) FROM hands h, json_each(h.captured) c
         WHERE h.game_id = rp.game_id AND c.value ->> 0 IN ('right_pedro', 'left_pedro')
           AND c.value ->> 1 = rp.side)
FROM counted JOIN result_players rp ON rp.game_id = counted.game_id
"""

_INSERT_BIDS = f"""
INSERT INTO stat_bids (guild_id, player, amount, game_id, bids)
WITH counted (game_id) AS ({{games}})
SELECT rp.guild_id, {PLAYER_KEY_SQL} AS player, b.value ->> 1 AS amount, rp.game_id, COUNT(*)
FROM counted
JOIN result_players rp ON rp.game_id = counted.game_id
JOIN hands h ON h.game_id = rp.game_id, json_each(h.bids) b
WHERE b.value ->> 0 = rp.seat AND b.value ->> 1 IS NOT NULL
GROUP BY rp.game_id, player, amount
"""


async def derive_game(session: Session, game_id: int) -> None:
    """Add the figures of one game that counts."""
    await _derive(session, ONE_GAME, {"game_id": game_id})


async def derive_server(session: Session, settings: BoardSettings) -> None:
    """Add the figures of every game that counts on a server (its rows must be cleared)."""
    counted_from = "" if settings.counted_from is None else encode_time(settings.counted_from)
    await _derive(
        session,
        SERVER_GAMES,
        {
            "guild_id": settings.guild_id,
            "counted_from": counted_from,
            "count_abandoned": int(settings.count_abandoned),
        },
    )


async def clear_server(session: Session, guild_id: int) -> None:
    """Forget everything derived for a server (the stored games and results stay)."""
    for table in ("stat_games", "stat_bids", "stat_players"):
        await session.execute(f"DELETE FROM {table} WHERE guild_id = ?", (guild_id,))


async def _derive(session: Session, games: str, params: dict[str, object]) -> None:
    await session.execute(_INSERT_GAMES.format(games=games), params)
    await session.execute(_INSERT_BIDS.format(games=games), params)
