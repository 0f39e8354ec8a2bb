"""Fill a database with synthetic games and time the leaderboard and the player card.

100,000 finished games on 50 servers (2,000 each; 40 people and two computer levels per
server, mostly four-player partnerships, some three- and two-player games, ~10 hands each,
ended over the last 180 days). The fill writes the store's own tables directly, many rows per
statement in big transactions; the boards are then derived by `bot.stats.rebuild`, the same
code that `/cinch-server boards rebuild` runs. Then it times random leaderboard pages (every figure
and period, random page and viewer) and random player cards and prints p50/p95.
Goal: p95 <= 50 ms each. Run from the repository root: `python scripts/bench_stats.py`
(`--games`, `--servers`, `--queries`, `--keep PATH` to keep the database).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.stats import Metric, Period, leaderboard, player_card, rebuild, user_key
from bot.store import Store
from bot.store.database import encode_time

PEOPLE_PER_SERVER = 40
COMPUTER_LEVELS = ("easy", "hard")
HANDS_PER_GAME = (6, 14)
DAYS = 180
CHUNK = 5_000
POINT_KINDS = ("high", "low", "jack", "game", "right_pedro", "left_pedro")


SEATINGS = ((4, (0, 1, 0, 1)), (3, (0, 1, 2)), (2, (0, 1)))
SEATING_WEIGHTS = (80, 12, 8)
PATTERNS = 256


@dataclass(frozen=True)
class HandPattern:
    """A hand's stored values, drawn once and reused: drawing fresh random bids and captures
    for a million hands would make the fill many times slower and measure nothing more."""

    maker: int
    contract: int
    bids: str
    captured: str
    points: tuple[int, ...]
    changes: tuple[int, ...]


def _hand_pattern(rng: random.Random, sides: tuple[int, ...]) -> HandPattern:
    count, side_count = len(sides), max(sides) + 1
    maker = rng.randrange(count)
    contract = rng.randint(1, 14)
    bids = [[seat, rng.choice((None, rng.randint(1, contract)))] for seat in range(count)]
    bids[maker][1] = contract
    captured = [[kind, rng.choice((*range(side_count), None))] for kind in POINT_KINDS]
    points = [0] * side_count
    for kind, side in captured:
        if side is not None:
            points[side] += 5 if kind.endswith("pedro") else 1
    made = points[sides[maker]] >= contract
    changes = [
        -contract if side == sides[maker] and not made else points[side]
        for side in range(side_count)
    ]
    return HandPattern(
        maker, contract, json.dumps(bids), json.dumps(captured), tuple(points), tuple(changes)
    )


def _game_rows(
    rng: random.Random,
    patterns: dict[int, list[HandPattern]],
    game_id: int,
    guild: int,
    ended: datetime,
) -> Iterator[tuple[str, tuple]]:
    """Every row one synthetic game writes, tagged with its table."""
    count, sides = rng.choices(SEATINGS, SEATING_WEIGHTS)[0]
    side_count = max(sides) + 1
    people = [guild * 1000 + n for n in rng.sample(range(PEOPLE_PER_SERVER), count)]
    computers = {seat: rng.choice(COMPUTER_LEVELS) for seat in range(count) if rng.random() < 0.1}
    hands = rng.randint(*HANDS_PER_GAME)
    started = ended - timedelta(minutes=3 * hands)
    totals = [0] * side_count
    for number, hand in enumerate(rng.choices(patterns[count], k=hands), start=1):
        finished = encode_time(started + timedelta(minutes=3 * number))
        totals = [total + change for total, change in zip(totals, hand.changes, strict=True)]
        yield (
            "hands",
            (
                game_id,
                number,
                (number - 1) % count,
                hand.bids,
                hand.contract,
                hand.maker,
                "H",
                finished,
                hand.captured,
            ),
        )
        for side in range(side_count):
            yield "hand_sides", (game_id, number, side, hand.points[side], hand.changes[side])
    winner = max(range(side_count), key=lambda side: totals[side])
    ended_text = encode_time(ended)
    yield (
        "games",
        (
            game_id,
            game_id,
            guild,
            game_id,
            "{}",
            count,
            "finished",
            encode_time(started),
            ended_text,
        ),
    )
    yield (
        "results",
        (game_id, guild, "finished", json.dumps([winner]), json.dumps(totals), ended_text),
    )
    for seat in range(count):
        level = computers.get(seat)
        yield (
            "result_players",
            (
                game_id,
                seat,
                guild,
                ended_text,
                None if level else people[seat],
                level,
                f"Computer ({level})" if level else f"Player {people[seat]}",
                sides[seat],
                int(sides[seat] == winner),
            ),
        )


INSERTS = {
    "game_tables": "INSERT INTO game_tables (id, guild_id, channel_id, creator_id, status,"
    " created_at) VALUES (?, ?, ?, 1, 'ended', ?)",
    "games": "INSERT INTO games (id, table_id, guild_id, seed, rules, player_count, status,"
    " started_at, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "hands": "INSERT INTO hands (game_id, number, dealer, bids, contract, maker, trump,"
    " finished_at, captured) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "hand_sides": "INSERT INTO hand_sides (game_id, hand_number, side, points, score_change)"
    " VALUES (?, ?, ?, ?, ?)",
    "results": "INSERT INTO results (game_id, guild_id, status, winners, final_scores, ended_at)"
    " VALUES (?, ?, ?, ?, ?, ?)",
    "result_players": "INSERT INTO result_players (game_id, seat, guild_id, ended_at, user_id,"
    " computer_level, display_name, side, won) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
}


def fill(path: Path, games: int, servers: int, now: datetime) -> None:
    """Write the synthetic games straight into the store's tables."""
    rng = random.Random(2026)
    patterns = {
        count: [_hand_pattern(rng, sides) for _ in range(PATTERNS)] for count, sides in SEATINGS
    }
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous = OFF")
    conn.execute("BEGIN")
    rows: dict[str, list[tuple]] = {table: [] for table in INSERTS}
    for game_id in range(1, games + 1):
        guild = 1 + game_id % servers
        ended = now - timedelta(seconds=rng.uniform(0, DAYS * 86_400))
        rows["game_tables"].append((game_id, guild, game_id, encode_time(ended)))
        for table, row in _game_rows(rng, patterns, game_id, guild, ended):
            rows[table].append(row)
        if game_id % CHUNK == 0 or game_id == games:
            for table, batch in rows.items():  # game_tables first: the others refer to it
                conn.executemany(INSERTS[table], batch)
                batch.clear()
            conn.execute("COMMIT")
            conn.execute("BEGIN")
    conn.execute("COMMIT")
    conn.close()


