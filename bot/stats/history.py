"""A server's latest games and the hand-by-hand scores of one of them, from stored results.

History lists every stored game (finished or abandoned, counted on the boards or not): it is
the record of what was played, not a board.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import accumulate

from bot.engine.rules import HouseRules
from bot.stats.game_channels import channel_condition
from bot.store import Store
from bot.store.database import Row, decode_time

HISTORY_SIZE = 10

_RECENT = """
SELECT r.game_id, r.status, r.ended_at, r.winners, r.final_scores, r.channel_id, rp.side,
       rp.display_name
FROM (
    SELECT res.*, t.channel_id FROM results res
    JOIN games g ON g.id = res.game_id
    JOIN game_tables t ON t.id = g.table_id
    WHERE res.guild_id = :guild_id AND {channels}
    ORDER BY res.ended_at DESC, res.game_id DESC LIMIT :limit
) r
JOIN result_players rp ON rp.game_id = r.game_id
ORDER BY r.ended_at DESC, r.game_id DESC, rp.side, rp.seat
"""


@dataclass(frozen=True)
class HistorySide:
    names: tuple[str, ...]
    score: int
    won: bool


@dataclass(frozen=True)
class HistoryGame:
    game_id: int
    finished: bool
    """False for a game ended before the target."""
    ended_at: datetime
    channel_id: int
    """Where it was played: who may not read that channel may not see the game."""
    sides: tuple[HistorySide, ...]


@dataclass(frozen=True)
class HandLine:
    number: int
    maker: str | None
    """The name of who won the bidding (``None`` for a hand nobody bid on)."""
    contract: int | None
    trump: str | None
    """The trump suit's letter (C, D, H, S)."""
    made: bool
    points: tuple[int, ...]
    changes: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class GameHands:
    game: HistoryGame
    target: int
    hands: tuple[HandLine, ...]


async def recent_games(
    store: Store,
    guild_id: int,
    limit: int = HISTORY_SIZE,
    *,
    channels: Collection[int] | None = None,
) -> list[HistoryGame]:
    """The server's last games played in ``channels`` (``None``: anywhere), the latest first."""
    condition, params = channel_condition("t.channel_id", channels)
    rows = await store.database.fetch_all(
        _RECENT.format(channels=condition), {"guild_id": guild_id, "limit": limit, **params}
    )
    games: list[HistoryGame] = []
    names: dict[int, list[str]] = {}
    for index, row in enumerate(rows):
        names.setdefault(row["side"], []).append(row["display_name"])
        last_of_game = index + 1 == len(rows) or rows[index + 1]["game_id"] != row["game_id"]
        if last_of_game:
            games.append(_history_game(row, names))
            names = {}
    return games


def _history_game(row: Row, names: dict[int, list[str]]) -> HistoryGame:
    return HistoryGame(
        game_id=row["game_id"],
        finished=row["status"] == "finished",
        ended_at=decode_time(row["ended_at"]),
        channel_id=row["channel_id"],
        sides=_sides(names, json.loads(row["final_scores"]), json.loads(row["winners"])),
    )


def _sides(
    names: dict[int, list[str]], final_scores: Sequence[int], winners: Iterable[int]
) -> tuple[HistorySide, ...]:
    won = set(winners)
    return tuple(
        HistorySide(tuple(names.get(side, ())), score, side in won)
        for side, score in enumerate(final_scores)
    )


async def game_hands(store: Store, guild_id: int, game_id: int) -> GameHands | None:
    """Every hand of a game played on this server; ``None`` for a game of another server or
    one still being played."""
    result = await store.games.result(game_id)
    game = await store.games.get(game_id)
    if result is None or game is None or result.guild_id != guild_id:
        return None
    table = await store.tables.get(game.table_id)
    if table is None:
        return None
    hands = await store.games.hands(game_id)
    seats = {player.seat: player for player in result.players}
    names: dict[int, list[str]] = {}
    for player in result.players:
        names.setdefault(player.side, []).append(player.display_name)
    history = HistoryGame(
        game_id=game_id,
        finished=result.status == "finished",
        ended_at=result.ended_at,
        channel_id=table.channel_id,
        sides=_sides(names, result.final_scores, result.winners),
    )
    sides = len(result.final_scores)
    running = list(accumulate((hand.score_change for hand in hands), _add, initial=(0,) * sides))
    lines = []
    for hand, totals in zip(hands, running[1:], strict=True):
        maker = seats.get(hand.maker) if hand.maker is not None else None
        made = (
            maker is not None
            and hand.contract is not None
            and hand.points[maker.side] >= hand.contract
        )
        lines.append(
            HandLine(
                number=hand.number,
                maker=None if maker is None else maker.display_name,
                contract=hand.contract,
                trump=hand.trump,
                made=made,
                points=hand.points,
                changes=hand.score_change,
                totals=totals,
            )
        )
    target = (game.rules or {}).get("target_score", HouseRules().target_score)
    return GameHands(history, target, tuple(lines))


def _add(totals: tuple[int, ...], changes: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(total + change for total, change in zip(totals, changes, strict=True))
