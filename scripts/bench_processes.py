"""One load of busy tables on SQLite in one process, then on PostgreSQL in 1, 2 and 4 processes.

The load is fixed (``--tables`` tables, a move every ``--pace`` seconds at each, four players
making random legal moves through ``TableService.act`` and the table drawn after each, as in
``bench_service.py``). On PostgreSQL the tables are split over the processes as shards split
servers: each process runs ``SHARD_COUNT=N SHARD_IDS=i`` and plays its own servers' tables on
one shared database. Each run starts on a fresh database. The table prints actions per second
and p50/p99 of one action end to end for each, the largest resident memory of one process, and
the ratios to SQLite and to the first PostgreSQL run, so the cost of the shared engine and the
gain of more processes show in one run. ``--processes 2`` runs PostgreSQL in two processes only:
``--tables 2000 --pace 5 --processes 2`` is 1,000 busy tables in each.

PostgreSQL: ``--postgres URL`` of a server whose user may create databases; without it a
throwaway server is started (Debian's ``postgresql`` package, as the tests do). Run from the
repository root:
``python scripts/bench_processes.py [--tables 300] [--pace 1] [--seconds 20] [--processes 1 2 4]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import asyncpg
from bench_service import Load, percentile, play_tables

from bot.sharding import ShardPlan

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
import postgres_server  # the throwaway server the tests start

PROCESS_COUNTS = (1, 2, 4)


@dataclass(frozen=True)
class Run:
    """One engine and number of processes, and what it measured (ms, actions/s)."""

    label: str
    per_second: float
    p50: float
    p99: float
    #: The resident memory of the largest process, with its drawing processes (MB).
    resident_mb: float
    #: The CPU time the bot's processes used while the tables played, per action (ms; the
    #: PostgreSQL server's own is not counted).
    cpu_per_action: float


def guild_on_shard(plan: ShardPlan, shard: int, number: int) -> int:
    """The ``number``-th server id Discord puts on ``shard``."""
    guild = ((number * plan.count + shard) << 22) + 1
    assert plan.owns(guild) if shard in plan.ids else not plan.owns(guild)
    return guild


def play_share(
    database: str, plan: ShardPlan, load: Load, seconds: float, threads: int
) -> tuple[list[float], float, float, float]:
    """One process's share of the tables, in its shard's servers: end-to-end ms, seconds,
    resident MB, CPU seconds while they played."""
    shard = plan.ids[0]
    share = Load(load.tables // plan.count, load.pace)
    measured, elapsed, memory, cpu = asyncio.run(
        play_tables(
            share,
            seconds,
            database,
            threads,
            lambda number: guild_on_shard(plan, shard, number),
            first=shard * load.tables,
        )
    )
    return [end_to_end * 1000 for end_to_end, _ in measured], elapsed, memory, cpu


def run_processes(
    label: str, database: str, count: int, load: Load, seconds: float, threads: int
) -> Run:
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(count, mp_context=spawn) as pool:
        shares = [
            pool.submit(play_share, database, ShardPlan(count, (shard,)), load, seconds, threads)
            for shard in range(count)
        ]
        results = [share.result() for share in shares]
    times = [value for measured, _, _, _ in results for value in measured]
    elapsed = max(seconds for _, seconds, _, _ in results)
    memory = max(resident for _, _, resident, _ in results)
    cpu = sum(used for _, _, _, used in results)
    return Run(
        label,
        len(times) / elapsed,
        statistics.median(times),
        percentile(times, 0.99),
        memory,
        cpu * 1000 / max(len(times), 1),
    )


async def _create_database(server_url: str, name: str) -> str:
    admin = await asyncpg.connect(server_url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(server_url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@contextmanager
def postgres(url: str | None):
    """The URL of a server's maintenance database: the one given, or a throwaway server's."""
    if url is not None:
        yield url
        return
    server = postgres_server.start()
    try:
        yield server.url("postgres")
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves at a table")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--threads",
        type=int,
        default=2,
        help="pictures drawn at once by each process (drawing threads)",
    )
    parser.add_argument("--postgres", help="postgresql://user@host:port/postgres to use")
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=list(PROCESS_COUNTS),
        help="the PostgreSQL runs: how many processes share the tables in each (default 1 2 4)",
    )
    args = parser.parse_args()
    load = Load(args.tables, args.pace)
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{os.cpu_count()} CPUs, load average before the run: {load_average}; {load}, "
        f"{args.seconds:g} s each; times in ms, one action end to end (apply, commit, draw)"
    )
    sqlite_file = str(Path(tempfile.mkdtemp(prefix="cinch-bench-")) / "bench.sqlite3")
    runs = [run_processes("SQLite, 1 process", sqlite_file, 1, load, args.seconds, args.threads)]
    with postgres(args.postgres) as server_url:
        for count in args.processes:
            database = asyncio.run(_create_database(server_url, f"cinch_bench_{count}"))
            label = f"PostgreSQL, {count} process{'es' if count > 1 else ''}"
            runs.append(run_processes(label, database, count, load, args.seconds, args.threads))
    sqlite, one = runs[0], runs[1]
    print(
        f"{'':<26} {'actions/s':>9} {'p50':>7} {'p99':>7} {'RSS MB':>7} {'CPU/action':>10} "
        f"{'p99 vs SQLite':>13} {'actions/s vs the first PG run':>29}"
    )
    for run in runs:
        print(
            f"{run.label:<26} {run.per_second:>9.0f} {run.p50:>7.1f} {run.p99:>7.1f} "
            f"{run.resident_mb:>7.0f} {run.cpu_per_action:>10.2f} {run.p99 / sqlite.p99:>12.2f}x"
            f" {run.per_second / one.per_second:>28.2f}x"
        )


if __name__ == "__main__":
    main()
