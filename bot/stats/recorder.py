"""Keeping the boards up to date: once per finished game, and rebuilt from results on demand.

Ratings depend on the order of games, so a server's games are always rated in the order they
ended (then by game id). Each call below is one transaction holding the server's statistics
lock (:func:`_lock_server`): a board never shows a game counted but not yet rated, and two games
ending together, even in two bot processes, are rated one after the other, so neither rating
pass overwrites the other's and no game is counted twice.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, MutableMapping, Sequence
from dataclasses import replace

from bot.stats.board_settings import BoardSettings, read_settings, write_settings
from bot.stats.derive import clear_server, derive_game, derive_server, refresh_totals
from bot.stats.players import user_key
from bot.stats.ratings import NEW_PLAYER, GameOutcome, Skill, rate_game
from bot.store import Store, Unset
from bot.store.database import UNSET, Row, Session, decode_time
from bot.store.store_errors import NotFoundError

_RATING_ROWS = """
SELECT g.game_id, g.seat, g.ended_at, g.player, g.side, rp.user_id, rp.computer_level,
       rp.display_name, r.winners, r.final_scores
FROM stat_games g
JOIN results r ON r.game_id = g.game_id
JOIN result_players rp ON rp.game_id = g.game_id AND rp.seat = g.seat
WHERE g.guild_id = ? {only}
ORDER BY g.ended_at, g.game_id, g.seat
"""


async def record_game(store: Store, game_id: int) -> bool:
    """Count a game that has just ended on its server's boards; True if it counts.

    Call it once after ``store.games.finish(...)``; calling it again changes nothing. A game
    that does not count (abandoned, on a server that leaves those out) is skipped. Raises
    :class:`~bot.store.NotFoundError` when the game has no result yet.
    """
    async with store.database.write() as tx:
        return await count_game(tx, game_id)


async def count_game(tx: Session, game_id: int) -> bool:
    """:func:`record_game` in the transaction ``tx``: the one that stores the game's end, so
    that a game's end is one commit (``GamesRepository.append_action``'s ``after_result``)."""
    result = await tx.fetch_one(
        "SELECT guild_id, status, ended_at FROM results WHERE game_id = ?", (game_id,)
    )
    if result is None:
        raise NotFoundError(f"game {game_id} has no result")
    await _lock_server(tx, result["guild_id"])
    if await tx.fetch_one("SELECT 1 FROM stat_games WHERE game_id = ? LIMIT 1", (game_id,)):
        return True
    settings = await read_settings(tx, result["guild_id"])
    if not settings.counts(result["status"], decode_time(result["ended_at"])):
        return False
    latest = await tx.fetch_one(
        "SELECT ended_at, game_id FROM stat_games WHERE guild_id = ?"
        " ORDER BY ended_at DESC, game_id DESC LIMIT 1",
        (settings.guild_id,),
    )
    if latest is not None and tuple(latest) > (result["ended_at"], game_id):
        # A later game was rated first (two tables ending together): rate them all again
        # in the order they ended, exactly as a rebuild would.
        await _rebuild(tx, settings)
    else:
        await derive_game(tx, game_id)
        await _rate(tx, settings.guild_id, only_game=game_id)
    return True


async def rebuild(store: Store, guild_id: int) -> int:
    """Derive a server's boards again from its stored results; the number of games counted."""
    async with store.database.write() as tx:
        await _lock_server(tx, guild_id)
        return await _rebuild(tx, await read_settings(tx, guild_id))


async def rename_player(store: Store, guild_id: int, user_id: int, pseudonym: int) -> None:
    """A forgotten person's rows on a server's boards take their pseudonym, in place: the
    boards a rebuild would derive from the renamed results (the same games, in the same order,
    rated alike; the name of their last game), in one small transaction instead of a rebuild
    of every game of the server."""
    old, new = user_key(user_id), user_key(pseudonym)
    async with store.database.write() as tx:
        await _lock_server(tx, guild_id)
        await tx.execute(
            "UPDATE stat_games SET player = ?, user_id = ? WHERE guild_id = ? AND player = ?",
            (new, pseudonym, guild_id, old),
        )
        await tx.execute(
            "UPDATE stat_bids SET player = ? WHERE guild_id = ? AND player = ?",
            (new, guild_id, old),
        )
        await tx.execute(
            "UPDATE stat_players SET player = ?, user_id = ?, display_name = COALESCE(("
            " SELECT rp.display_name FROM result_players rp"
            " WHERE rp.game_id = stat_players.last_game_id AND rp.user_id = ?"
            " ORDER BY rp.seat DESC LIMIT 1), display_name)"
            " WHERE guild_id = ? AND player = ?",
            (new, pseudonym, pseudonym, guild_id, old),
        )


async def reset(store: Store, guild_id: int) -> None:
    """Start a server's boards over: games that ended until now count for nothing any more.

    The games themselves stay stored (``/cinch-boards history`` still lists them).
    """
    db = store.database
    async with db.write() as tx:
        await _lock_server(tx, guild_id)
        settings = await read_settings(tx, guild_id)
        await write_settings(tx, replace(settings, counted_from=db.clock()), db.now())
        await clear_server(tx, guild_id)


