"""Leaderboards: a server's players ranked by one figure over a period, a page at a time.

One SQL statement adds up the ``stat_games`` rows of the server and period (a range of that
table's primary key), ranks the players, and returns one page plus the viewer's own row. People
who asked to be kept off the boards never appear, and computer players only when the server
shows them.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import datetime

from bot.stats.board_settings import read_settings
from bot.stats.derive import FIGURE_COLUMNS, SUMMED_FIGURES
from bot.stats.periods import Period, period_start
from bot.stats.players import hidden_sql, is_computer
from bot.store import Store
from bot.store.database import encode_time

PAGE_SIZE = 10
MIN_GAMES = 5
"""Games in the period a player needs to be ranked by rating or by a rate (a single lucky game
would otherwise top the board)."""


class Metric(enum.StrEnum):
    RATING = "rating"
    WINS = "wins"
    WIN_RATE = "win_rate"
    CONTRACTS = "contracts"
    """Share of the contracts a player bid and won the bidding for that they made."""
    POINTS = "points"
    """Average points taken per hand (by the player's side)."""


_VALUE_SQL = {
    Metric.RATING: "p.rating",
    Metric.WINS: "t.wins",
    Metric.WIN_RATE: "CAST(t.wins AS DOUBLE PRECISION) / t.games",
    Metric.CONTRACTS: "CAST(t.contracts_made AS DOUBLE PRECISION) / NULLIF(t.hands_as_maker, 0)",
    Metric.POINTS: "CAST(t.points AS DOUBLE PRECISION) / NULLIF(t.hands, 0)",
}

#: Each player's figures over all counted games: the totals kept in ``stat_players``.
_ALL_TIME = f"SELECT player, user_id, {FIGURE_COLUMNS} FROM stat_players WHERE guild_id = :guild_id"
#: Each player's figures over a period, added up from their games in it.
_SINCE = (
    f"SELECT player, MAX(user_id) AS user_id, {SUMMED_FIGURES} FROM stat_games"
    " WHERE guild_id = :guild_id AND ended_at >= :since GROUP BY player"
)


def min_games(metric: Metric) -> int:
    """Games in the period needed to appear on the board for ``metric``."""
    return 1 if metric is Metric.WINS else MIN_GAMES


_BOARD = """
WITH totals AS ({totals}),
board AS (
    SELECT t.player, p.display_name, t.games, {value} AS value
    FROM totals t JOIN stat_players p ON p.guild_id = :guild_id AND p.player = t.player
    WHERE t.games >= :min_games AND (:computers = 1 OR t.user_id IS NOT NULL)
      AND NOT {hidden}
),
ranked AS (
    SELECT *, RANK() OVER (ORDER BY value DESC) AS rank,
           ROW_NUMBER() OVER (ORDER BY value DESC, games DESC, player) AS position,
           COUNT(*) OVER () AS total
    FROM board WHERE value IS NOT NULL
)
SELECT * FROM ranked
WHERE (position - 1) / :size
      = CASE WHEN :page < (total - 1) / :size THEN :page ELSE (total - 1) / :size END
   OR player = :viewer
ORDER BY position
"""


@dataclass(frozen=True)
class BoardEntry:
    rank: int
    """Equal figures share a rank."""
    player: str
    name: str
    value: float
    games: int

    @property
    def is_computer(self) -> bool:
        return is_computer(self.player)


@dataclass(frozen=True)
class BoardPage:
    metric: Metric
    period: Period
    since: datetime | None
    page: int
    """0-based; a page past the end is clamped to the last one."""
    pages: int
    total: int
    """Players ranked on the whole board."""
    entries: tuple[BoardEntry, ...]
    viewer: BoardEntry | None
    """The viewer's own row, on this page or not; ``None`` when they are not ranked."""
    viewer_games: int
    """Games the viewer played in the period (to say how many more they need)."""


async def leaderboard(
    store: Store,
    guild_id: int,
    metric: Metric = Metric.RATING,
    period: Period = Period.ALL,
    *,
    page: int = 0,
    viewer: str | None = None,
) -> BoardPage:
    """One page of a server's board, with ``viewer``'s row (a player key) wherever it is."""
    db = store.database
    since = period_start(period, db.clock())
    since_text = "" if since is None else encode_time(since)
    sql = _BOARD.format(
        totals=_ALL_TIME if since is None else _SINCE,
        value=_VALUE_SQL[metric],
        hidden=hidden_sql("t"),
    )
    async with db.session() as session:
        settings = await read_settings(session, guild_id)
        rows = await session.fetch_all(
            sql,
            {
                "guild_id": guild_id,
                "since": since_text,
                "min_games": min_games(metric),
                "computers": int(settings.show_computers),
                "size": PAGE_SIZE,
                "page": max(page, 0),
                "viewer": viewer,
            },
        )
        viewer_games = 0
        if viewer is not None:
            (viewer_games,) = await session.fetch_required(
                "SELECT COUNT(*) FROM stat_games WHERE guild_id = ? AND player = ?"
                " AND ended_at >= ?",
                (guild_id, viewer, since_text),
            )
    total = rows[0]["total"] if rows else 0
    pages = max(1, -(-total // PAGE_SIZE))
    entries = {
        row["player"]: BoardEntry(
            rank=row["rank"],
            player=row["player"],
            name=row["display_name"],
            value=row["value"],
            games=row["games"],
        )
        for row in rows
    }
    shown_page = min(max(page, 0), pages - 1)
    on_page = tuple(
        entries[row["player"]] for row in rows if (row["position"] - 1) // PAGE_SIZE == shown_page
    )
    return BoardPage(
        metric=metric,
        period=period,
        since=since,
        page=shown_page,
        pages=pages,
        total=total,
        entries=on_page,
        viewer=entries.get(viewer) if viewer is not None else None,
        viewer_games=viewer_games,
    )
