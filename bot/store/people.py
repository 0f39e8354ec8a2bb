"""What the store keeps about a person, and forgetting it when they ask.

A person is stored by their Discord user id, in their settings (``user_preferences``), the
seats they took (``seats``, with the name they played under), the tables they opened
(``game_tables.creator_id``), the results of the games they played (``result_players``,
including the seat a stand-in computer played for them while they were away), the league's rows
(a season's awards, its role's holders, the tournaments they organised or entered), their plays
of the daily deals (``daily_plays``), and their puzzle attempts, views and rating
(``puzzle_attempts``, ``puzzle_views``, ``puzzle_ratings``). The boards (``stat_*``) are
derived from the results and rebuilt from them (``bot/stats``).

A request to be forgotten is kept (``pending_forgets``, with the pseudonym chosen when it was
made) until the forgetting is done, so that work done in the background, a little at a time,
is carried on after a restart under the same pseudonym.

Forgetting deletes their settings, what they were still to be told (``notes_for_next_hand``),
their puzzle attempts, views and rating, and gives every other row a pseudonym: a negative id,
which no Discord user has, the same in every row so that the games stay whole for the others,
and a name the caller words in each table's language ("Former player"). The pseudonym is kept
off the boards.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .database import Database, Session

#: The name of a forgotten person at a table in a given language.
NameFor = Callable[[str | None], str]

#: A person's rows, with the language of the table each one belongs to.
_THEIR_SEATS = """
SELECT s.table_id, s.seat, t.language FROM seats s JOIN game_tables t ON t.id = s.table_id
WHERE s.user_id = ?
"""
_THEIR_RESULTS = """
SELECT rp.game_id, rp.seat, rp.guild_id, t.language
FROM result_players rp JOIN games g ON g.id = rp.game_id JOIN game_tables t ON t.id = g.table_id
WHERE rp.user_id = ? OR rp.stand_in_for = ?
"""
_OPEN_TABLES = """
SELECT DISTINCT t.id FROM game_tables t LEFT JOIN seats s ON s.table_id = t.id
WHERE t.status = 'open' AND (s.user_id = ? OR t.creator_id = ?)
ORDER BY t.id
"""


@dataclass(frozen=True, slots=True)
class Forgotten:
    """What forgetting a person changed."""

    pseudonym: int
    #: Their settings were deleted (False: they had none).
    settings: bool
    #: Rows renamed: results of games, seats, tables they opened, days of the daily deals.
    results: int
    seats: int
    tables: int
    daily_plays: int
    #: Their puzzle attempts, deleted with their puzzle rating.
    puzzle_attempts: int
    #: The servers whose boards counted them, to be rebuilt.
    guilds: frozenset[int]
    #: The open tables that seated them or that they opened (the bot holds those in memory).
    open_tables: tuple[int, ...]
    #: The league's rows renamed: seasons' awards and roles, tournaments organised or entered.
    league_rows: int = 0
    #: The puzzles they were shown, deleted.
    puzzle_views: int = 0

    @property
    def found(self) -> bool:
        """Whether anything about the person was stored; False when they were forgotten
        already or never played here, and then nothing was changed."""
        return bool(
            self.settings
            or self.results
            or self.seats
            or self.tables
            or self.daily_plays
            or self.puzzle_attempts
            or self.open_tables
            or self.league_rows
            or self.puzzle_views
        )


class PeopleRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def open_tables(self, user_id: int) -> tuple[int, ...]:
        """The open tables that seat the person or that they opened."""
        async with self._db.session() as session:
            return await _open_tables(session, user_id)

    async def ask_to_forget(self, user_id: int, pseudonym: int) -> bool:
        """Keep the person's request to be forgotten under ``pseudonym``; False when one is
        pending already (its own pseudonym stays)."""
        if pseudonym >= 0:
            raise ValueError("a pseudonym is negative, so that it is nobody's Discord id")
        async with self._db.write() as tx:
            asked = await tx.execute(
                "INSERT INTO pending_forgets (user_id, pseudonym, asked_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, pseudonym, self._db.now()),
            )
        return asked.rowcount > 0

    async def pending_forgets(self) -> dict[int, int]:
        """Each person whose forgetting is not done yet, with their pseudonym, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT user_id, pseudonym FROM pending_forgets ORDER BY asked_at, user_id"
        )
        return {row["user_id"]: row["pseudonym"] for row in rows}

    async def forgetting_done(self, user_id: int) -> None:
        async with self._db.write() as tx:
            await tx.execute("DELETE FROM pending_forgets WHERE user_id = ?", (user_id,))

    async def forget(self, user_id: int, pseudonym: int, name_for: NameFor) -> Forgotten:
        """Delete the person's settings and rename every row about them, in one transaction;
        forgetting someone already forgotten changes nothing."""
        if pseudonym >= 0:
            raise ValueError("a pseudonym is negative, so that it is nobody's Discord id")
        now = self._db.now()
        async with self._db.write() as tx:
            open_tables = await _open_tables(tx, user_id)
            settings = await tx.execute(
                "DELETE FROM user_preferences WHERE user_id = ?", (user_id,)
            )
            await tx.execute("DELETE FROM notes_for_next_hand WHERE user_id = ?", (user_id,))
            seats = await tx.fetch_all(_THEIR_SEATS, (user_id,))
            await tx.execute_many(
                "UPDATE seats SET user_id = ?, display_name = ? WHERE table_id = ? AND seat = ?",
                [
                    (pseudonym, name_for(row["language"]), row["table_id"], row["seat"])
                    for row in seats
                ],
            )
            results = await tx.fetch_all(_THEIR_RESULTS, (user_id, user_id))
            await tx.execute_many(
                "UPDATE result_players SET display_name = ? WHERE game_id = ? AND seat = ?",
                [(name_for(row["language"]), row["game_id"], row["seat"]) for row in results],
            )
            await tx.execute(
                "UPDATE result_players SET user_id = ? WHERE user_id = ?", (pseudonym, user_id)
            )
            await tx.execute(
                "UPDATE result_players SET stand_in_for = ? WHERE stand_in_for = ?",
                (pseudonym, user_id),
            )
            tables = await tx.execute(
                "UPDATE game_tables SET creator_id = ? WHERE creator_id = ?",
                (pseudonym, user_id),
            )
            league_rows = await _forget_in_league(tx, user_id, pseudonym, name_for)
            daily = await tx.execute(
                "UPDATE daily_plays SET user_id = ?, display_name = ? WHERE user_id = ?",
                (pseudonym, name_for(None), user_id),
            )
            attempts = await tx.execute("DELETE FROM puzzle_attempts WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM puzzle_ratings WHERE user_id = ?", (user_id,))
            views = await tx.execute("DELETE FROM puzzle_views WHERE user_id = ?", (user_id,))
            forgotten = Forgotten(
                pseudonym=pseudonym,
                settings=settings.rowcount > 0,
                results=len(results),
                seats=len(seats),
                tables=tables.rowcount,
                daily_plays=daily.rowcount,
                puzzle_attempts=attempts.rowcount,
                guilds=frozenset(row["guild_id"] for row in results),
                open_tables=open_tables,
                league_rows=league_rows,
                puzzle_views=views.rowcount,
            )
            if forgotten.found:
                # The pseudonym stays off the boards; nobody found, nobody to keep off.
                await tx.execute(
                    "INSERT INTO user_preferences (user_id, hidden_from_boards, updated_at)"
                    " VALUES (?, 1, ?) ON CONFLICT (user_id) DO NOTHING",
                    (pseudonym, now),
                )
        return forgotten


