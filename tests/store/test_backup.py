"""A backup of the SQLite database taken while the bot has it open holds every committed row."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import Store
from bot.store.backup import BackupError, backup_sqlite


async def test_a_backup_of_an_open_database_holds_what_was_committed(tmp_path: Path) -> None:
    live_path = tmp_path / "live.sqlite3"
    live = await Store.open(live_path)
    try:
        table = await live.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
        # Still open: the row may be only in the write-ahead log, not yet in the main file.
        pages = backup_sqlite(live_path, tmp_path / "backups" / "copy.sqlite3")
    finally:
        await live.close()

    assert pages > 0
    copy = await Store.open(tmp_path / "backups" / "copy.sqlite3")
    try:
        restored = await copy.tables.get(table.id)
        assert restored is not None
    finally:
        await copy.close()
    assert (restored.guild_id, restored.channel_id) == (1, 2)


def test_a_backup_never_overwrites_a_file_or_invents_a_database(tmp_path: Path) -> None:
    existing = tmp_path / "existing.sqlite3"
    existing.write_bytes(b"keep me")
    with pytest.raises(BackupError, match="already exists"):
        backup_sqlite(existing, existing)
    with pytest.raises(BackupError, match="no database"):
        backup_sqlite(tmp_path / "missing.sqlite3", tmp_path / "copy.sqlite3")
    assert existing.read_bytes() == b"keep me"
    assert not (tmp_path / "missing.sqlite3").exists()