def _percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


async def _timed(call: Awaitable[object]) -> float:
    start = time.perf_counter()
    await call
    return (time.perf_counter() - start) * 1000


def _report(name: str, times: list[float]) -> None:
    print(
        f"{name:<18} n={len(times):<5} p50 {statistics.median(times):6.1f} ms"
        f"   p95 {_percentile(times, 0.95):6.1f} ms   max {max(times):6.1f} ms"
    )


async def _create(path: Path) -> None:
    store = await Store.open(path)  # applies the migrations
    await store.close()


async def measure(path: Path, servers: int, queries: int) -> None:
    store = await Store.open(path)
    try:
        start = time.perf_counter()
        counted = 0
        for guild in range(1, servers + 1):
            counted += await rebuild(store, guild)
        elapsed = time.perf_counter() - start
        print(
            f"rebuilt {servers} servers ({counted:,} games) in {elapsed:.1f} s"
            f" ({elapsed / servers * 1000:.0f} ms per server)"
        )
        rng = random.Random(51)

        def viewer(guild: int) -> str:
            return user_key(guild * 1000 + rng.randrange(PEOPLE_PER_SERVER))

        def board() -> Awaitable[object]:
            guild = rng.randint(1, servers)
            return leaderboard(
                store,
                guild,
                rng.choice(list(Metric)),
                rng.choice(list(Period)),
                page=rng.randrange(4),
                viewer=viewer(guild),
            )

        def card() -> Awaitable[object]:
            guild = rng.randint(1, servers)
            return player_card(store, guild, viewer(guild))

        for _ in range(20):  # warm SQLite's page cache
            await board()
            await card()
        _report("leaderboard page", [await _timed(board()) for _ in range(queries)])
        _report("player card", [await _timed(card()) for _ in range(queries)])
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--servers", type=int, default=50)
    parser.add_argument("--queries", type=int, default=500)
    parser.add_argument("--keep", type=Path, help="write the database here and keep it")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = options.keep or Path(folder) / "bench.sqlite3"
        if path.exists():
            raise SystemExit(f"{path} exists; give a new file")
        asyncio.run(_create(path))
        now = datetime.now(UTC)
        start = time.perf_counter()
        fill(path, options.games, options.servers, now)
        print(
            f"filled {options.games:,} games on {options.servers} servers"
            f" in {time.perf_counter() - start:.1f} s"
        )
        asyncio.run(measure(path, options.servers, options.queries))


if __name__ == "__main__":
    main()
