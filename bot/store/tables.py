"""Tables (one open per channel) and their seats."""

from __future__ import annotations

from .database import (
    UNSET,
    Database,
    Row,
    Session,
    Unset,
    decode_json,
    decode_time,
    encode_json,
    only_given,
)
from .limits import ServerLimits, TableLimitError
from .records import JSON, SeatRecord, TableRecord, UnreadableTableRecord
from .store_errors import ConstraintError, SeatConflictError, TableExistsError, UnreadableValue

DEFAULT_TURN_TIMER = 90


def _table(row: Row) -> TableRecord:
    return TableRecord(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        creator_id=row["creator_id"],
        house_rules=decode_json(row["house_rules"]),
        language=row["language"],
        turn_timer=row["turn_timer_seconds"],
        status=row["status"],
        message_id=row["message_id"],
        created_at=decode_time(row["created_at"]),
        ended_at=decode_time(row["ended_at"]),
        closed_reason=row["closed_reason"],
    )


def _open_table(row: Row) -> TableRecord | UnreadableTableRecord:
    """An open table's row, or what can be read of it when the rest cannot."""
    try:
        return _table(row)
    except UnreadableValue as error:
        return UnreadableTableRecord(
            id=row["id"],
            guild_id=row["guild_id"],
            channel_id=row["channel_id"],
            language=row["language"],
            message_id=row["message_id"],
            problem=str(error),
        )


def _seat(row: Row) -> SeatRecord:
    return SeatRecord(
        table_id=row["table_id"],
        seat=row["seat"],
        user_id=row["user_id"],
        computer_level=row["computer_level"],
        display_name=row["display_name"],
        away=bool(row["away"]),
        auto_moves=row["auto_moves"],
    )


async def _check_limits(tx: Session, limits: ServerLimits, creator_id: int) -> None:
    """Refuse the table just added when it passes the server's limits (the lock is held)."""
    row = await tx.fetch_required(
        "SELECT COUNT(*) AS tables,"
        " COALESCE(SUM(CASE WHEN creator_id = ? THEN 1 ELSE 0 END), 0) AS theirs"
        " FROM game_tables WHERE guild_id = ? AND status = 'open'",
        (creator_id, limits.guild_id),
    )
    if row["theirs"] > limits.tables_per_member:
        raise TableLimitError(per_member=True, limit=limits.tables_per_member)
    if row["tables"] > limits.tables_per_server:
        raise TableLimitError(per_member=False, limit=limits.tables_per_server)


_TABLE_BY_ID = "SELECT * FROM game_tables WHERE id = ?"
_SEAT_BY_KEY = "SELECT * FROM seats WHERE table_id = ? AND seat = ?"


