"""The per-game figures of the boards, computed in SQL from the stored hands and results.

Each counted game gets one ``stat_games`` row per seat (hands played, hands as maker,
contracts made, points and Pedros taken by the seat's side, won or not) and ``stat_bids``
rows counting each amount the seat bid. Boards and player cards then only add these rows up.

The same two statements serve one game just finished and a whole server being rebuilt; only
the set of counted games differs. Bids and captured cards are read from the hands' JSON
(``[[seat, amount or null], ...]`` and ``[[kind, side or null], ...]``, the engine's shapes).
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.stats.board_settings import BoardSettings
from bot.stats.players import PLAYER_KEY_SQL
from bot.store.database import Session, encode_time

#: Each figure a player's games add up to, and how: the one definition used by every board,
#: card and stored total.
FIGURE_SUMS = {
    # A computer level that sat on two sides of one game has a row for each: one game, and
    # at most one win.
    "games": "COUNT(DISTINCT game_id)",
    "wins": "COUNT(DISTINCT CASE WHEN won = 1 THEN game_id END)",
    "hands": "SUM(hands)",
    "hands_as_maker": "SUM(hands_as_maker)",
    "contracts_made": "SUM(contracts_made)",
    "points": "SUM(points)",
    "pedros": "SUM(pedros)",
}
#: ``COUNT(*) AS games, SUM(won) AS wins, ...`` over ``stat_games`` rows.
SUMMED_FIGURES = ", ".join(f"{sql} AS {name}" for name, sql in FIGURE_SUMS.items())
#: ``games, wins, ...``: the stored totals in ``stat_players``.
FIGURE_COLUMNS = ", ".join(FIGURE_SUMS)

_REFRESH_TOTALS = f"""
UPDATE stat_players SET ({FIGURE_COLUMNS}) = (
    SELECT {", ".join(FIGURE_SUMS.values())} FROM stat_games g
    WHERE g.guild_id = stat_players.guild_id AND g.player = stat_players.player
)
WHERE guild_id = ? AND player = ?
"""

#: The counted games of one game id (already checked to count).
ONE_GAME = "SELECT game_id FROM results WHERE game_id = :game_id"
#: The counted games of one server under its settings.
SERVER_GAMES = (
    "SELECT game_id FROM results WHERE guild_id = :guild_id AND ended_at > :counted_from"
    " AND (status = 'finished' OR :count_abandoned = 1)"
)

# Each hand's figures are added up once per game (by seat or by side) and then joined to the
# game's seats, so every hand and every JSON element is read once. One row is kept per player
# and side: two computer players of one level sitting as partners are one entry of that level
# in the game (their contracts added together), not two games. CROSS JOIN keeps SQLite
# reading the counted games first and their hands by primary key, rather than every hand of
# every server. The same text runs on PostgreSQL: its CROSS JOIN takes no ON, so the join
# condition is in WHERE, and JSON values are cast, since its ->> gives text.
_INSERT_GAMES = f"""
INSERT INTO stat_games (guild_id, ended_at, game_id, seat, player, user_id, side, won, hands,
                        hands_as_maker, contracts_made, points, pedros)
WITH counted (game_id) AS ({{games}}),
game_hands AS (
    SELECT h.game_id, COUNT(*) AS hands
    FROM counted CROSS JOIN hands h WHERE h.game_id = counted.game_id
    GROUP BY h.game_id
),
side_points AS (
    SELECT s.game_id, s.side, SUM(s.points) AS points
    FROM counted JOIN hand_sides s ON s.game_id = counted.game_id
    GROUP BY s.game_id, s.side
),
side_pedros AS (
    SELECT h.game_id, CAST(c.value ->> 1 AS INTEGER) AS side, COUNT(*) AS pedros
    FROM counted CROSS JOIN hands h CROSS JOIN {{captured}}
    WHERE h.game_id = counted.game_id
      AND c.value ->> 0 IN ('right_pedro', 'left_pedro') AND c.value ->> 1 IS NOT NULL
    GROUP BY h.game_id, CAST(c.value ->> 1 AS INTEGER)
),
contracts AS (
    SELECT h.game_id, h.maker AS seat, COUNT(*) AS tries,
           SUM(CASE WHEN s.points >= h.contract THEN 1 ELSE 0 END) AS made
    FROM counted
    CROSS JOIN hands h
    JOIN result_players maker ON maker.game_id = h.game_id AND maker.seat = h.maker
    JOIN hand_sides s ON s.game_id = h.game_id AND s.hand_number = h.number
                     AND s.side = maker.side
    WHERE h.game_id = counted.game_id
    GROUP BY h.game_id, h.maker
)
SELECT rp.guild_id, rp.ended_at, rp.game_id, MIN(rp.seat), {PLAYER_KEY_SQL} AS player,
       MAX(rp.user_id), rp.side, MAX(rp.won), COALESCE(MAX(gh.hands), 0),
       COALESCE(SUM(c.tries), 0), COALESCE(SUM(c.made), 0), COALESCE(MAX(sp.points), 0),
       COALESCE(MAX(pe.pedros), 0)
FROM counted
JOIN result_players rp ON rp.game_id = counted.game_id
LEFT JOIN game_hands gh ON gh.game_id = rp.game_id
LEFT JOIN side_points sp ON sp.game_id = rp.game_id AND sp.side = rp.side
LEFT JOIN side_pedros pe ON pe.game_id = rp.game_id AND pe.side = rp.side
LEFT JOIN contracts c ON c.game_id = rp.game_id AND c.seat = rp.seat
GROUP BY rp.game_id, rp.guild_id, rp.ended_at, player, rp.side
"""

_INSERT_BIDS = f"""
INSERT INTO stat_bids (guild_id, player, amount, game_id, bids)
WITH counted (game_id) AS ({{games}})
SELECT rp.guild_id, {PLAYER_KEY_SQL} AS player, CAST(b.value ->> 1 AS INTEGER) AS amount,
       rp.game_id, COUNT(*)
FROM counted
CROSS JOIN hands h
CROSS JOIN {{bids}}
JOIN result_players rp ON rp.game_id = h.game_id AND rp.seat = CAST(b.value ->> 0 AS INTEGER)
WHERE h.game_id = counted.game_id AND b.value ->> 1 IS NOT NULL
GROUP BY rp.game_id, rp.guild_id, player, amount
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
    captured = session.json_elements("h.captured", "c")
    bids = session.json_elements("h.bids", "b")
    await session.execute(_INSERT_GAMES.format(games=games, captured=captured), params)
    await session.execute(_INSERT_BIDS.format(games=games, bids=bids), params)


async def refresh_totals(session: Session, guild_id: int, players: Iterable[str]) -> None:
    """Add up the stored figures of these players again (after their games changed)."""
    await session.execute_many(_REFRESH_TOTALS, [(guild_id, player) for player in players])
