"""A player's card: their figures on one server, their rating over time, their best partner."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from bot.stats.boards import Metric, leaderboard
from bot.stats.derive import FIGURE_COLUMNS
from bot.stats.game_channels import played_in
from bot.stats.players import hidden_sql, is_computer
from bot.store import Store

CHART_GAMES = 100
"""The rating chart shows at most this many of the player's latest games."""

_PROFILE = f"""
SELECT display_name, rating, {FIGURE_COLUMNS} FROM stat_players
WHERE guild_id = :guild_id AND player = :player
"""

# Gaps and islands: each loss starts a new group, so a group's wins are one winning streak.
_LONGEST_STREAK = """
SELECT COALESCE(MAX(streak), 0) FROM (
    SELECT COUNT(*) AS streak FROM (
        SELECT won, SUM(1 - won) OVER (ORDER BY ended_at, game_id, seat) AS losses_before
        FROM stat_games WHERE guild_id = :guild_id AND player = :player
    ) AS games WHERE won = 1 GROUP BY losses_before
) AS streaks
"""

_BIDS = """
SELECT amount, SUM(bids) AS bids FROM stat_bids
WHERE guild_id = :guild_id AND player = :player GROUP BY amount ORDER BY amount
"""

_RATING_HISTORY = """
SELECT rating FROM (
    SELECT rating, ended_at, game_id, seat FROM stat_games
    WHERE guild_id = :guild_id AND player = :player AND {channels}
    ORDER BY ended_at DESC, game_id DESC, seat DESC LIMIT :limit
) AS latest ORDER BY ended_at, game_id, seat
"""

_BEST_PARTNER = f"""
SELECT partner.player, p.display_name, COUNT(*) AS games, SUM(me.won) AS wins
FROM stat_games me
JOIN stat_games partner ON partner.game_id = me.game_id AND partner.side = me.side
                       AND partner.player <> me.player
JOIN stat_players p ON p.guild_id = me.guild_id AND p.player = partner.player
WHERE me.guild_id = :guild_id AND me.player = :player AND NOT {hidden_sql("partner")}
GROUP BY partner.player, p.display_name
HAVING SUM(me.won) > 0
ORDER BY wins DESC, CAST(SUM(me.won) AS DOUBLE PRECISION) / COUNT(*) DESC, games DESC,
         partner.player
LIMIT 1
"""


@dataclass(frozen=True)
class Partner:
    player: str
    name: str
    games: int
    """Games played together on the same side."""
    wins: int

    @property
    def is_computer(self) -> bool:
        return is_computer(self.player)


@dataclass(frozen=True)
class PlayerCard:
    player: str
    name: str
    rating: float
    rank: int | None
    """Rank on the server's all-time rating board; ``None`` when not on it."""
    ranked_players: int
    games: int
    wins: int
    hands: int
    hands_as_maker: int
    contracts_made: int
    points: int
    """Points taken by the player's side in the hands they played."""
    pedros: int
    """Pedros captured by the player's side in the hands they played."""
    longest_streak: int
    bids: tuple[tuple[int, int], ...]
    """(amount, times bid) for each amount the player has bid."""
    rating_history: tuple[float, ...]
    """The rating after each of the latest games that may be shown, oldest first."""
    best_partner: Partner | None

    @property
    def is_computer(self) -> bool:
        return is_computer(self.player)

    @property
    def contracts_set(self) -> int:
        return self.hands_as_maker - self.contracts_made

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def average_points(self) -> float:
        return self.points / self.hands if self.hands else 0.0


async def player_card(
    store: Store, guild_id: int, player: str, *, channels: Collection[int] | None = None
) -> PlayerCard | None:
    """The card of ``player`` (a player key) on a server; ``None`` if they have no counted game.

    Its chart of the latest games keeps to the games played in ``channels`` (``None``: every
    game); the figures add up every counted game, like the boards. It does not check whether
    the player hides from the boards: the caller decides who may see whose card.
    """
    params = {"guild_id": guild_id, "player": player, "limit": CHART_GAMES}
    shown, shown_params = played_in("game_id", channels)
    async with store.database.session() as session:
        profile = await session.fetch_one(_PROFILE, params)
        if profile is None:
            return None
        (streak,) = await session.fetch_required(_LONGEST_STREAK, params)
        bids = await session.fetch_all(_BIDS, params)
        history = await session.fetch_all(
            _RATING_HISTORY.format(channels=shown), {**params, **shown_params}
        )
        partner = await session.fetch_one(_BEST_PARTNER, params)
    board = await leaderboard(store, guild_id, Metric.RATING, viewer=player)
    return PlayerCard(
        player=player,
        name=profile["display_name"],
        rating=profile["rating"],
        rank=None if board.viewer is None else board.viewer.rank,
        ranked_players=board.total,
        games=profile["games"],
        wins=profile["wins"],
        hands=profile["hands"],
        hands_as_maker=profile["hands_as_maker"],
        contracts_made=profile["contracts_made"],
        points=profile["points"],
        pedros=profile["pedros"],
        longest_streak=streak,
        bids=tuple((row["amount"], row["bids"]) for row in bids),
        rating_history=tuple(row["rating"] for row in history),
        best_partner=None
        if partner is None
        else Partner(
            player=partner["player"],
            name=partner["display_name"],
            games=partner["games"],
            wins=partner["wins"],
        ),
    )
