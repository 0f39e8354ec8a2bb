"""What the puzzles keep in the store (migrations 0012 and 0017): the puzzles, the daily puzzle of
each day, when each person was first shown each puzzle, their first attempts and their rating.

Puzzles are dealt (``sources.py``). Rows of puzzles from servers' games (``GAME``), which the
bot once searched for them, stay in the store but are never shown again: their answers are in
the games' replays.

The store's database is shared with the tables (``store.database``); every write is one
transaction, committed before the caller goes on.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

from bot.daily.days import day_key
from bot.engine import Card
from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.ratings import START, rated
from bot.store import Store
from bot.store.database import Row, Session, decode_json, decode_time, encode_json

GAME, GENERATED = "game", "generated"


@dataclass(frozen=True, slots=True)
class PuzzleRecord:
    id: int
    #: ``game`` (a hand of `guild_id`'s game played in `channel_id`) or ``generated``.
    source: str
    guild_id: int | None
    channel_id: int | None
    hand_number: int | None
    label: str | None
    position: PuzzlePosition
    rating: float
    attempts: int


@dataclass(frozen=True, slots=True)
class Attempt:
    """A person's first attempt at a puzzle."""

    puzzle_id: int
    card: Card
    solved: bool
    rating_before: float
    rating_after: float
    #: Made in time, so it moved the ratings (False: the ratings stayed as they were).
    counted: bool


@dataclass(frozen=True, slots=True)
class Rated:
    """A person on a server's puzzle board."""

    user_id: int
    #: The name this server showed at their last attempt here (None: not known, from before
    #: attempts kept it); never a name from another server.
    name: str | None
    rating: float
    attempts: int
    solved: int
    hidden: bool


