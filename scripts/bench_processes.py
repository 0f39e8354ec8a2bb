"""One load of busy tables on SQLite in one process, then on PostgreSQL in 1, 2 and 4 processes.

The load is fixed (``--tables`` tables, a move every ``--pace`` seconds at each, four players
making random legal moves through ``TableService.act`` and the table drawn after each, as in
``bench_service.py``). On PostgreSQL the tables are split over the processes as shards split
servers: each process runs ``SHARD_COUNT=N SHARD_IDS=i`` and plays its own servers' tables on
one shared database. Each run starts on a fresh database. The table prints actions per second
and p50/p99 of one action end to end for each (and the highest p99 of one process, since the
goal is each process's), the largest resident memory of one process, the
CPU time of an action in the bot's processes and, on the throwaway server, in the PostgreSQL
server (its every process, from ``/proc``) and the statements the server ran for an action
(``pg_stat_statements``), and the ratios to SQLite and to the first PostgreSQL run, so the cost
of the shared engine and the gain of more processes show in one run. ``--processes 2`` runs
PostgreSQL in two processes only: ``--tables 2000 --pace 5 --processes 2`` is 1,000 busy tables
in each; ``--no-sqlite`` leaves out the SQLite run; ``--spread`` advances each table first,
as ``bench_service.py --spread`` does, in each process before they play together.

PostgreSQL: ``--postgres URL`` of a server whose user may create databases (its CPU and
statements are not measured); without it a throwaway server is started (Debian's ``postgresql``
package, as the tests do, with their settings: no fsync, ``synchronous_commit=off``; or with
``--durable``, PostgreSQL's defaults: each commit flushed to disk).

``--compare REV`` runs the same on the bot of the git revision ``REV`` (a temporary worktree,
measured by this script, so both codes do the same work and are measured alike) and on this
code, round after round in alternate order (``--rounds``), and prints the medians and ratios.

The PostgreSQL driver and the bot's service are imported where they are used, not at the top,
for the reason ``bench_service.py`` gives: each process's decision worker first imports this
script, and loads what the bot's own does.

Run from the repository root:
``python scripts/bench_processes.py [--tables 300] [--pace 1] [--seconds 20] [--processes 1 2 4]``.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bench_service import (
    KindFigures,
    Load,
    Measured,
    add_spread_option,
    alternating,
    by_kind,
    compared_trees,
    percentile,
    play_tables,
    report_kinds,
    spread_options,
)

import bot
from bot.sharding import ShardPlan

# Appended, not first: the bot measured (PYTHONPATH, with --compare) must come before the
# tests folder, whose own `bot` package (the tests of the bot) would hide it.
sys.path.append(str(Path(__file__).resolve().parents[1] / "tests"))
import postgres_server  # the throwaway server the tests start

PROCESS_COUNTS = (1, 2, 4)
#: A server's defaults, which the tests' throwaway server turns off for speed.
DURABLE = {"fsync": "on", "synchronous_commit": "on", "full_page_writes": "on"}
#: What the server counts each statement with, when it has it.
STATEMENTS = "pg_stat_statements"


@dataclass(frozen=True)
class Server:
    """The PostgreSQL server the runs use: its maintenance database's URL and, for the
    throwaway one, its main process and whether it counts statements."""

    url: str
    pid: int | None = None
    counts_statements: bool = False


@dataclass(frozen=True)
class Run:
    """One engine and number of processes, and what it measured (ms, actions/s)."""

    label: str
    per_second: float
    p50: float
    p99: float
    #: The highest of the processes' own p99 (ms): each process is to meet the goal.
    worst_p99: float
    #: The resident memory of the largest process, with its child processes (MB).
    resident_mb: float
    #: The CPU time the bot's processes used while the tables played, per action (ms).
    cpu_per_action: float
    #: The PostgreSQL server's, over the same seconds, per action (ms; None: not measured).
    server_cpu_per_action: float | None = None
    #: Statements the server ran per action (None: not counted).
    statements_per_action: float | None = None
    #: How the measured actions split by kind.
    kinds: tuple[KindFigures, ...] = ()
    #: The same in the process with the highest p99 alone (what decides the goal).
    slower_kinds: tuple[KindFigures, ...] = ()


def guild_on_shard(plan: ShardPlan, shard: int, number: int) -> int:
    """The ``number``-th server id Discord puts on ``shard``."""
    guild = ((number * plan.count + shard) << 22) + 1
    assert plan.owns(guild) if shard in plan.ids else not plan.owns(guild)
    return guild


def server_cpu_seconds(pid: int) -> float:
    """The CPU time the server has used: its main process with its ended children (the
    connections closed), and every child alive (Linux)."""
    fields = _stat(pid)
    ticks = sum(int(value) for value in fields[11:15])  # utime, stime, cutime, cstime
    for task in Path(f"/proc/{pid}/task").iterdir():
        for child in (task / "children").read_text().split():
            try:
                child_fields = _stat(int(child))
            except (FileNotFoundError, ProcessLookupError):
                continue  # ended meanwhile: its time is in the main process's cutime now
            ticks += int(child_fields[11]) + int(child_fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


class ServerWatch:
    """The server's CPU seconds and statements over the seconds the tables play (both
    processes' statements and the server's whole work: the runs share it)."""

    def __init__(self, server: Server, database: str) -> None:
        self._server = server
        self._database = database
        self._cpu = self._statements = 0.0

    async def _count(self) -> float:
        import asyncpg

        if not self._server.counts_statements:
            return 0.0
        connection = await asyncpg.connect(self._database)
        try:
            return float(
                await connection.fetchval(
                    f"SELECT coalesce(sum(calls), 0) FROM {STATEMENTS} WHERE dbid ="
                    " (SELECT oid FROM pg_database WHERE datname = current_database())"
                )
            )
        finally:
            await connection.close()

    def _cpu_now(self) -> float:
        return 0.0 if self._server.pid is None else server_cpu_seconds(self._server.pid)

    async def start(self) -> None:
        self._statements = -await self._count()
        self._cpu = -self._cpu_now()

    async def stop(self) -> None:
        self._cpu += self._cpu_now()
        self._statements += await self._count()

    @property
    def used(self) -> tuple[float, float]:
        """The server's CPU seconds and statements between start and stop."""
        return self._cpu, self._statements


