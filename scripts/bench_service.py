"""Many busy tables at once through the table service, on the real SQLite store.

Each table has four players making random legal moves through ``TableService.act`` (the very
call a button or slash command makes: lock, engine, committed append, snapshot, hand and
result records), then the mover's hand drawn for their answer. One action's latency is measured
over both ("apply" is the first); the table pictures the service draws for the table messages
(folded by its edit coalescer) are drawn in the background meanwhile, as in the bot.

Tables act at a human pace (PACE seconds between two moves at a table, on average, with random
jitter so they do not move in lockstep); a pace of 0 drives every table flat out to find the
ceiling of one process. Goals: at 200 tables moving every 2 s, p50 <= 20 ms and p99 <= 100 ms;
at 500 tables moving every 5 s the same p99, in under 300 MB of resident memory.

Each load (``TABLES:PACE``) runs in a process of its own on a fresh file, so the resident memory
printed for it (every table still open) is that load's alone. The summary prints the ratio of p99
to p50 and how p99 grows with the number of tables. Run from the repository root:
``python scripts/bench_service.py [50:2 200:2 500:5 200:0] [--seconds 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from bot.engine.random_player import random_action
from bot.service import NoOutbox, Person, TableOptions, TableService
from bot.service.drawing import DRAWING_THREADS, Drawing
from bot.store import Store


def seconds_left(until: float) -> float:
    return max(0.0, until - time.perf_counter())


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def seat_table(
    service: TableService, number: int, guild_id: int
) -> tuple[int, list[Person]]:
    """Open a table in its own channel, seat four players and start (not measured: the
    draw for seats moves everyone, eight writes, at every table at once)."""
    people = [Person(number * 10 + seat + 1, f"player {seat + 1}") for seat in range(4)]
    table = await service.open_table(
        guild_id=guild_id,
        channel_id=number + 1,
        creator=people[0],
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )
    for person in people[1:]:
        await service.join(table.table_id, person)
    await service.start(table.table_id, people[0])
    return table.table_id, people


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
    table = service.registry.table(table_id)
    await asyncio.sleep(rng.uniform(0, min(pace, seconds_left(until))))  # not in lockstep
    while time.perf_counter() < until:
        if table.game is None:
            await service.start(table_id, people[0])
        game = table.game
        assert game is not None
        user = table.user_at(game.to_act)
        person = next(person for person in people if person.user_id == user)
        action = random_action(game.decision(), rng)
        started = time.perf_counter()
        await service.act(table_id, person, action, answered=False)
        applied = time.perf_counter()
        if table.game is not None:  # the mover's answer: their hand as it is now
            await service.show_hand(table_id, person)
        measured.append((time.perf_counter() - started, applied - started))
        if pace:
            await asyncio.sleep(min(rng.expovariate(1 / pace), seconds_left(until)))


@dataclass(frozen=True)
class Load:
    """How many tables, and the mean seconds between two moves at one table (0: flat out)."""

    tables: int
    pace: float

    @classmethod
    def parse(cls, text: str) -> Load:
        tables, _, pace = text.partition(":")
        return cls(int(tables), float(pace or 2))

    def __str__(self) -> str:
        pace = f"a move every {self.pace:g} s" if self.pace else "flat out"
        return f"{self.tables} tables, {pace}"


@dataclass(frozen=True)
class Figures:
    """What one load measured, in milliseconds, actions per second and megabytes."""

    load: Load
    actions: int
    per_second: float
    p50: float
    p99: float
    worst: float
    apply_p50: float
    apply_p99: float
    resident_mb: float


def resident_mb() -> float:
    """This process's resident memory now (Linux), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def play_tables(
    load: Load,
    seconds: float,
    database: Path | str,
    threads: int,
    guild_of: Callable[[int], int] = lambda number: number + 1,
    first: int = 0,
) -> tuple[list[tuple[float, float]], float, float]:
    """Seat ``load.tables`` tables (channels numbered from ``first``, each table ``n`` in
    server ``guild_of(n)``: one apiece by default, as many servers stay within their limits
    on open tables) and play them for ``seconds``: each action's (end to end, apply) seconds,
    the time taken, and the resident memory with every table still open."""
    store = await Store.open(database)
    service = TableService(
        store, NoOutbox(), random_source=random.Random(1), drawing=Drawing(threads)
    )
    measured: list[tuple[float, float]] = []
    try:
        seated = [
            await seat_table(service, first + number, guild_of(first + number))
            for number in range(load.tables)
        ]
        started = time.perf_counter()
        until = started + seconds
        await asyncio.gather(
            *(
                play(service, table_id, people, load.pace, until, random.Random(n), measured)
                for n, (table_id, people) in enumerate(seated)
            )
        )
        elapsed = time.perf_counter() - started
        memory = resident_mb()
    finally:
        await service.close()
        await store.close()
    return measured, elapsed, memory


async def measure(load: Load, seconds: float, database: Path, threads: int) -> Figures:
    measured, elapsed, memory = await play_tables(load, seconds, database, threads)
    total = [end_to_end * 1000 for end_to_end, _ in measured]
    applying = [apply * 1000 for _, apply in measured]
    return Figures(
        load,
        len(total),
        len(total) / elapsed,
        statistics.median(total),
        percentile(total, 0.99),
        max(total),
        statistics.median(applying),
        percentile(applying, 0.99),
        memory,
    )


def measure_in_own_process(load: Load, seconds: float, threads: int) -> Figures:
    """One load in a fresh process on a fresh file, so memory and caches start clean."""
    database = Path(tempfile.mkdtemp(prefix="cinch-bench-")) / "bench.sqlite3"
    return asyncio.run(measure(load, seconds, database, threads))


def report(runs: list[Figures]) -> None:
    print(f"{'load':<32} {'actions/s':>9} {'p50':>7} {'p99':>7} {'max':>7} {'p99/p50':>7} "
          f"{'apply p50':>9} {'apply p99':>9} {'RSS MB':>7}")
    for run in runs:
        print(
            f"{run.load!s:<32} {run.per_second:>9.0f} {run.p50:>7.1f} {run.p99:>7.1f} "
            f"{run.worst:>7.1f} {run.p99 / run.p50:>7.1f} {run.apply_p50:>9.1f} "
            f"{run.apply_p99:>9.1f} {run.resident_mb:>7.0f}"
        )
    paced = [run for run in runs if run.load.pace]
    if len(paced) > 1:
        first = paced[0]
        growth = ", ".join(
            f"{run.load.tables} tables x{run.p99 / first.p99:.2f}" for run in paced[1:]
        )
        print(f"p99 growth from {first.load.tables} tables: {growth}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "loads",
        nargs="*",
        type=Load.parse,
        default=[Load(50, 2), Load(200, 2), Load(500, 5), Load(200, 0)],
        help="TABLES:PACE, each run in its own process (default: 50:2 200:2 500:5 200:0)",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each load runs")
    parser.add_argument(
        "--threads", type=int, default=DRAWING_THREADS, help="threads that draw the pictures"
    )
    args = parser.parse_args()
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{os.cpu_count()} CPUs, load average before the run: {load_average}; "
        f"{args.seconds:g} s per load, {args.threads} drawing threads; times in ms, one action "
        "end to end = apply, commit, draw the table"
    )
    runs = []
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(1, mp_context=spawn, max_tasks_per_child=1) as pool:
        for load in args.loads:
            run = pool.submit(measure_in_own_process, load, args.seconds, args.threads)
            runs.append(run.result())
    report(runs)


if __name__ == "__main__":
    main()
