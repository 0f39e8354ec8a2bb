"""Per-user preferences: how hands are delivered, leaderboard visibility, language."""

from __future__ import annotations

from .database import UNSET, Database, Row, Unset, only_given
from .records import HAND_DELIVERIES, HandDelivery, UserPreferences


def _preferences(row: Row) -> UserPreferences:
    return UserPreferences(
        user_id=row["user_id"],
        hand_delivery=row["hand_delivery"],
        dm_failed=bool(row["dm_failed"]),
        hidden_from_boards=bool(row["hidden_from_boards"]),
        locale=row["locale"],
        turn_dm=bool(row["turn_dm"]),
        four_colour=bool(row["four_colour"]),
    )


class PreferencesRepository:
    def __init__(self, db: Database) -> None:
        self._db = db

    async def get(self, user_id: int) -> UserPreferences:
        """The user's preferences; the defaults for someone who never changed them."""
        row = await self._db.fetch_one(
            "SELECT * FROM user_preferences WHERE user_id = ?", (user_id,)
        )
        return UserPreferences(user_id) if row is None else _preferences(row)

    async def update(
        self,
        user_id: int,
        *,
        hand_delivery: HandDelivery | Unset = UNSET,
        dm_failed: bool | Unset = UNSET,
        hidden_from_boards: bool | Unset = UNSET,
        locale: str | Unset | None = UNSET,
        turn_dm: bool | Unset = UNSET,
        four_colour: bool | Unset = UNSET,
    ) -> UserPreferences:
        """Change the given preferences only and return them all."""
        if hand_delivery is not UNSET and hand_delivery not in HAND_DELIVERIES:
            raise ValueError(f"hand_delivery must be one of {HAND_DELIVERIES}")
        changes = only_given(
            hand_delivery=hand_delivery,
            dm_failed=dm_failed,
            hidden_from_boards=hidden_from_boards,
            locale=locale,
            turn_dm=turn_dm,
            four_colour=four_colour,
        )
        now = self._db.now()
        async with self._db.write() as tx:
            await tx.execute(
                "INSERT INTO user_preferences (user_id, updated_at) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO NOTHING",
                (user_id, now),
            )
            await tx.update(
                "user_preferences",
                {**changes, "updated_at": now},
                "user_id = ?",
                (user_id,),
            )
            row = await tx.fetch_required(
                "SELECT * FROM user_preferences WHERE user_id = ?", (user_id,)
            )
        return _preferences(row)
