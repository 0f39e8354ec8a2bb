"""A season's boards and awards, derived from the same counted games as every board.

A season is a window of time over ``stat_games``: its figures add up the rows of the games that
ended in it, and its ratings replay those games from scratch with the boards' own model
(``bot.stats.recorder.rated_seats``), so everyone starts the season level and the all-time
ratings stay as they are. Whatever a server counts (its reset, abandoned games, computer
players shown) counts here too, and a player kept off the boards is kept off these.

At its end a season names its awards:

- its **champions**: the three best season ratings among people with at least
  :data:`~bot.stats.MIN_GAMES` games in it;
- its **best partnership**: the two people who won the most games together as partners in it
  (then the better share of their games together, then the more games), as a player card names
  a best partner; none when no two people won a game together in it;
- its **most improved** player: the greatest rise of the all-time rating over the season, from
  before a person's first game in it to after their last (among people with enough games).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from bot.league.windows import Window
from bot.stats import MIN_GAMES, PAGE_SIZE, BoardEntry, BoardPage, Metric, Period, min_games
from bot.stats.board_settings import read_settings
from bot.stats.players import hidden_sql, is_computer
from bot.stats.ratings import NEW_PLAYER, Skill
from bot.stats.recorder import rated_seats
from bot.store import Store
from bot.store.database import Row, Session, encode_time

#: The champions a season names.
CHAMPIONS = 3

_SEASON_GAMES = f"""
SELECT g.game_id, g.seat, g.ended_at, g.player, g.user_id, g.side, g.won, g.hands,
       g.hands_as_maker, g.contracts_made, g.points, g.pedros, g.rating AS all_time,
       r.winners, r.final_scores, {hidden_sql("g")} AS hidden
FROM stat_games g JOIN results r ON r.game_id = g.game_id
WHERE g.guild_id = :guild_id AND g.ended_at >= :start AND g.ended_at < :end
ORDER BY g.ended_at, g.game_id, g.seat
"""

_NAMES = """
SELECT player, display_name FROM stat_players WHERE guild_id = :guild_id
"""

#: Each player's all-time rating after their last game before the season (none: a newcomer).
#: The last game is the last in the order the ratings were worked out in (its end, then its
#: id): games that ended in the same second would otherwise each give a row, in no set order.
_RATING_BEFORE = """
SELECT g.player, g.rating FROM stat_games g
WHERE g.guild_id = :guild_id AND g.game_id = (
    SELECT h.game_id FROM stat_games h
    WHERE h.guild_id = g.guild_id AND h.player = g.player AND h.ended_at < :start
    ORDER BY h.ended_at DESC, h.game_id DESC
    LIMIT 1
)
"""


@dataclass
class Standing:
    """One player's season: their figures added up, and their season skill."""

    player: str
    user_id: int | None
    hidden: bool
    games: int = 0
    wins: int = 0
    hands: int = 0
    hands_as_maker: int = 0
    contracts_made: int = 0
    points: int = 0
    pedros: int = 0
    skill: Skill = NEW_PLAYER
    #: The all-time rating after their last game of the season.
    rating_after: float = 0.0
    #: The last game counted, and whether it was counted won: a computer level that sat on
    #: two sides of a game has a row for each, and plays that game once.
    last_game: int | None = None
    last_won: bool = False

    @property
    def is_computer(self) -> bool:
        return is_computer(self.player)

    def value(self, metric: Metric) -> float | None:
        """The figure a board ranks by (None where it has nothing to divide)."""
        if metric is Metric.RATING:
            return self.skill.rating
        if metric is Metric.WINS:
            return float(self.wins)
        if metric is Metric.WIN_RATE:
            return self.wins / self.games
        if metric is Metric.CONTRACTS:
            return self.contracts_made / self.hands_as_maker if self.hands_as_maker else None
        return self.points / self.hands if self.hands else None


@dataclass(frozen=True)
class SeasonGames:
    """What a season's games add up to: every player's standing, and who partnered whom."""

    standings: dict[str, Standing]
    #: (player, player) of two partners, in key order → (games together, wins together).
    partnerships: dict[tuple[str, str], tuple[int, int]]


async def season_games(session: Session, guild_id: int, window: Window) -> SeasonGames:
    """Every counted game that ended in the season, added up and rated from scratch."""
    params = {
        "guild_id": guild_id,
        "start": encode_time(window.start),
        "end": encode_time(window.end),
    }
    rows = await session.fetch_all(_SEASON_GAMES, params)
    standings: dict[str, Standing] = {}
    skills: dict[str, Skill] = {}
    for row, skill in rated_seats(rows, skills):
        standing = standings.get(row["player"])
        if standing is None:
            standing = standings[row["player"]] = Standing(
                row["player"], row["user_id"], bool(row["hidden"])
            )
        if row["game_id"] != standing.last_game:  # one game, even on two sides of it
            standing.games += 1
            standing.last_game = row["game_id"]
            standing.last_won = False
        if row["won"] and not standing.last_won:
            standing.wins += 1
            standing.last_won = True
        standing.hands += row["hands"]
        standing.hands_as_maker += row["hands_as_maker"]
        standing.contracts_made += row["contracts_made"]
        standing.points += row["points"]
        standing.pedros += row["pedros"]
        standing.skill = skill
        standing.rating_after = row["all_time"] or 0.0
    return SeasonGames(standings, _partnerships(rows))


