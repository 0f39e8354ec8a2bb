"""What players have been shown: the results posted in a table's channel, where each
person's live hand messages are, and what a person must still be told with their next hand.

An action is committed before anything is shown, so a process that stops in between leaves
something stored and never shown. These rows let the next start show it: a hand's (or the
game's) result with no row here was never posted; a person's hand messages are found and
brought up to date, however the last process ended; a note for someone Discord let the bot
reach by no way is kept until an answer shows it.
"""

from __future__ import annotations

from .database import Database, decode_time, encode_time
from .records import HandBeingSent, HandMessageRecord, PendingNote

#: The number under which a game's own result (its end) is marked posted.
GAME_END = 0


class ShownRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def announced(self, game_id: int) -> set[int]:
        """The numbers of the game's hands whose results were posted (``GAME_END``: its end)."""
        rows = await self._db.fetch_all(
            "SELECT hand_number FROM announced_results WHERE game_id = ?", (game_id,)
        )
        return {row["hand_number"] for row in rows}

    async def mark_announced(self, game_id: int, hand_number: int) -> None:
        """The result of hand ``hand_number`` (``GAME_END``: of the game) was posted."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO announced_results (game_id, hand_number, announced_at)"
                " VALUES (?, ?, ?) ON CONFLICT (game_id, hand_number) DO NOTHING",
                (game_id, hand_number, self._db.now()),
            )

    async def hand_messages(self, table_id: int) -> list[HandMessageRecord]:
        """Every live hand message at the table."""
        rows = await self._db.fetch_all(
            "SELECT * FROM hand_messages WHERE table_id = ? ORDER BY user_id, kind", (table_id,)
        )
        return [
            HandMessageRecord(
                user_id=row["user_id"],
                kind=row["kind"],
                message_id=row["message_id"],
                dm_channel_id=row["dm_channel_id"],
                application_id=row["application_id"],
                token=row["token"],
                editable_until=decode_time(row["editable_until"]),
                locale=row["locale"],
                game_id=row["game_id"],
                hand_number=row["hand_number"],
            )
            for row in rows
        ]

    async def keep_hand_message(self, table_id: int, message: HandMessageRecord) -> None:
        """Remember ``message`` as the person's live hand message of its kind at the table."""
        until = message.editable_until
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO hand_messages (table_id, user_id, kind, message_id, dm_channel_id,"
                " application_id, token, editable_until, locale, game_id, hand_number)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, user_id, kind) DO UPDATE SET"
                " message_id = excluded.message_id, dm_channel_id = excluded.dm_channel_id,"
                " application_id = excluded.application_id, token = excluded.token,"
                " editable_until = excluded.editable_until, locale = excluded.locale,"
                " game_id = excluded.game_id, hand_number = excluded.hand_number",
                (
                    table_id,
                    message.user_id,
                    message.kind,
                    message.message_id,
                    message.dm_channel_id,
                    message.application_id,
                    message.token,
                    None if until is None else encode_time(until),
                    message.locale,
                    message.game_id,
                    message.hand_number,
                ),
            )

    async def forget_hand_message(self, table_id: int, user_id: int, kind: str) -> None:
        """The person's hand message of that kind can no longer be edited."""
        async with self._db.write() as tx:
            await tx.execute(
                "DELETE FROM hand_messages WHERE table_id = ? AND user_id = ? AND kind = ?",
                (table_id, user_id, kind),
            )

    async def forget_hand_messages(self, table_id: int) -> None:
        """The table closed: none of its hand messages is refreshed any more."""
        async with self._db.write() as tx:
            await tx.execute("DELETE FROM hand_messages WHERE table_id = ?", (table_id,))
            await tx.execute("DELETE FROM hands_being_sent WHERE table_id = ?", (table_id,))

    async def hand_being_sent(self, table_id: int, sending: HandBeingSent) -> None:
        """A private hand is about to be sent as an interaction's response (written ahead, so
        that a process that stops before storing where it went leaves this row)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO hands_being_sent (table_id, user_id, token, application_id,"
                " editable_until, locale) VALUES (?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (table_id, user_id, token) DO NOTHING",
                (
                    table_id,
                    sending.user_id,
                    sending.token,
                    sending.application_id,
                    encode_time(sending.editable_until),
                    sending.locale,
                ),
            )

    async def hands_being_sent(self, table_id: int) -> list[HandBeingSent]:
        """The private hands whose sending began and whose place was never stored."""
        rows = await self._db.fetch_all(
            "SELECT * FROM hands_being_sent WHERE table_id = ? ORDER BY user_id, editable_until",
            (table_id,),
        )
        return [
            HandBeingSent(
                user_id=row["user_id"],
                token=row["token"],
                application_id=row["application_id"],
                editable_until=decode_time(row["editable_until"]),
                locale=row["locale"],
            )
            for row in rows
        ]

    async def hand_sent(self, table_id: int, user_id: int, token: str) -> None:
        """The hand sent as the response to ``token``'s interaction is accounted for."""
        async with self._db.write() as tx:
            await tx.execute(
                "DELETE FROM hands_being_sent WHERE table_id = ? AND user_id = ? AND token = ?",
                (table_id, user_id, token),
            )

    async def note(self, table_id: int, user_id: int, key: str) -> None:
        """Something (a catalogue key) to tell the person with their next hand: only the latest
        note per table is kept, so a person's notes stay as few as their tables."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO notes_for_next_hand (table_id, user_id, message_key, noted_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET"
                " message_key = excluded.message_key, noted_at = excluded.noted_at",
                (table_id, user_id, key, self._db.now()),
            )

    async def notes(self, user_id: int) -> list[PendingNote]:
        """What the person must still be told, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT table_id, message_key, noted_at FROM notes_for_next_hand WHERE user_id = ?"
            " ORDER BY noted_at, table_id",
            (user_id,),
        )
        return [PendingNote(row["table_id"], row["message_key"], row["noted_at"]) for row in rows]

    async def told(self, user_id: int, notes: tuple[PendingNote, ...]) -> None:
        """The person was shown ``notes``: each is deleted, unless noted again since."""
        if not notes:
            return
        async with self._db.write() as tx:
            for note in notes:
                await tx.execute(
                    "DELETE FROM notes_for_next_hand"
                    " WHERE table_id = ? AND user_id = ? AND noted_at = ?",
                    (note.table_id, user_id, note.noted_at),
                )