class TablesRepository:
    """Create, find, change and end tables; seat and unseat players."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def create(
        self,
        *,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        house_rules: JSON,
        language: str | None = None,
        turn_timer: int | None = DEFAULT_TURN_TIMER,
        limits: ServerLimits | None = None,
    ) -> TableRecord:
        """Open a table in a channel.

        Raises :class:`TableExistsError` (carrying the open table) when the channel already
        has one, so ``/cinch new`` can point to it, and :class:`TableLimitError` when the
        table would pass one of the server's ``limits``.
        """
        try:
            async with self._db.write() as tx:
                if limits is not None:
                    # Tables opened together in one server are counted one after the other.
                    await tx.lock(f"cinch:tables:{guild_id}")
                row = await tx.fetch_required(
                    "INSERT INTO game_tables (guild_id, channel_id, creator_id, house_rules,"
                    " language, turn_timer_seconds, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)"
                    " RETURNING *",
                    (
                        guild_id,
                        channel_id,
                        creator_id,
                        encode_json(house_rules),
                        language,
                        turn_timer,
                        self._db.now(),
                    ),
                )
                if limits is not None:
                    await _check_limits(tx, limits, creator_id)
        except ConstraintError:
            existing = await self.open_in_channel(channel_id)
            if existing is None:
                raise
            raise TableExistsError(existing) from None
        return _table(row)

    async def get(self, table_id: int) -> TableRecord | None:
        row = await self._db.fetch_one(_TABLE_BY_ID, (table_id,))
        return None if row is None else _table(row)

    async def open_in_channel(self, channel_id: int) -> TableRecord | None:
        """The channel's open table, if any."""
        row = await self._db.fetch_one(
            "SELECT * FROM game_tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
        )
        return None if row is None else _table(row)

    async def list_open(self) -> list[TableRecord | UnreadableTableRecord]:
        """Every open table, oldest first: what the bot restores at start. A row that cannot
        be read comes as an :class:`UnreadableTableRecord`, so that it never hides the others."""
        rows = await self._db.fetch_all(
            "SELECT * FROM game_tables WHERE status = 'open' ORDER BY id"
        )
        return [_open_table(row) for row in rows]

    async def guilds(self) -> set[int]:
        """Every server that has had a table here, open or closed."""
        rows = await self._db.fetch_all("SELECT DISTINCT guild_id FROM game_tables")
        return {row["guild_id"] for row in rows}

    async def update(
        self,
        table_id: int,
        *,
        house_rules: JSON | Unset = UNSET,
        language: str | Unset | None = UNSET,
        turn_timer: int | Unset | None = UNSET,
        message_id: int | Unset | None = UNSET,
    ) -> TableRecord:
        """Change the given fields only (``None`` clears a field; omitted ones stay)."""
        changes = only_given(
            house_rules=house_rules,
            language=language,
            turn_timer_seconds=turn_timer,
            message_id=message_id,
        )
        if "house_rules" in changes:
            changes["house_rules"] = encode_json(changes["house_rules"])
        async with self._db.write() as tx:
            await tx.update("game_tables", changes, "id = ?", (table_id,))
            row = await tx.fetch_required(_TABLE_BY_ID, (table_id,))
        return _table(row)

    async def end(self, table_id: int, *, reason: str | None = None) -> TableRecord:
        """Close the table (keeping its history); the channel may open a new one. ``reason``
        says why, when its players did not close it."""
        async with self._db.write() as tx:
            await self._end(tx, table_id, reason)
            row = await tx.fetch_required(_TABLE_BY_ID, (table_id,))
        return _table(row)

    async def set_aside(self, table_id: int, reason: str) -> None:
        """Close a table whose rows cannot be read, saying why, and end its game in progress
        as abandoned. That game gets no result (nor a place on the boards): its players and
        scores are in the rows that could not be read."""
        async with self._db.write() as tx:
            await self._end(tx, table_id, reason)
            await tx.execute(
                "UPDATE games SET status = 'abandoned', ended_at = ?"
                " WHERE table_id = ? AND status = 'playing'",
                (self._db.now(), table_id),
            )

    async def _end(self, tx: Session, table_id: int, reason: str | None) -> None:
        await tx.execute(
            "UPDATE game_tables SET status = 'ended', ended_at = ?, closed_reason = ?"
            " WHERE id = ? AND status = 'open'",
            (self._db.now(), reason, table_id),
        )

    # ------------------------------------------------------------------ seats

    async def seats(self, table_id: int) -> list[SeatRecord]:
        """The occupied seats in seat order."""
        rows = await self._db.fetch_all(
            "SELECT * FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
        )
        return [_seat(row) for row in rows]

    async def sit(
        self,
        table_id: int,
        seat: int,
        *,
        display_name: str,
        user_id: int | None = None,
        computer_level: str | None = None,
    ) -> SeatRecord:
        """Put a person (``user_id``) or a computer player (``computer_level``) in a seat.

        Whoever sat there before is replaced (that is how a member takes over a seat marked
        away), and the seat starts present with no automatic moves. Raises
        :class:`SeatConflictError` if this person already sits elsewhere at the table.
        """
        if (user_id is None) == (computer_level is None):
            raise ValueError("give exactly one of user_id and computer_level")
        try:
            async with self._db.write() as tx:
                # Not INSERT OR REPLACE: that would also silently delete this person's
                # other seat instead of refusing.
                await tx.execute(
                    "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
                )
                await tx.execute(
                    "INSERT INTO seats (table_id, seat, user_id, computer_level, display_name)"
                    " VALUES (?, ?, ?, ?, ?)",
                    (table_id, seat, user_id, computer_level, display_name),
                )
                row = await tx.fetch_required(_SEAT_BY_KEY, (table_id, seat))
        except ConstraintError as error:
            # The seat itself was emptied just before, so the only unique rule left to break
            # is one seat per person.
            if user_id is not None and error.kind == "unique":
                raise SeatConflictError(table_id, user_id) from None
            raise
        return _seat(row)

    async def leave(self, table_id: int, seat: int) -> bool:
        """Empty a seat; False if it was already empty."""
        async with self._db.write() as tx:
            outcome = await tx.execute(
                "DELETE FROM seats WHERE table_id = ? AND seat = ?", (table_id, seat)
            )
            return outcome.rowcount > 0

    async def update_seat(
        self,
        table_id: int,
        seat: int,
        *,
        away: bool | Unset = UNSET,
        auto_moves: int | Unset = UNSET,
        display_name: str | Unset = UNSET,
    ) -> SeatRecord:
        """Change the given fields of an occupied seat."""
        changes = only_given(away=away, auto_moves=auto_moves, display_name=display_name)
        async with self._db.write() as tx:
            await tx.update("seats", changes, "table_id = ? AND seat = ?", (table_id, seat))
            row = await tx.fetch_required(_SEAT_BY_KEY, (table_id, seat))
        return _seat(row)

    async def add_auto_move(self, table_id: int, seat: int) -> SeatRecord:
        """Count one more automatic move in a row for the seat and return the new count."""
        async with self._db.write() as tx:
            await tx.execute(
                "UPDATE seats SET auto_moves = auto_moves + 1 WHERE table_id = ? AND seat = ?",
                (table_id, seat),
            )
            row = await tx.fetch_required(_SEAT_BY_KEY, (table_id, seat))
        return _seat(row)