async def _forget_in_league(
    tx: Session, user_id: int, pseudonym: int, name_for: NameFor
) -> int:
    """The league's rows take the pseudonym too: the seasons' awards (by player key, as the
    boards write it), who was given a season's role, the tournaments they organised and
    entered (with their name in each tournament's language). How many rows changed."""
    changed = 0
    for statement, values in (
        (
            "UPDATE season_awards SET player = ? WHERE player = ?",
            (f"user:{pseudonym}", f"user:{user_id}"),
        ),
        ("UPDATE season_role_holders SET user_id = ? WHERE user_id = ?", (pseudonym, user_id)),
        ("UPDATE tournaments SET organiser_id = ? WHERE organiser_id = ?", (pseudonym, user_id)),
    ):
        changed += (await tx.execute(statement, values)).rowcount
    for column, name in (("user_id", "name"), ("partner_id", "partner_name")):
        rows = await tx.fetch_all(
            f"SELECT e.tournament_id, e.entrant, t.language FROM tournament_entrants e"
            f" JOIN tournaments t ON t.id = e.tournament_id WHERE e.{column} = ?",
            (user_id,),
        )
        await tx.execute_many(
            f"UPDATE tournament_entrants SET {column} = ?, {name} = ?"
            " WHERE tournament_id = ? AND entrant = ?",
            [
                (pseudonym, name_for(row["language"]), row["tournament_id"], row["entrant"])
                for row in rows
            ],
        )
        changed += len(rows)
    return changed


async def _open_tables(session: Session, user_id: int) -> tuple[int, ...]:
    rows = await session.fetch_all(_OPEN_TABLES, (user_id, user_id))
    return tuple(row["id"] for row in rows)
