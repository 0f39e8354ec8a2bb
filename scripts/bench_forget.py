"""Time forgetting a member on a large server: the write transactions it holds.

Forgetting takes a server's write lock (SQLite has one writer), so every other server's writes
wait while one of its transactions runs. This fills a server of 4,000 finished games (the same
synthetic games as `scripts/bench_stats.py`, one of its members in many of them), derives its
boards, then times each transaction of forgetting that member: their rows renamed
(`store.people.forget`), and their rows on the boards renamed in place
(`bot.stats.recorder.rename_player`), against the rebuild of the server's boards that
forgetting ran before (`bot.stats.rebuild`, one transaction). Run from the repository root:
`python scripts/bench_forget.py` (`--games`, `--keep PATH` to keep the database).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_stats import PEOPLE_PER_SERVER, _create, fill

from bot.stats import rebuild, user_key
from bot.stats.recorder import rename_player
from bot.store import Store

GUILD = 1
#: A member of the server: the fill seats its people as ``guild * 1000 + n``.
PERSON = GUILD * 1000 + PEOPLE_PER_SERVER // 2
PSEUDONYM = -12345


async def measure(path: Path) -> None:
    store = await Store.open(path)
    try:
        counted = await rebuild(store, GUILD)
        rows = await store.database.fetch_one(
            "SELECT COUNT(*) AS n FROM stat_games WHERE guild_id = ? AND player = ?",
            (GUILD, user_key(PERSON)),
        )
        assert rows is not None
        print(f"server of {counted:,} counted games; the member played {rows['n']:,} of them")
        start = time.perf_counter()
        await rebuild(store, GUILD)
        print(f"before: the server's boards rebuilt, one transaction: {_since(start)}")
        start = time.perf_counter()
        await store.people.forget(PERSON, PSEUDONYM, lambda language: "Former player")
        print(f"now: the member's rows renamed, one transaction:      {_since(start)}")
        start = time.perf_counter()
        await rename_player(store, GUILD, PERSON, PSEUDONYM)
        print(f"now: the server's boards renamed, one transaction:    {_since(start)}")
    finally:
        await store.close()


def _since(start: float) -> str:
    return f"{(time.perf_counter() - start) * 1000:8.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4_000)
    parser.add_argument("--keep", type=Path, help="write the database here and keep it")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = options.keep or Path(folder) / "bench.sqlite3"
        if path.exists():
            raise SystemExit(f"{path} exists; give a new file")
        asyncio.run(_create(path))
        fill(path, options.games, 1, datetime.now(UTC))
        asyncio.run(measure(path))


if __name__ == "__main__":
    main()
