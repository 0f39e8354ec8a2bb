"""Hand reviews: the judged card play of a finished hand, kept once computed."""

from __future__ import annotations

from .database import Database, decode_json, encode_json
from .records import JSON


class ReviewsRepository:
    """One review per finished hand; the JSON is opaque here (``bot/replays/library.py``)."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, game_id: int, hand_number: int) -> JSON | None:
        """The stored review of the hand, or ``None`` when it has not been computed."""
        row = await self._db.fetch_one(
            "SELECT review FROM hand_reviews WHERE game_id = ? AND hand_number = ?",
            (game_id, hand_number),
        )
        return None if row is None else decode_json(row["review"])

    async def save(self, game_id: int, hand_number: int, review: JSON) -> None:
        """Keep the hand's review (replacing one computed at the same time by another click)."""
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO hand_reviews (game_id, hand_number, review, reviewed_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (game_id, hand_number) DO UPDATE SET"
                " review = excluded.review, reviewed_at = excluded.reviewed_at",
                (game_id, hand_number, encode_json(review), self._db.now()),
            )