async def board_settings(store: Store, guild_id: int) -> BoardSettings:
    async with store.database.session() as session:
        return await read_settings(session, guild_id)


async def update_board_settings(
    store: Store,
    guild_id: int,
    *,
    show_computers: bool | Unset = UNSET,
    count_abandoned: bool | Unset = UNSET,
) -> BoardSettings:
    """Change a server's choices; the boards are rebuilt when what counts has changed."""
    db = store.database
    async with db.write() as tx:
        await _lock_server(tx, guild_id)
        current = await read_settings(tx, guild_id)
        changed = current
        if show_computers is not UNSET:
            changed = replace(changed, show_computers=show_computers)
        if count_abandoned is not UNSET:
            changed = replace(changed, count_abandoned=count_abandoned)
        await write_settings(tx, changed, db.now())
        if changed.count_abandoned != current.count_abandoned:
            await _rebuild(tx, changed)
    return changed


async def _lock_server(tx: Session, guild_id: int) -> None:
    """Wait for, then hold until commit, the lock on a server's statistics: everything that
    reads them to change them (counting, rating, rebuilding, settings) runs one at a time."""
    await tx.lock(f"cinch:stats:{guild_id}")


async def _rebuild(tx: Session, settings: BoardSettings) -> int:
    await clear_server(tx, settings.guild_id)
    await derive_server(tx, settings)
    return await _rate(tx, settings.guild_id)


async def _rate(tx: Session, guild_id: int, *, only_game: int | None = None) -> int:
    """Rate the server's counted games (all, or one new game) in order; games rated."""
    only = "" if only_game is None else "AND g.game_id = ?"
    params = (guild_id,) if only_game is None else (guild_id, only_game)
    rows = await tx.fetch_all(_RATING_ROWS.format(only=only), params)
    skills = {
        row["player"]: Skill(row["mu"], row["sigma"])
        for row in await tx.fetch_all(
            "SELECT player, mu, sigma FROM stat_players WHERE guild_id = ?", (guild_id,)
        )
    }
    touched: dict[str, tuple] = {}
    rating_updates: list[tuple[float, int, str, int, int]] = []
    for seat, skill in rated_seats(rows, skills):
        player = seat["player"]
        rating_updates.append(
            (skill.rating, guild_id, seat["ended_at"], seat["game_id"], seat["seat"])
        )
        touched[player] = (
            guild_id,
            player,
            seat["user_id"],
            seat["computer_level"],
            seat["display_name"],
            skill.mu,
            skill.sigma,
            skill.rating,
            seat["ended_at"],
            seat["game_id"],
        )
    await tx.execute_many(
        "UPDATE stat_games SET rating = ?"
        " WHERE guild_id = ? AND ended_at = ? AND game_id = ? AND seat = ?",
        rating_updates,
    )
    await tx.execute_many(
        "INSERT INTO stat_players (guild_id, player, user_id, computer_level, display_name, mu,"
        " sigma, rating, last_ended_at, last_game_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (guild_id, player) DO UPDATE SET user_id = excluded.user_id,"
        " computer_level = excluded.computer_level, display_name = excluded.display_name,"
        " mu = excluded.mu, sigma = excluded.sigma, rating = excluded.rating,"
        " last_ended_at = excluded.last_ended_at, last_game_id = excluded.last_game_id",
        list(touched.values()),
    )
    await refresh_totals(tx, guild_id, touched)
    return len({seat[3] for seat in rating_updates})


def rated_seats(
    rows: Sequence[Row], skills: MutableMapping[str, Skill]
) -> Iterator[tuple[Row, Skill]]:
    """Rate the games of ``rows`` in the order they come (seats of one game together, each
    with its ``game_id``, ``player``, ``side``, ``winners`` and ``final_scores``), moving
    ``skills`` on game by game; each seat with its player's skill after that game. A player
    missing from ``skills`` starts as a new player (a season starts everyone so)."""
    for seats in _group_by_game(rows):
        first = seats[0]
        outcome = GameOutcome(
            sides=_sides(seats),
            winners=frozenset(json.loads(first["winners"])),
            final_scores=json.loads(first["final_scores"]),
        )
        skills.update(rate_game(skills, outcome))
        for seat in seats:
            yield seat, skills.get(seat["player"], NEW_PLAYER)


def _group_by_game(rows: Sequence[Row]) -> list[list[Row]]:
    """Rows in game order, cut into one list of seats per game."""
    games: list[list[Row]] = []
    for row in rows:
        if games and games[-1][0]["game_id"] == row["game_id"]:
            games[-1].append(row)
        else:
            games.append([row])
    return games


def _sides(seats: Sequence[Row]) -> dict[int, list[str]]:
    sides: dict[int, list[str]] = {}
    for seat in seats:
        sides.setdefault(seat["side"], []).append(seat["player"])
    return sides
