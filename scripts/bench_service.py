"""Many busy tables at once through the table service, on the real SQLite store.

Each table has four players making random legal moves through ``TableService.act`` (the very
call a button or slash command makes: lock, engine, committed append, snapshot, hand and
result records), each followed by drawing the table picture as the table message's edit would.
One action's latency is measured end to end over both: apply, commit, render.

Tables act at a human pace (``--pace`` seconds between two moves at a table, on average, with
random jitter so they do not move in lockstep); ``--pace 0`` drives every table flat out to
find the ceiling. Goal at 200 tables: p50 <= 30 ms and p99 <= 100 ms.

Run from the repository root: ``python scripts/bench_service.py [--tables 200]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.engine.random_player import random_action
from bot.service import Person, Reminder, TableOptions, TableService, Update
from bot.service.drawing import DRAWING_THREADS, Drawing
from bot.store import Store


class NoOutbox:
    """Nothing is shown anywhere: the benchmark draws the table itself after each move."""

    async def deliver(self, update: Update) -> None:
        return None

    async def remind(self, reminder: Reminder) -> None:
        return None


def seconds_left(until: float) -> float:
    return max(0.0, until - time.perf_counter())


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def seat_table(service: TableService, number: int) -> tuple[int, list[Person]]:
    """Open a table in its own channel, seat four players and start (not measured: the
    draw for seats moves everyone, eight writes, at every table at once)."""
    people = [Person(number * 10 + seat + 1, f"player {seat + 1}") for seat in range(4)]
    table = await service.open_table(
        guild_id=1,
        channel_id=number + 1,
        creator=people[0],
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )
    for person in people[1:]:
        await service.join(table.id, person)
    await service.start(table.id, people[0].user_id)
    return table.id, people


async def play(
    service: TableService,
    table_id: int,
    people: list[Person],
    pace: float,
    until: float,
    rng: random.Random,
    measured: list[tuple[float, float]],
) -> None:
    """Play random legal moves until ``until``, timing each (apply and commit, then render)."""
    table = service.table(table_id)
    await asyncio.sleep(rng.uniform(0, min(pace, seconds_left(until))))  # not in lockstep
    while time.perf_counter() < until:
        if table.game is None:
            await service.start(table_id, people[0].user_id)
        game = table.game
        assert game is not None
        user = table.user_at(game.to_act)
        assert user is not None
        action = random_action(game.decision(), rng)
        started = time.perf_counter()
        await service.act(table_id, user, action)
        applied = time.perf_counter()
        await service.public_table(table_id)
        measured.append((time.perf_counter() - started, applied - started))
        if pace:
            await asyncio.sleep(min(rng.expovariate(1 / pace), seconds_left(until)))


async def run(tables: int, pace: float, seconds: float, database: Path, threads: int) -> None:
    store = await Store.open(database)
    service = TableService(
        store, NoOutbox(), random_source=random.Random(1), drawing=Drawing(threads)
    )
    measured: list[tuple[float, float]] = []
    try:
        seated = [await seat_table(service, number) for number in range(tables)]
        started = time.perf_counter()
        until = started + seconds
        await asyncio.gather(
            *(
                play(service, table_id, people, pace, until, random.Random(n), measured)
                for n, (table_id, people) in enumerate(seated)
            )
        )
        elapsed = time.perf_counter() - started
    finally:
        await service.close()
        await store.close()
    total = [end_to_end * 1000 for end_to_end, _ in measured]
    applying = [apply * 1000 for _, apply in measured]
    load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{tables} tables, pace {pace:g} s per move per table, {threads} drawing threads, "
        f"{elapsed:.1f} s, {database}"
    )
    print(f"{os.cpu_count()} CPUs, load average before the run: {load}")
    print(f"actions: {len(total)}  ({len(total) / elapsed:.0f} actions/s)")
    print(
        "one action end to end (apply, commit, render): "
        f"p50 {statistics.median(total):.1f} ms  p99 {percentile(total, 0.99):.1f} ms  "
        f"max {max(total):.1f} ms"
    )
    print(
        "of which apply and commit: "
        f"p50 {statistics.median(applying):.1f} ms  p99 {percentile(applying, 0.99):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument(
        "--pace", type=float, default=2.0, help="mean seconds between moves at a table"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="how long to run")
    parser.add_argument("--database", type=Path, default=None, help="SQLite file (default: temp)")
    parser.add_argument(
        "--threads", type=int, default=DRAWING_THREADS, help="threads that draw the pictures"
    )
    args = parser.parse_args()
    database = args.database or Path(tempfile.mkdtemp(prefix="cinch-bench-")) / "bench.sqlite3"
    asyncio.run(run(args.tables, args.pace, args.seconds, database, args.threads))


if __name__ == "__main__":
    main()