def _partnerships(rows: Sequence[Row]) -> dict[tuple[str, str], tuple[int, int]]:
    """Games and wins of every two people who sat on one side of a game."""
    sides: dict[tuple[int, int], list[Row]] = defaultdict(list)
    for row in rows:
        sides[(row["game_id"], row["side"])].append(row)
    together: dict[tuple[str, str], tuple[int, int]] = {}
    for seats in sides.values():
        people = sorted(row["player"] for row in seats if not is_computer(row["player"]))
        if len(people) != 2:
            continue
        pair = (people[0], people[1])
        games, wins = together.get(pair, (0, 0))
        together[pair] = (games + 1, wins + seats[0]["won"])
    return together


def ranked(
    standings: Sequence[Standing], metric: Metric, *, computers: bool
) -> list[tuple[int, Standing]]:
    """The players a board ranks, best first, each with their rank (equal figures share one):
    enough games for the metric, not kept off the boards, computer players if shown. Ties are
    broken as the boards break them: more games first, then by player."""
    needed = min_games(metric)
    on_board = [
        standing
        for standing in standings
        if standing.games >= needed
        and not standing.hidden
        and (computers or not standing.is_computer)
        and standing.value(metric) is not None
    ]
    on_board.sort(key=lambda s: (-(s.value(metric) or 0.0), -s.games, s.player))
    ranks: list[tuple[int, Standing]] = []
    for position, standing in enumerate(on_board):
        if ranks and ranks[-1][1].value(metric) == standing.value(metric):
            ranks.append((ranks[-1][0], standing))
        else:
            ranks.append((position + 1, standing))
    return ranks


async def season_board(
    store: Store,
    guild_id: int,
    window: Window,
    metric: Metric = Metric.RATING,
    *,
    page: int = 0,
    viewer: str | None = None,
) -> BoardPage:
    """One page of a season's board, with ``viewer``'s row wherever it is: the same page as
    an all-time board (``bot.stats.leaderboard``), drawn the same way."""
    async with store.database.session() as session:
        settings = await read_settings(session, guild_id)
        games = await season_games(session, guild_id, window)
        names = {
            row["player"]: row["display_name"]
            for row in await session.fetch_all(_NAMES, {"guild_id": guild_id})
        }
    board = ranked(list(games.standings.values()), metric, computers=settings.show_computers)
    entries = [
        BoardEntry(
            rank,
            standing.player,
            names.get(standing.player, standing.player),
            value,
            standing.games,
        )
        for rank, standing in board
        if (value := standing.value(metric)) is not None
    ]
    pages = max(1, -(-len(entries) // PAGE_SIZE))
    shown = min(max(page, 0), pages - 1)
    by_player = {entry.player: entry for entry in entries}
    viewer_standing = games.standings.get(viewer) if viewer is not None else None
    return BoardPage(
        metric=metric,
        period=Period.ALL,
        since=window.start,
        page=shown,
        pages=pages,
        total=len(entries),
        entries=tuple(entries[shown * PAGE_SIZE : (shown + 1) * PAGE_SIZE]),
        viewer=by_player.get(viewer) if viewer is not None else None,
        viewer_games=viewer_standing.games if viewer_standing is not None else 0,
    )


@dataclass(frozen=True)
class Award:
    """One award of a season: its player(s), the figure it was won by, and games and wins."""

    players: tuple[str, ...]
    value: float
    games: int
    wins: int


@dataclass(frozen=True)
class Awards:
    champions: tuple[Award, ...] = ()
    partnership: Award | None = None
    improved: Award | None = None


async def season_awards(session: Session, guild_id: int, window: Window) -> Awards:
    """The season's champions, best partnership and most improved player (people only, none
    kept off the boards), read in the transaction ``session``."""
    games = await season_games(session, guild_id, window)
    people = [
        standing
        for standing in games.standings.values()
        if not standing.is_computer and not standing.hidden
    ]
    champions = tuple(
        Award((standing.player,), standing.skill.rating, standing.games, standing.wins)
        for _, standing in ranked(people, Metric.RATING, computers=False)[:CHAMPIONS]
    )
    partnership = best_partnership(
        games.partnerships, {standing.player for standing in people}
    )
    before = {
        row["player"]: row["rating"] or 0.0
        for row in await session.fetch_all(
            _RATING_BEFORE, {"guild_id": guild_id, "start": encode_time(window.start)}
        )
    }
    rises = [
        (standing.rating_after - before.get(standing.player, NEW_PLAYER.rating), standing)
        for standing in people
        if standing.games >= MIN_GAMES
    ]
    rises.sort(key=lambda item: (-item[0], -item[1].games, item[1].player))
    improved = None
    if rises and rises[0][0] > 0:
        rise, standing = rises[0]
        improved = Award((standing.player,), rise, standing.games, standing.wins)
    return Awards(champions, partnership, improved)


def best_partnership(
    partnerships: dict[tuple[str, str], tuple[int, int]], shown: set[str]
) -> Award | None:
    """The two of ``shown`` who won the most games together (then the better share of their
    games together, then the more games, then by player); none when no two of them ever won
    together: a partnership that only lost is nobody's best."""
    winners = [
        (pair, (together, won))
        for pair, (together, won) in partnerships.items()
        if won > 0 and set(pair) <= shown
    ]
    if not winners:
        return None
    pair, (together, won) = min(
        winners, key=lambda item: (-item[1][1], -item[1][1] / item[1][0], -item[1][0], item[0])
    )
    return Award(pair, won / together, together, won)