class Together:
    """Starts playing only once every process has seated its tables, so that they play the
    same seconds (and the server's work over them is theirs alone, none of it seating)."""

    def __init__(self, barrier: threading.Barrier) -> None:
        self._barrier = barrier

    async def start(self) -> None:
        await asyncio.to_thread(self._barrier.wait)

    async def stop(self) -> None:
        pass


@dataclass(frozen=True)
class Share:
    """What one process measured: each action, the seconds they took, its resident MB and CPU
    seconds, and the server's CPU seconds and statements meanwhile."""

    measured: Measured
    seconds: float
    resident_mb: float
    cpu: float
    server_cpu: float
    statements: float


def play_share(
    database: str,
    plan: ShardPlan,
    load: Load,
    seconds: float,
    threads: int,
    server: Server,
    barrier: threading.Barrier,
    spread: int,
) -> Share:
    """One process's share of the tables, in its shard's servers, played once every process
    has seated its own (and advanced them by up to ``spread`` actions each)."""
    shard = plan.ids[0]
    share = Load(load.tables // plan.count, load.pace)
    watch = ServerWatch(server, database)
    watching = server.pid is not None or server.counts_statements
    measured, elapsed, memory, cpu = asyncio.run(
        play_tables(
            share,
            seconds,
            database,
            threads,
            lambda number: guild_on_shard(plan, shard, number),
            first=shard * load.tables,
            watches=(Together(barrier), watch) if watching else (Together(barrier),),
            spread=spread,
        )
    )
    server_cpu, statements = watch.used
    return Share(
        measured,
        elapsed,
        memory.total,
        cpu,
        server_cpu,
        statements,
    )


def run_processes(
    label: str,
    database: str,
    count: int,
    load: Load,
    seconds: float,
    threads: int,
    spread: int,
    server: Server | None = None,
) -> Run:
    spawn = multiprocessing.get_context("spawn")
    with spawn.Manager() as manager, ProcessPoolExecutor(count, mp_context=spawn) as pool:
        barrier = manager.Barrier(count)
        shares = [
            pool.submit(
                play_share,
                database,
                ShardPlan(count, (shard,)),
                load,
                seconds,
                threads,
                server or Server(""),
                barrier,
                spread,
            )
            for shard in range(count)
        ]
        results = [share.result() for share in shares]
    times = [timed.total * 1000 for result in results for timed in result.measured]
    own_p99 = [
        percentile([timed.total * 1000 for timed in result.measured], 0.99) for result in results
    ]
    slower = results[own_p99.index(max(own_p99))]
    elapsed = max(result.seconds for result in results)
    # The processes play the same seconds, and the server's work over them is everyone's:
    # its rate, averaged over the processes, against the actions all of them made a second.
    actions_a_second = sum(len(result.measured) / result.seconds for result in results)

    def per_action(used: list[float]) -> float:
        rate = statistics.mean(
            value / result.seconds for value, result in zip(used, results, strict=True)
        )
        return rate / max(actions_a_second, 1e-9)

    return Run(
        label,
        len(times) / elapsed,
        statistics.median(times),
        percentile(times, 0.99),
        max(own_p99),
        max(result.resident_mb for result in results),
        sum(result.cpu for result in results) * 1000 / max(len(times), 1),
        None
        if server is None or server.pid is None
        else per_action([result.server_cpu for result in results]) * 1000,
        None
        if server is None or not server.counts_statements
        else per_action([result.statements for result in results]),
        by_kind([timed for result in results for timed in result.measured]),
        by_kind(slower.measured) if len(results) > 1 else (),
    )


async def _create_database(server: Server, name: str) -> str:
    import asyncpg

    admin = await asyncpg.connect(server.url)
    try:
        await admin.execute(f'CREATE DATABASE "{name}"')
    finally:
        await admin.close()
    parts = urlsplit(server.url)
    database = urlunsplit(parts._replace(path=f"/{name}"))
    if server.counts_statements:
        created = await asyncpg.connect(database)
        try:
            await created.execute(f"CREATE EXTENSION {STATEMENTS}")
        finally:
            await created.close()
    return database


@contextmanager
def postgres(url: str | None, durable: bool) -> Iterator[Server]:
    """The server to use: the one given, or a throwaway server, counting statements when it
    can."""
    if url is not None:
        yield Server(url)
        return
    settings = dict(DURABLE) if durable else {}
    counts = postgres_server.has_module(STATEMENTS)
    if counts:
        settings["shared_preload_libraries"] = STATEMENTS
    server = postgres_server.start(settings)
    try:
        yield Server(server.url("postgres"), server.pid, counts)
    finally:
        server.stop()


def measure(args: argparse.Namespace) -> list[Run]:
    """The runs the arguments ask for: SQLite (unless left out), then PostgreSQL."""
    load = Load(args.tables, args.pace)
    runs = []
    if not args.no_sqlite:
        sqlite_file = str(Path(tempfile.mkdtemp(prefix="cinch-bench-")) / "bench.sqlite3")
        runs.append(
            run_processes(
                "SQLite, 1 process", sqlite_file, 1, load, args.seconds, args.threads, args.spread
            )
        )
    with postgres(args.postgres, args.durable) as server:
        for count in args.processes:
            database = asyncio.run(_create_database(server, f"cinch_bench_{count}"))
            label = f"PostgreSQL, {count} process{'es' if count > 1 else ''}"
            runs.append(
                run_processes(
                    label, database, count, load, args.seconds, args.threads, args.spread, server
                )
            )
    return runs


#: The figures of a run's line, in the order `report` prints them after its label.
COLUMNS = (
    "actions/s",
    "p50",
    "p99",
    "worst p99",
    "RSS MB",
    "CPU/action",
    "server CPU",
    "statements",
)


def _figure(value: float | None, digits: int) -> str:
    return "-" if value is None else f"{value:.{digits}f}"


def report(runs: list[Run]) -> None:
    first, one = runs[0], next((run for run in runs if run.label.startswith("Post")), runs[0])
    print(
        f"{'':<26} {'actions/s':>9} {'p50':>7} {'p99':>7} {'worst p99':>9} {'RSS MB':>7} "
        f"{'CPU/action':>10} "
        f"{'server CPU':>10} {'statements':>10} {'p99 vs the first':>16} "
        f"{'actions/s vs the first PG run':>29}"
    )
    for run in runs:
        print(
            f"{run.label:<26} {run.per_second:>9.0f} {run.p50:>7.1f} {run.p99:>7.1f} "
            f"{run.worst_p99:>9.1f} {run.resident_mb:>7.0f} {run.cpu_per_action:>10.2f} "
            f"{_figure(run.server_cpu_per_action, 2):>10} "
            f"{_figure(run.statements_per_action, 2):>10} {run.p99 / first.p99:>15.2f}x"
            f" {run.per_second / one.per_second:>28.2f}x",
            flush=True,
        )
    for run in runs:
        report_kinds(run.label, run.kinds)
        if run.slower_kinds:
            report_kinds(f"{run.label}, the slower one alone", run.slower_kinds)


def read_report(text: str) -> dict[str, dict[str, float]]:
    """The figures of each run in what :func:`report` printed (``nan`` where it printed
    ``-``)."""
    figures = {}
    for line in text.splitlines():
        label, _, rest = line.partition(" process")
        if not label.startswith(("SQLite, ", "PostgreSQL, ")):
            continue
        label = line[: len(label) + len(" process") + (2 if rest.startswith("es") else 0)]
        values = line[len(label) :].split()[: len(COLUMNS)]
        figures[label] = {
            column: float("nan") if value == "-" else float(value)
            for column, value in zip(COLUMNS, values, strict=True)
        }
    return figures


def compare(revision: str, rounds: int, options: list[str]) -> None:
    """The same runs on the bot of ``revision`` and on this one, in alternate order round
    after round, each measured by this script in a process of its own; the medians and
    today's ratios."""
    here = Path(__file__).resolve()
    with compared_trees(revision) as trees:
        measured: dict[str, list[dict[str, dict[str, float]]]] = {name: [] for name in trees}
        for round_number, name in alternating(list(trees), rounds):
            start_load = ", ".join(f"{value:.1f}" for value in os.getloadavg())
            done = subprocess.run(
                [sys.executable, str(here), *options],
                cwd=trees[name],
                env={**os.environ, "PYTHONPATH": str(trees[name])},
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                sys.exit(f"{name}'s run failed:\n{done.stderr}")
            print(f"round {round_number + 1}, {name} (load average {start_load} at the start):")
            print(done.stdout.rstrip(), flush=True)
            measured[name].append(read_report(done.stdout))
    print(f"medians of {rounds} rounds; ratio: {revision}'s figure over today's (above 1: today")
    print("does better), actions/s today's over theirs")
    for label in measured["today"][0]:
        for column in COLUMNS:
            values = {
                name: statistics.median(run[label][column] for run in runs)
                for name, runs in measured.items()
            }
            better = values[revision] / values["today"] if values["today"] else float("nan")
            if column == "actions/s":
                better = 1 / better if better else float("nan")
            print(
                f"  {label:<26} {column:<11} {revision} {values[revision]:>9.2f}"
                f"  today {values['today']:>9.2f}  x{better:.2f}"
            )


def main() -> None:
    from bot.service.showing.drawing import DRAWING_THREADS

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between moves at a table")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument(
        "--threads",
        type=int,
        default=DRAWING_THREADS,
        help="pictures drawn at once by each process (drawing threads; default %(default)s, the"
        " bot's)",
    )
    parser.add_argument("--postgres", help="postgresql://user@host:port/postgres to use")
    parser.add_argument(
        "--processes",
        type=int,
        nargs="+",
        default=list(PROCESS_COUNTS),
        help="the PostgreSQL runs: how many processes share the tables in each (default 1 2 4)",
    )
    parser.add_argument("--no-sqlite", action="store_true", help="leave out the SQLite run")
    parser.add_argument(
        "--durable",
        action="store_true",
        help="the throwaway server with fsync and synchronous_commit on (PostgreSQL's defaults)",
    )
    parser.add_argument(
        "--compare",
        metavar="REV",
        help="the same runs on the bot of git revision REV and on this one, alternating",
    )
    parser.add_argument(
        "--rounds", type=int, default=2, help="with --compare: rounds of each code (default 2)"
    )
    add_spread_option(parser)
    args = parser.parse_args()
    load = Load(args.tables, args.pace)
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"{os.cpu_count()} CPUs, load average before the run: {load_average}; {load}, "
        f"{args.seconds:g} s each; times in ms, one action end to end (apply, commit, draw); "
        f"CPU ms an action; the bot from {Path(bot.__file__).parent.parent}"
    )
    if args.compare:
        options = [
            *("--tables", str(args.tables), "--pace", f"{args.pace:g}"),
            *("--seconds", f"{args.seconds:g}", "--threads", str(args.threads)),
            *("--processes", *(str(count) for count in args.processes)),
            *(("--postgres", args.postgres) if args.postgres else ()),
            *(("--no-sqlite",) if args.no_sqlite else ()),
            *(("--durable",) if args.durable else ()),
            *spread_options(args),
        ]
        compare(args.compare, args.rounds, options)
        return
    report(measure(args))


if __name__ == "__main__":
    main()
