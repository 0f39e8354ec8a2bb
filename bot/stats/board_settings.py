"""A server's choices for its boards: computer players shown, abandoned games counted, and
the moment its boards were last reset."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.store.database import Session, decode_time, encode_time

_SELECT = "SELECT show_computers, count_abandoned, counted_from FROM board_settings"


@dataclass(frozen=True)
class BoardSettings:
    guild_id: int
    show_computers: bool = True
    """Computer players appear on the boards. They are rated either way."""
    count_abandoned: bool = False
    """Games ended before the target count for statistics and ratings."""
    counted_from: datetime | None = None
    """When the boards were last reset: games that ended until then count for nothing."""

    def counts(self, status: str, ended_at: datetime) -> bool:
        """Whether a game that ended so, at that time, counts on this server's boards."""
        if status != "finished" and not self.count_abandoned:
            return False
        return self.counted_from is None or ended_at > self.counted_from


async def read_settings(session: Session, guild_id: int) -> BoardSettings:
    row = await session.fetch_one(f"{_SELECT} WHERE guild_id = ?", (guild_id,))
    if row is None:
        return BoardSettings(guild_id)
    return BoardSettings(
        guild_id=guild_id,
        show_computers=bool(row["show_computers"]),
        count_abandoned=bool(row["count_abandoned"]),
        counted_from=decode_time(row["counted_from"]),
    )


async def write_settings(session: Session, settings: BoardSettings, now: str) -> None:
    await session.execute(
        "INSERT INTO board_settings (guild_id, show_computers, count_abandoned, counted_from,"
        " updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
        " show_computers = excluded.show_computers, count_abandoned = excluded.count_abandoned,"
        " counted_from = excluded.counted_from, updated_at = excluded.updated_at",
        (
            settings.guild_id,
            int(settings.show_computers),
            int(settings.count_abandoned),
            None if settings.counted_from is None else encode_time(settings.counted_from),
            now,
        ),
    )