def _puzzle(row: Row) -> PuzzleRecord:
    return PuzzleRecord(
        id=row["id"],
        source=row["source"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        hand_number=row["hand_number"],
        label=row["label"],
        position=PuzzlePosition.from_json(decode_json(row["position"])),
        rating=row["rating"],
        attempts=row["attempts"],
    )


def _attempt(row: Row) -> Attempt:
    return Attempt(
        row["puzzle_id"],
        Card.parse(row["card"]),
        bool(row["solved"]),
        row["rating_before"],
        row["rating_after"],
        bool(row["counted"]),
    )


class PuzzleRecords:
    """The puzzles' rows."""

    def __init__(self, store: Store) -> None:
        self._db = store.database

    async def puzzle(self, puzzle_id: int) -> PuzzleRecord | None:
        row = await self._db.fetch_one("SELECT * FROM puzzles WHERE id = ?", (puzzle_id,))
        return None if row is None else _puzzle(row)

    async def generated(self, label: str) -> PuzzleRecord | None:
        row = await self._db.fetch_one("SELECT * FROM puzzles WHERE label = ?", (label,))
        return None if row is None else _puzzle(row)

    async def add_generated(self, label: str, position: PuzzlePosition) -> PuzzleRecord:
        """Keep the puzzle of `label` (found the same by whoever got there first)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO puzzles (source, label, position, rating, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (label) DO NOTHING",
                (GENERATED, label, encode_json(position.to_json()), START, self._db.now()),
            )
            row = await tx.fetch_required("SELECT * FROM puzzles WHERE label = ?", (label,))
        return _puzzle(row)

    async def generated_labels(self, prefix: str) -> int:
        """How many generated puzzles have labels beginning with `prefix`."""
        row = await self._db.fetch_one(
            "SELECT COUNT(*) AS n FROM puzzles WHERE source = ? AND label LIKE ?",
            (GENERATED, f"{prefix}%"),
        )
        return int(row["n"]) if row is not None else 0

    async def untried(self, user_id: int, prefix: str) -> list[PuzzleRecord]:
        """The dealt puzzles whose label begins with `prefix` that the person has not tried."""
        rows = await self._db.fetch_all(
            "SELECT * FROM puzzles p WHERE source = ? AND label LIKE ? AND NOT EXISTS ("
            "SELECT 1 FROM puzzle_attempts a WHERE a.puzzle_id = p.id AND a.user_id = ?)",
            (GENERATED, f"{prefix}%", user_id),
        )
        return [_puzzle(row) for row in rows]

    async def day_puzzle(self, day: date) -> int | None:
        row = await self._db.fetch_one(
            "SELECT puzzle_id FROM puzzle_days WHERE day = ?", (day_key(day),)
        )
        return None if row is None else int(row["puzzle_id"])

    async def set_day_puzzle(self, day: date, puzzle_id: int) -> int:
        """The daily puzzle of `day`: `puzzle_id` unless another process chose it first."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO puzzle_days (day, puzzle_id) VALUES (?, ?)"
                " ON CONFLICT (day) DO NOTHING",
                (day_key(day), puzzle_id),
            )
            row = await tx.fetch_required(
                "SELECT puzzle_id FROM puzzle_days WHERE day = ?", (day_key(day),)
            )
        return int(row["puzzle_id"])

    async def attempt(self, user_id: int, puzzle_id: int) -> Attempt | None:
        row = await self._db.fetch_one(
            "SELECT * FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?",
            (user_id, puzzle_id),
        )
        return None if row is None else _attempt(row)

    async def rating(self, user_id: int) -> float | None:
        """The person's rating (None before their first attempt)."""
        row = await self._db.fetch_one(
            "SELECT rating FROM puzzle_ratings WHERE user_id = ?", (user_id,)
        )
        return None if row is None else float(row["rating"])

    async def mark_shown(self, user_id: int, puzzle_id: int) -> None:
        """The puzzle is shown to the person: the first time starts their time to answer."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO puzzle_views (user_id, puzzle_id, shown_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id, puzzle_id) DO NOTHING",
                (user_id, puzzle_id, self._db.now()),
            )

    async def try_puzzle(
        self,
        user_id: int,
        name: str,
        guild_id: int,
        puzzle_id: int,
        card: Card,
        solved: bool,
        within: timedelta,
    ) -> bool:
        """Keep the person's first attempt, in one transaction: True; a later attempt changes
        nothing: False. Only an attempt made `within` the time from when the puzzle was first
        shown to them moves both ratings; a later one is kept as not counted (the ratings as
        they were), so that looking the answer up earns nothing."""
        async with self._db.write() as tx:
            puzzle = await tx.fetch_required(
                f"SELECT rating FROM puzzles WHERE id = ?{tx.for_update}", (puzzle_id,)
            )
            await _lock_person(tx, user_id)
            first = await tx.fetch_one(
                "SELECT * FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?",
                (user_id, puzzle_id),
            )
            if first is not None:
                return False
            row = await tx.fetch_one(
                "SELECT rating FROM puzzle_ratings WHERE user_id = ?", (user_id,)
            )
            shown = await tx.fetch_one(
                "SELECT shown_at FROM puzzle_views WHERE user_id = ? AND puzzle_id = ?",
                (user_id, puzzle_id),
            )
            waited = None if shown is None else self._db.clock() - decode_time(shown["shown_at"])
            counted = waited is not None and waited <= within
            before = START if row is None else float(row["rating"])
            after, puzzle_after = rated(before, float(puzzle["rating"]), solved)
            if not counted:
                after, puzzle_after = before, float(puzzle["rating"])
            now = self._db.now()
            await tx.execute(
                "INSERT INTO puzzle_attempts (user_id, puzzle_id, guild_id, card, solved,"
                " rating_before, rating_after, attempted_at, display_name, counted)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    user_id,
                    puzzle_id,
                    guild_id,
                    card.code,
                    int(solved),
                    before,
                    after,
                    now,
                    name,
                    int(counted),
                ),
            )
            if not counted:
                return True
            await tx.execute(
                "UPDATE puzzles SET rating = ?, attempts = attempts + 1 WHERE id = ?",
                (puzzle_after, puzzle_id),
            )
            await tx.execute(
                "INSERT INTO puzzle_ratings (user_id, display_name, rating, updated_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET"
                " display_name = excluded.display_name, rating = excluded.rating,"
                " updated_at = excluded.updated_at",
                (user_id, name, after, now),
            )
        return True

    async def board(self, guild_id: int) -> list[Rated]:
        """Everyone who tried a puzzle in this server, with their rating and their attempts
        that counted, named as this server knows them (a rating is the same everywhere, a name
        is not)."""
        rows = await self._db.fetch_all(
            "SELECT r.user_id, r.rating, u.hidden_from_boards,"
            " (SELECT a.display_name FROM puzzle_attempts a WHERE a.user_id = r.user_id"
            " AND a.guild_id = ? AND a.display_name IS NOT NULL"
            " ORDER BY a.attempted_at DESC LIMIT 1) AS display_name,"
            " (SELECT COUNT(*) FROM puzzle_attempts a WHERE a.user_id = r.user_id"
            " AND a.counted = 1) AS tried,"
            " (SELECT COUNT(*) FROM puzzle_attempts a WHERE a.user_id = r.user_id"
            " AND a.counted = 1 AND a.solved = 1) AS solved"
            " FROM puzzle_ratings r LEFT JOIN user_preferences u ON u.user_id = r.user_id"
            " WHERE EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = r.user_id"
            " AND a.guild_id = ?) ORDER BY r.rating DESC, r.user_id",
            (guild_id, guild_id),
        )
        return [
            Rated(
                row["user_id"],
                row["display_name"],
                float(row["rating"]),
                int(row["tried"]),
                int(row["solved"]),
                bool(row["hidden_from_boards"]),
            )
            for row in rows
        ]


async def _lock_person(tx: Session, user_id: int) -> None:
    """One attempt of a person at a time, in every process: their rating is read and written."""
    await tx.lock(f"puzzle-rating:{user_id}")
