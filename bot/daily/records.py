"""What the daily deal keeps in the store (migration 0011): each person's play of a day, every
action of its deals, each deal's score and review, par, and each server's end-of-day post.

The store's database is shared with the tables (``store.database``), so a play is written in
the same file, under the same lock and clock, as everything else. Every write is one
transaction, committed before the caller goes on.

A play is one person's of one day, forgotten or not: besides its user id, which forgetting
replaces with a pseudonym, it keeps a keyed hash (HMAC) of the person and the day, which
forgetting leaves. A person who played the day, then asked to be forgotten, is known by it, and
gets no second go at deals they have seen; and nobody can tell from the row whose play it was
without the key, a secret chosen once for the database like the deals'.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bot.daily.days import day_from_key, day_key
from bot.engine import Action, Game
from bot.engine.actions import action_to_dict
from bot.errors import UserFacingError
from bot.store import JSON, ConstraintError, Store
from bot.store.database import Row, decode_json, encode_json

#: The mark the secret of the day's deals and puzzles is kept under (``store.marks``).
SECRET_MARK = "daily_secret"
#: The mark the key of the plays' hashes of person and day is kept under.
PLAY_KEY_MARK = "daily_play_key"


async def deals_secret(store: Store) -> str:
    """The secret every day's deals and every generated puzzle are dealt from, chosen once for
    this database (several processes sharing it agree on it)."""
    return await store.marks.keep_first(SECRET_MARK, secrets.token_hex(32))


class StaleMove(Exception):
    """An action numbered like one already stored: another click (or process) moved first."""


@dataclass(frozen=True, slots=True)
class PlayRecord:
    """One person's play of one day's deals."""

    id: int
    day: date
    user_id: int
    guild_id: int
    display_name: str
    finished: bool


@dataclass(frozen=True, slots=True)
class PlayerDay:
    """A player's day on a server's board: their name and their score on each deal played."""

    user_id: int
    name: str
    finished: bool
    #: They keep off the boards (``/cinch settings``): others do not see their line.
    hidden: bool
    scores: dict[int, int]


@dataclass(frozen=True, slots=True)
class ParRecord:
    """A deal played by the computers in every seat: the player's seat's score, and how."""

    score: int
    actions: tuple[tuple[int, Action], ...]


def _play(row: Row) -> PlayRecord:
    return PlayRecord(
        id=row["id"],
        day=day_from_key(row["day"]),
        user_id=row["user_id"],
        guild_id=row["guild_id"],
        display_name=row["display_name"],
        finished=row["finished_at"] is not None,
    )


def _action(seat: int, stored: JSON) -> tuple[int, Action]:
    """A stored action back; ``ValueError`` when it is not one."""
    if not isinstance(stored, dict):
        raise ValueError(f"not an action: {stored!r}")
    return Game.action_from_dict({**stored, "seat": seat})


def _actions(rows: Sequence[Row]) -> tuple[tuple[int, Action], ...]:
    return tuple(_action(row["seat"], decode_json(row["action"])) for row in rows)


class DailyRecords:
    """The daily deal's rows."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self._db = store.database
        self._play_key: bytes | None = None

    async def secret(self) -> str:
        return await deals_secret(self._store)

    async def player_key(self, day: date, user_id: int) -> str:
        """The keyed hash of the person and the day that marks their play of it."""
        if self._play_key is None:
            kept = await self._store.marks.keep_first(PLAY_KEY_MARK, secrets.token_hex(32))
            self._play_key = bytes.fromhex(kept)
        message = f"{day_key(day)}:{user_id}".encode()
        return hmac.new(self._play_key, message, hashlib.sha256).hexdigest()

    async def play(self, day: date, user_id: int) -> PlayRecord | None:
        """The person's play of `day`, wherever they began it."""
        row = await self._db.fetch_one(
            "SELECT * FROM daily_plays WHERE day = ? AND user_id = ?", (day_key(day), user_id)
        )
        return None if row is None else _play(row)

    async def begin(self, day: date, user_id: int, guild_id: int, name: str) -> PlayRecord:
        """The person's play of `day`: begun now in this server, or the one they began.
        Refused when they played it before being forgotten (their play is a former player's)."""
        key = await self.player_key(day, user_id)
        async with self._db.write() as tx:
            earlier = await tx.fetch_one(
                "SELECT user_id FROM daily_plays WHERE day = ? AND player_key = ?",
                (day_key(day), key),
            )
            if earlier is not None and earlier["user_id"] != user_id:
                raise UserFacingError("daily.played_before_forgetting")
            await tx.execute(
                "INSERT INTO daily_plays (day, user_id, guild_id, display_name, started_at,"
                " player_key) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (day, user_id) DO NOTHING",
                (day_key(day), user_id, guild_id, name, self._db.now(), key),
            )
            row = await tx.fetch_required(
                "SELECT * FROM daily_plays WHERE day = ? AND user_id = ?", (day_key(day), user_id)
            )
        return _play(row)

    async def actions(self, play_id: int, deal: int) -> tuple[tuple[int, Action], ...]:
        """Every action of the deal so far, in order."""
        rows = await self._db.fetch_all(
            "SELECT seat, action FROM daily_actions WHERE play_id = ? AND deal = ? ORDER BY number",
            (play_id, deal),
        )
        return _actions(rows)

    async def append(self, play_id: int, deal: int, number: int, seat: int, action: Action) -> None:
        """Keep action `number` (from 0) of the deal; :class:`StaleMove` when that number is
        taken (the deal moved on since the caller read it)."""
        try:
            async with self._db.write() as tx:
                await tx.execute(
                    "INSERT INTO daily_actions (play_id, deal, number, seat, action, created_at)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        play_id,
                        deal,
                        number,
                        seat,
                        encode_json(action_to_dict(action)),
                        self._db.now(),
                    ),
                )
        except ConstraintError as error:
            raise StaleMove(f"action {number} of deal {deal} is already stored") from error

    async def finish_deal(self, play_id: int, deal: int, score: int, *, last: bool) -> None:
        """The deal is over with `score`; after the `last` deal, the play is finished."""
        now = self._db.now()
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO daily_results (play_id, deal, score, finished_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (play_id, deal) DO NOTHING",
                (play_id, deal, score, now),
            )
            if last:
                await tx.execute(
                    "UPDATE daily_plays SET finished_at = ? WHERE id = ? AND finished_at IS NULL",
                    (now, play_id),
                )

    async def scores(self, play_id: int) -> dict[int, int]:
        """The score of each deal of the play that is over."""
        rows = await self._db.fetch_all(
            "SELECT deal, score FROM daily_results WHERE play_id = ?", (play_id,)
        )
        return {row["deal"]: row["score"] for row in rows}

    async def day_scores(self, guild_id: int, day: date) -> list[PlayerDay]:
        """Everyone who played `day` in this server, with their score on each deal over."""
        rows = await self._db.fetch_all(
            "SELECT p.user_id, p.display_name, p.finished_at, u.hidden_from_boards, r.deal,"
            " r.score FROM daily_plays p LEFT JOIN daily_results r ON r.play_id = p.id"
            " LEFT JOIN user_preferences u ON u.user_id = p.user_id"
            " WHERE p.guild_id = ? AND p.day = ? ORDER BY p.id, r.deal",
            (guild_id, day_key(day)),
        )
        players: dict[int, PlayerDay] = {}
        for row in rows:
            player = players.setdefault(
                row["user_id"],
                PlayerDay(
                    row["user_id"],
                    row["display_name"],
                    row["finished_at"] is not None,
                    bool(row["hidden_from_boards"]),
                    {},
                ),
            )
            if row["deal"] is not None:
                player.scores[row["deal"]] = row["score"]
        return list(players.values())

    async def finished_days(self, user_id: int) -> set[date]:
        """The days on which the person played every deal."""
        rows = await self._db.fetch_all(
            "SELECT day FROM daily_plays WHERE user_id = ? AND finished_at IS NOT NULL",
            (user_id,),
        )
        return {day_from_key(row["day"]) for row in rows}

    async def review(self, play_id: int, deal: int) -> JSON | None:
        row = await self._db.fetch_one(
            "SELECT review FROM daily_results WHERE play_id = ? AND deal = ?", (play_id, deal)
        )
        return None if row is None else decode_json(row["review"])

    async def save_review(self, play_id: int, deal: int, review: JSON) -> None:
        async with self._db.write() as tx:
            await tx.execute(
                "UPDATE daily_results SET review = ? WHERE play_id = ? AND deal = ?",
                (encode_json(review), play_id, deal),
            )

    async def par(self, day: date, deal: int) -> ParRecord | None:
        row = await self._db.fetch_one(
            "SELECT score, actions FROM daily_pars WHERE day = ? AND deal = ?",
            (day_key(day), deal),
        )
        if row is None:
            return None
        actions = decode_json(row["actions"])
        if not isinstance(actions, list):
            raise ValueError(f"not a list of actions: {actions!r}")
        return ParRecord(
            row["score"],
            tuple(Game.action_from_dict(item) for item in actions if isinstance(item, dict)),
        )

    async def save_par(self, day: date, deal: int, par: ParRecord) -> None:
        """Keep par (worked out the same by whoever got there first)."""
        actions: JSON = [{"seat": seat, **action_to_dict(action)} for seat, action in par.actions]
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO daily_pars (day, deal, score, actions) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (day, deal) DO NOTHING",
                (day_key(day), deal, par.score, encode_json(actions)),
            )

    async def post_channel(self, guild_id: int) -> int | None:
        """Where the server's end-of-day post goes (None: nowhere)."""
        row = await self._db.fetch_one(
            "SELECT channel_id FROM daily_channels WHERE guild_id = ?", (guild_id,)
        )
        return None if row is None else int(row["channel_id"])

    async def set_post_channel(self, guild_id: int, channel_id: int | None) -> None:
        """Send the server's end-of-day post to `channel_id` from now on (None: stop)."""
        async with self._db.write() as tx:
            if channel_id is None:
                await tx.execute("DELETE FROM daily_channels WHERE guild_id = ?", (guild_id,))
                return
            await tx.execute(
                "INSERT INTO daily_channels (guild_id, channel_id, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET channel_id = excluded.channel_id,"
                " updated_at = excluded.updated_at",
                (guild_id, channel_id, self._db.now()),
            )

    async def posts_due(self, day: date) -> list[tuple[int, int]]:
        """(server, channel) of each server with a post channel, someone who played `day`
        there, and no post for it yet."""
        rows = await self._db.fetch_all(
            "SELECT c.guild_id, c.channel_id FROM daily_channels c"
            " WHERE EXISTS (SELECT 1 FROM daily_plays p WHERE p.guild_id = c.guild_id"
            " AND p.day = ?) AND NOT EXISTS (SELECT 1 FROM daily_posts d"
            " WHERE d.guild_id = c.guild_id AND d.day = ?) ORDER BY c.guild_id",
            (day_key(day), day_key(day)),
        )
        return [(row["guild_id"], row["channel_id"]) for row in rows]

    async def claim_post(self, guild_id: int, day: date, channel_id: int) -> bool:
        """Claim the server's post of `day`: True for the one caller who sends it."""
        async with self._db.write() as tx:
            outcome = await tx.execute(
                "INSERT INTO daily_posts (guild_id, day, channel_id, posted_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id, day) DO NOTHING",
                (guild_id, day_key(day), channel_id, self._db.now()),
            )
        return outcome.rowcount == 1
