"""Many busy tables at once through the table service, on the real SQLite store.

Each table has four players making random legal moves through ``TableService.act`` (the very
call a button or slash command makes: lock, engine, committed append, snapshot, hand and
result records), then the mover's hand drawn for their answer. One action's latency is measured
over both ("apply" is the first); the table pictures the service draws for the table messages
(folded by its edit coalescer) are drawn in the background meanwhile, as in the bot.

What the benchmark models: four people at every table, every move a person's click at the
table, so every table is looked at between two of its pictures and the service draws each of its
changes (a table is drawn only when someone will see it: a click or command at it since its last
picture, or a turn passing to a person). The outbox shows nothing and answers at once, so
pictures fold only when the drawers lag behind, never while waiting for Discord.

Tables act at a human pace (PACE seconds between two moves at a table, on average, with random
jitter so they do not move in lockstep); a pace of 0 drives every table flat out to find the
ceiling of one process. Goals: at 200 tables moving every 2 s, p50 <= 20 ms and p99 <= 100 ms;
at 500 tables moving every 5 s the same p99, in under 300 MB of resident memory.

Each load (``TABLES:PACE``) runs in a process of its own on a fresh file, so the resident memory
printed for it (every table still open) is that load's alone. The summary prints the ratio of p99
to p50 and how p99 grows with the number of tables. Run from the repository root:
``python scripts/bench_service.py [50:2 200:2 500:5 200:0] [--seconds 30]``.

A table seated and started is at the first bid of its first game, and at a move every 5 s a
20-second run measures little but auctions. ``--spread [ACTIONS]`` first advances each table by
a number of random legal moves drawn below ACTIONS (30 by default, about a hand) from a seed of
its own, through the service as its players would make them (stored, hands recorded and
reviewed, games ended and new ones begun), untimed; the measured seconds then find the tables
all through a hand, and measure auctions, draws, tricks, hands' ends and new deals in their
share. The split of the measured actions by kind is printed under the figures. At 1,000 tables
the advance takes some 15 seconds on this 2-core machine.

``--compare REV`` runs the same loads on an earlier release (a temporary git worktree of REV,
measured by its own copy of this script) and on this code, round after round in alternate
order so that the other work on a shared machine weighs on both, and prints the medians and
their ratios: a regression of more than 20% is a bug to fix before anything else. A release
whose script lacks an option asked for (``--spread`` before it existed), or seats other names
than this one (before every table was seated with names of its own), is measured by this script
instead, its own bot on the path: the same people at the same tables, advanced alike, and the
same work on both codes (the script uses only the service's public calls, which such a release
must have).

Every table seats four people with display names of their own (`seated_names`: given and family
names with accents, handles, East Asian names, symbols, 2 to 30 characters; some 2,700 different
names at 1,000 tables), the same on every run, so that what a picture keeps by a name (its drawn
text, a seat's band or panel) is shared between tables no more than real names share it.

The bot's service, store and pictures are imported where a load is played, not at the top. The
decision worker a load's process spawns first imports this script, as the bot's workers import
its main module (`bot.__main__`, which imports nothing of the bot): so the worker loads what the
bot's own does, and the memory printed is the bot's.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import json
import multiprocessing
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from bot.engine import Game
from bot.engine.actions import Bid, Discard, Keep, NameTrump, Pass, Play
from bot.engine.random_player import random_action

if TYPE_CHECKING:
    from bot.service import Person, TableService


def seconds_left(until: float) -> float:
    return max(0.0, until - time.perf_counter())


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


#: What display names are made of, as people choose them on Discord: given names and family
#: names with their accents (Latin, Cyrillic and Greek letters), handles, and Chinese, Japanese
#: and Korean names, now and then with a symbol or emoji, all drawn by the shipped fonts.
GIVEN_NAMES = (
    *("Zoë", "José", "Björn", "Chloé", "Łukasz", "Ørjan", "Renée", "Ñaki", "Anaïs", "Joël"),
    *("Gonçalo", "Søren", "Dóra", "Élodie", "Şule", "Đorđe", "Jürgen", "Inês", "Maëlle", "Tomáš"),
    *("Alex", "Sam", "Jordan", "Emma", "Lucas", "Noah", "Mia", "Léa", "Hugo", "Sofía"),
    *("Marie-Hélène", "João Pedro", "Anne-Sophie", "Jan", "Fleur", "Thijs", "Bram", "Daan"),
    *("Дмитрий", "Ольга", "Αλέξανδρος", "Ελένη", "Kateřina", "Zsófia", "Ayşe", "Małgorzata"),
)
FAMILY_NAMES = (
    *("Dubois", "Nuñez", "van der Berg", "Kowalski", "Müller", "Gonçalves", "O'Brien", "Løvik"),
    *("Lefèvre", "de Jong", "Østergaard", "Święcicki", "Šimůnek", "Ferreira da Silva", "Nagy"),
    *("Ramírez", "Jansen", "Brontë", "Þórsson", "Smith", "Papadopoulos", "Иванова", "Yılmaz"),
)
HANDLE_WORDS = (
    *("shadow", "pixel", "lucky", "dragon", "night", "cards", "ace", "trump", "frost", "echo"),
    *("wolf", "mango", "ninja", "queen", "jack", "nova", "storm", "bunny", "kiwi", "raven"),
)
EAST_ASIAN_NAMES = (
    *("田中太郎", "王小明", "李华", "张伟", "陈静", "林佳慧", "健太郎", "さくら", "ユキ", "佐藤"),
    *("김지호", "민수", "이서연", "박준", "鈴木一郎", "小林", "ひなた", "陳美玲", "高橋", "하늘"),
)
SYMBOLS = ("✨", "★", "♥", "♪", "⚡", "☀", "❄", "🔥", "🎮", "🐉", "🌙", "👑", "🍀")


def display_name(rng: random.Random) -> str:
    """A display name as people choose them on Discord (2 to 32 characters): a given name,
    with a family name or not, a handle, an East Asian name, sometimes with a symbol."""
    style = rng.random()
    if style < 0.1:
        name = rng.choice(GIVEN_NAMES)
    elif style < 0.4:
        name = f"{rng.choice(GIVEN_NAMES)} {rng.choice(FAMILY_NAMES)}"
    elif style < 0.8:
        words = rng.sample(HANDLE_WORDS, rng.randint(1, 2))
        if rng.random() < 0.3:
            words = [word.capitalize() for word in words]
        name = rng.choice(("_", ".", "")).join(words)
        if rng.random() < 0.75:
            name += str(rng.randrange(10 ** rng.randint(1, 4)))
        if rng.random() < 0.1:
            name = f"xX_{name}_Xx"
    elif style < 0.92:
        name = rng.choice(EAST_ASIAN_NAMES)
        if rng.random() < 0.5:
            name += rng.choice((f" ({rng.choice(GIVEN_NAMES)})", str(rng.randrange(100))))
    else:
        name = f"{rng.choice(GIVEN_NAMES)} {rng.choice(SYMBOLS)}"
        if rng.random() < 0.5:
            name = f"{name[-1]} {name}"
    return name[:32]


def seated_names(number: int) -> list[str]:
    """The four display names at table ``number``, different from each other, from a seed of
    the table's own: the same on every run and every code compared."""
    rng = random.Random(f"names {number}")
    names: list[str] = []
    while len(names) < 4:
        name = display_name(rng)
        if name not in names:
            names.append(name)
    return names


async def seat_table(service: TableService, number: int, guild_id: int) -> tuple[int, list[Person]]:
    """Open a table in its own channel, seat four players with names of their own
    (`seated_names`) and start (not measured: the draw for seats moves everyone, eight
    writes, at every table at once)."""
    from bot.service import Person, TableOptions

    people = [
        Person(number * 10 + seat + 1, name) for seat, name in enumerate(seated_names(number))
    ]
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


#: The kind of move each action is, as the split of the measured actions prints it (the
#: auction's bids and passes, the trump named, a player's discards to draw, the dealer robbing
#: the pack, a card played); an action that ends a hand (the next one dealt, or a game won) or
#: redeals after an auction everyone passed is counted as that instead.
ACTION_KINDS = {
    Bid: "bid",
    Pass: "pass",
    NameTrump: "trump",
    Discard: "draw",
    Keep: "rob",
    Play: "play",
}
#: The kinds in the order of a hand, as the split prints them.
KIND_ORDER = (*ACTION_KINDS.values(), "redeal", "hand end", "game end")


class Timed(NamedTuple):
    """One measured action: seconds end to end (apply, commit, the mover's hand drawn), the
    apply's alone, and its kind (`KIND_ORDER`)."""

    total: float
    apply: float
    kind: str


class Measured:
    """The measured actions, kept as numbers (17 bytes an action) and read back as `Timed`.

    They are kept in the very process whose memory is measured: at 200 actions a second, an
    object apiece (some 120 bytes) grew it by 1.4 MB a minute, 12 MB over eight minutes, that
    the bot never holds."""

    def __init__(self) -> None:
        self._totals = array("d")
        self._applies = array("d")
        self._kinds = bytearray()

    def add(self, timed: Timed) -> None:
        self._totals.append(timed.total)
        self._applies.append(timed.apply)
        self._kinds.append(KIND_ORDER.index(timed.kind))

    def __len__(self) -> int:
        return len(self._kinds)

    def __iter__(self) -> Iterator[Timed]:
        for total, apply, kind in zip(self._totals, self._applies, self._kinds, strict=True):
            yield Timed(total, apply, KIND_ORDER[kind])


async def game_going(service: TableService, table_id: int, people: list[Person]) -> Game:
    """The table's game, a new one started first if the last one is over (not measured, as
    the seats' draw moves everyone at once)."""
    table = service.registry.table(table_id)
    if table.game is None:
        await service.start(table_id, people[0])
    assert table.game is not None
    return table.game


async def move(
    service: TableService, table_id: int, game: Game, people: list[Person], rng: random.Random
) -> tuple[Person, str]:
    """One random legal move at the table by whoever is to act, as their click makes it: who
    moved, and the kind of move it was."""
    table = service.registry.table(table_id)
    hand = game.hand_number
    user = table.user_at(game.to_act)
    person = next(person for person in people if person.user_id == user)
    decision = game.decision()
    if decision is None:
        raise RuntimeError(f"table {table_id} has nobody to act: its game is over")
    action = random_action(decision, rng)
    await service.act(table_id, person, action, answered=False)
    if table.game is not game or game.is_over:
        kind = "game end"
    elif game.hand_number != hand:
        kind = "hand end" if isinstance(action, Play) else "redeal"
    else:
        kind = ACTION_KINDS[type(action)]
    return person, kind


async def play(
    service: TableService,
    table_id: int,
    people: list[Person],
    pace: float,
    until: float,
    rng: random.Random,
    measured: Measured,
) -> None:
    """Play random legal moves until ``until``, timing each (apply and commit, then render)."""
    table = service.registry.table(table_id)
    await asyncio.sleep(rng.uniform(0, min(pace, seconds_left(until))))  # not in lockstep
    while time.perf_counter() < until:
        game = await game_going(service, table_id, people)
        started = time.perf_counter()
        person, kind = await move(service, table_id, game, people, rng)
        applied = time.perf_counter()
        if table.game is not None:  # the mover's answer: their hand as it is now
            await service.show_hand(table_id, person)
        measured.add(Timed(time.perf_counter() - started, applied - started, kind))
        if pace:
            await asyncio.sleep(min(rng.expovariate(1 / pace), seconds_left(until)))


#: Actions in a hand between random players, on average (a game is some five hands of about
#: 30 actions, in `bot/engine`'s random games): the default spread, so that the measured
#: seconds find the tables anywhere in a hand. A game's end comes every fifth hand or so, one
#: action in 150: ``--spread 150`` spreads the tables over whole games, for a warm-up five
#: times as long (each hand ended reviewed before the measured seconds begin).
ACTIONS_A_HAND = 30


def advance_count(spread: int, number: int) -> int:
    """How many actions table ``number`` is advanced before the measured seconds: drawn
    uniformly below ``spread``, from a seed of its own (the same on every code compared)."""
    return random.Random(f"spread {number}").randrange(spread) if spread else 0


async def advance(
    service: TableService, seated: Sequence[tuple[int, list[Person]]], spread: int, first: int = 0
) -> int:
    """Advance each table by `advance_count` random legal moves through the service, as its
    players would have made them (stored, hands recorded, results and new games as in play),
    untimed and as fast as the service takes them; then wait until the tables it drew meanwhile
    are shown. The tables are numbered from ``first``, as their channels. The number of
    actions made."""

    async def advance_one(number: int, table_id: int, people: list[Person]) -> int:
        rng = random.Random(f"advance {number}")
        count = advance_count(spread, number)
        for _ in range(count):
            await move(service, table_id, await game_going(service, table_id, people), people, rng)
        return count

    counts = await asyncio.gather(
        *(
            advance_one(n, table_id, people)
            for n, (table_id, people) in enumerate(seated, start=first)
        )
    )
    while pending := service.pending_tasks:
        await asyncio.wait(pending)
    return sum(counts)


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
    #: CPU time used while the tables played, drawing processes included, per action (ms): the
    #: cost of an action, whatever share of the machine the process was given.
    cpu_per_action: float
    #: How the measured actions split by kind.
    kinds: tuple[KindFigures, ...] = ()
    #: The process's own resident memory, its child processes' left out (MB).
    own_mb: float = 0.0


@dataclass(frozen=True)
class KindFigures:
    """The measured actions of one kind: how many, their share of all, p50 and p99 end to end
    (ms)."""

    kind: str
    actions: int
    share: float
    p50: float
    p99: float


def by_kind(measured: Iterable[Timed]) -> tuple[KindFigures, ...]:
    """The measured actions split by kind, in the order of a hand."""
    times: dict[str, list[float]] = {}
    for timed in measured:
        times.setdefault(timed.kind, []).append(timed.total * 1000)
    count = sum(map(len, times.values()))
    return tuple(
        KindFigures(
            kind,
            len(times[kind]),
            len(times[kind]) / count,
            statistics.median(times[kind]),
            percentile(times[kind], 0.99),
        )
        for kind in KIND_ORDER
        if kind in times
    )


def report_kinds(title: str, kinds: Sequence[KindFigures]) -> None:
    """One line of how the actions split by kind: each kind's share, then its p50 and p99."""
    shares = ", ".join(
        f"{kind.kind} {kind.share:.0%} ({kind.p50:.1f}/{kind.p99:.1f})" for kind in kinds
    )
    print(f"  {title}: the actions by kind (p50/p99 ms): {shares}")


def children_of(pid: str) -> list[str]:
    """The processes `pid` started, as /proc names them (Linux)."""
    return [
        child
        for task in Path(f"/proc/{pid}/task").iterdir()
        for child in (task / "children").read_text().split()
    ]


def resource_tracker() -> list[str]:
    """Multiprocessing's resource tracker, as the bot has it: the bot starts it as a child of
    its own with its decision workers, where a load's process shares the one its parent, the
    benchmark, started (Linux)."""
    return [
        pid for pid in children_of(str(os.getppid())) if b"resource_tracker" in _command_line(pid)
    ]


def _command_line(pid: str) -> bytes:
    """The command line of process `pid`; nothing for one that ended since it was listed (a
    load's process that finished before this one, under `bench_processes.py`)."""
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except FileNotFoundError:
        return b""


def own_processes() -> list[str]:
    """This process, its children (its decision worker, its drawing processes) and the
    `resource_tracker` it uses, as /proc names them (Linux)."""
    children = children_of("self")
    return ["self", *children, *(pid for pid in resource_tracker() if pid not in children)]


class Resident(NamedTuple):
    """Resident memory (MB): the process's own, and its child processes' (the decision
    worker that reviews each finished hand and plays computer moves, started at the first
    hand's end; drawing processes, when asked for; multiprocessing's resource tracker)."""

    own: float
    children: float

    @property
    def total(self) -> float:
        return self.own + self.children


def resident() -> Resident:
    """This process's resident memory now, and its children's (Linux)."""
    sizes = []
    for pid in own_processes():
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                sizes.append(int(line.split()[1]) / 1024)
    return Resident(sizes[0], sum(sizes[1:]))


def cpu_seconds() -> float:
    """The CPU time this process and its children (its drawing processes) have used, in
    seconds (Linux)."""
    ticks = 0
    for pid in own_processes():
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


class Watch(Protocol):
    """Something measured over the very seconds the tables play, besides this process (the
    PostgreSQL server's CPU and statements, in ``bench_processes.py``)."""

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


def settle_heap_as_the_bot_does() -> None:
    """What the bot does once its tables are back (`bot.heap.settle_heap`: start-up's objects out
    of the cycle collector's walks), so that the collector's pauses are the bot's own; a release
    from before it has nothing to settle."""
    try:
        from bot.heap import settle_heap
    except ImportError:
        return
    settle_heap()


async def play_tables(
    load: Load,
    seconds: float,
    database: Path | str,
    threads: int,
    guild_of: Callable[[int], int] = lambda number: number + 1,
    first: int = 0,
    processes: bool = False,
    watches: Sequence[Watch] = (),
    spread: int = 0,
) -> tuple[Measured, float, Resident, float]:
    """Seat ``load.tables`` tables (channels numbered from ``first``, each table ``n`` in
    server ``guild_of(n)``: one apiece by default, as many servers stay within their limits
    on open tables) and play them for ``seconds``: each action measured (`Timed`), the time
    taken, and the resident memory with every table still open (`Resident`). ``threads`` draw
    the pictures, in threads as in the bot by default, or in processes of their own
    (``processes``, as ``DRAWING_PROCESSES`` asks the bot). Also the CPU seconds used while
    they played (drawing processes included); ``watches`` are started and stopped with that
    measure. With ``spread``, each table is first advanced by up to that many moves
    (`advance`), untimed, so that the measured seconds find the tables all through their
    games."""
    from bot.service import NoOutbox, TableService
    from bot.service.showing.drawing import Drawing
    from bot.store import Store

    store = await Store.open(database)
    service = TableService(
        store,
        NoOutbox(),
        random_source=random.Random(1),
        drawing=Drawing(threads, processes=processes),
    )
    measured = Measured()
    try:
        seated = [
            await seat_table(service, first + number, guild_of(first + number))
            for number in range(load.tables)
        ]
        if spread:
            began = time.perf_counter()
            made = await advance(service, seated, spread, first)
            print(
                f"{load}: advanced by {made} actions in {time.perf_counter() - began:.0f} s,"
                " untimed",
                file=sys.stderr,
                flush=True,
            )
        settle_heap_as_the_bot_does()
        for watch in watches:
            await watch.start()
        started, cpu_before = time.perf_counter(), cpu_seconds()
        until = started + seconds
        await asyncio.gather(
            *(
                play(service, table_id, people, load.pace, until, random.Random(n), measured)
                for n, (table_id, people) in enumerate(seated)
            )
        )
        elapsed, cpu = time.perf_counter() - started, cpu_seconds() - cpu_before
        for watch in watches:
            await watch.stop()
        memory = resident()
    finally:
        await service.close()
        await store.close()
    return measured, elapsed, memory, cpu


async def measure(
    load: Load, seconds: float, database: Path, threads: int, processes: bool, spread: int
) -> Figures:
    measured, elapsed, memory, cpu = await play_tables(
        load, seconds, database, threads, processes=processes, spread=spread
    )
    total = [timed.total * 1000 for timed in measured]
    applying = [timed.apply * 1000 for timed in measured]
    return Figures(
        load,
        len(total),
        len(total) / elapsed,
        statistics.median(total),
        percentile(total, 0.99),
        max(total),
        statistics.median(applying),
        percentile(applying, 0.99),
        memory.total,
        cpu * 1000 / max(len(total), 1),
        by_kind(measured),
        memory.own,
    )


def measure_in_own_process(
    load: Load, seconds: float, threads: int, processes: bool = False, spread: int = 0
) -> Figures:
    """One load in a fresh process on a fresh file, so memory and caches start clean."""
    database = Path(tempfile.mkdtemp(prefix="cinch-bench-")) / "bench.sqlite3"
    return asyncio.run(measure(load, seconds, database, threads, processes, spread))


def report(runs: list[Figures]) -> None:
    print(
        f"{'load':<32} {'actions/s':>9} {'p50':>7} {'p99':>7} {'max':>7} {'p99/p50':>7} "
        f"{'apply p50':>9} {'apply p99':>9} {'RSS MB':>7} {'CPU/action':>10}"
    )
    for run in runs:
        print(
            f"{run.load!s:<32} {run.per_second:>9.0f} {run.p50:>7.1f} {run.p99:>7.1f} "
            f"{run.worst:>7.1f} {run.p99 / run.p50:>7.1f} {run.apply_p50:>9.1f} "
            f"{run.apply_p99:>9.1f} {run.resident_mb:>7.0f} {run.cpu_per_action:>10.2f}"
        )
    for run in runs:
        report_kinds(str(run.load), run.kinds)
        print(
            f"  {run.load}: resident {run.resident_mb:.0f} MB, the process's own"
            f" {run.own_mb:.0f} MB, its child processes {run.resident_mb - run.own_mb:.0f} MB"
        )
    paced = [run for run in runs if run.load.pace]
    if len(paced) > 1:
        first = paced[0]
        growth = ", ".join(
            f"{run.load.tables} tables x{run.p99 / first.p99:.2f}" for run in paced[1:]
        )
        print(f"p99 growth from {first.load.tables} tables: {growth}")


#: The figures of a load's line, in the order `report` prints them (releases before
#: 2026-11-29 print all but the last).
COLUMNS = (
    "actions/s",
    "p50",
    "p99",
    "max",
    "p99/p50",
    "apply p50",
    "apply p99",
    "RSS MB",
    "CPU/action",
)


#: What makes the names `seat_table` seats: a release's script that defines these alike seats
#: the same people at the same tables.
NAMING = ("GIVEN_NAMES", "FAMILY_NAMES", "HANDLE_WORDS", "EAST_ASIAN_NAMES", "SYMBOLS")
NAMING_FUNCTIONS = ("display_name", "seated_names")


def naming(source: str) -> list[str]:
    """The definitions of a benchmark script's names (`NAMING`, `NAMING_FUNCTIONS`), as its
    syntax tree shows them (comments and docstrings' layout aside): none before the tables
    were seated with names of their own."""

    def names(node: ast.stmt) -> bool:
        if isinstance(node, ast.FunctionDef):
            return node.name in NAMING_FUNCTIONS
        targets = node.targets if isinstance(node, ast.Assign) else []
        return any(isinstance(target, ast.Name) and target.id in NAMING for target in targets)

    return [ast.dump(node) for node in ast.parse(source).body if names(node)]


def script_for(tree: Path, options: Sequence[str]) -> Path:
    """The benchmark that measures the code in ``tree``: its own copy of this script, as its
    interfaces were then, unless it lacks one of ``options`` (a release before ``--spread``)
    or seats other names than this one (`naming`: a release before the tables were seated
    with names of their own, whose every table seated "player 1" to "player 4"): then this
    one, the same work on both codes, that code's bot on the path."""
    own = tree / "scripts" / "bench_service.py"
    text = own.read_text()
    this = Path(__file__).resolve()
    if naming(text) != naming(this.read_text()):
        return this
    if all(f'"{option}"' in text for option in options if option.startswith("--")):
        return own
    return this


def run_tree(
    tree: Path, load: Load, seconds: float, options: tuple[str, ...] = ()
) -> tuple[dict[str, float], float]:
    """One load measured by the benchmark of the code in ``tree`` (`script_for`, given
    ``options``), in a process of its own: its figures, and the CPU seconds that process used
    (seating the tables, and advancing them with ``--spread``, included)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    argument = f"{load.tables}:{load.pace:g}"
    done = subprocess.run(
        [
            sys.executable,
            str(script_for(tree, options)),
            argument,
            "--seconds",
            f"{seconds:g}",
            *options,
        ],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    lines = done.stdout.splitlines()
    line = next(line for line in lines if line.startswith(str(load)))
    values = [float(word) for word in line.removeprefix(str(load)).split()]
    for detail in lines:  # the actions by kind, the memory of each process (when printed)
        if detail.startswith(f"  {load}"):
            print(detail)
    return dict(zip(COLUMNS, values, strict=False)), cpu


@contextmanager
def worktree(revision: str) -> Iterator[Path]:
    """A temporary git worktree of ``revision`` in this repository, removed afterwards."""
    here = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory(prefix="cinch-compare-") as folder:
        earlier = Path(folder) / revision.replace("/", "_")
        subprocess.run(
            [
                "git",
                "-C",
                str(here),
                "worktree",
                "add",
                "--detach",
                "--quiet",
                str(earlier),
                revision,
            ],
            check=True,
        )
        try:
            yield earlier
        finally:
            subprocess.run(
                ["git", "-C", str(here), "worktree", "remove", "--force", str(earlier)],
                check=False,
            )


@contextmanager
def compared_trees(revision: str) -> Iterator[dict[str, Path]]:
    """The code of ``revision`` (a temporary worktree, removed afterwards) and the code here,
    by name: ``revision`` and "today"."""
    with worktree(revision) as earlier:
        yield {revision: earlier, "today": Path(__file__).resolve().parent.parent}


def json_in_tree(script: str, tree: Path, options: Sequence[str]) -> Any:
    """What ``script`` prints, as JSON, asked with ``--json`` and ``options`` to run the code
    in ``tree`` (a process of its own: the script of here, the code of there)."""
    done = subprocess.run(
        [sys.executable, script, "--json", *options],
        cwd=tree,
        env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def alternating(names: Sequence[str], rounds: int) -> Iterator[tuple[int, str]]:
    """Each name once a round, in alternate order round after round (round numbers from
    0), so that a change of the machine's load falls on each."""
    for round_number in range(rounds):
        for name in names if round_number % 2 == 0 else reversed(names):
            yield round_number, name


def compare(
    revision: str, loads: list[Load], seconds: float, rounds: int, options: tuple[str, ...] = ()
) -> None:
    """Each load on ``revision`` (a temporary git worktree of it) and on the code here, in
    alternate order round after round so that a change of the machine's load falls on both
    (each script given ``options``); the medians and their ratios."""
    with compared_trees(revision) as trees:
        for load in loads:
            measured: dict[str, list[tuple[dict[str, float], float]]] = {name: [] for name in trees}
            for round_number, name in alternating(list(trees), rounds):
                start_load = os.getloadavg()[0]
                figures, cpu = run_tree(trees[name], load, seconds, options)
                measured[name].append((figures, cpu))
                per_action = figures.get("CPU/action")
                print(
                    f"{load}, round {round_number + 1}, {name}: load average"
                    f" {start_load:.1f} at the start; {figures['actions/s']:.0f}"
                    f" actions/s, p50 {figures['p50']:.1f} ms, p99 {figures['p99']:.1f}"
                    f" ms, RSS {figures['RSS MB']:.0f} MB, {cpu:.1f} CPU s"
                    + (f", {per_action:.2f} CPU ms an action" if per_action else ""),
                    flush=True,
                )
            report_comparison(load, revision, measured)


def report_comparison(
    load: Load, revision: str, measured: dict[str, list[tuple[dict[str, float], float]]]
) -> None:
    """Medians of each code's rounds, and today's against ``revision``'s (above 1: today
    does better)."""

    def median(name: str, column: str) -> float:
        return statistics.median(figures[column] for figures, _ in measured[name])

    def cpu(name: str) -> float:
        return statistics.median(used for _, used in measured[name])

    def per_action(name: str) -> str:
        """The CPU ms an action, which a release before 2026-11-29 does not print."""
        if any("CPU/action" not in figures for figures, _ in measured[name]):
            return "-"
        return f"{median(name, 'CPU/action'):.2f}"

    print(f"{load}: medians of {len(measured['today'])} rounds")
    print(
        f"  {'code':<12} {'actions/s':>9} {'p50':>8} {'p99':>8} {'RSS MB':>7} {'CPU s':>6}"
        f" {'CPU/action':>10}"
    )
    for name in measured:
        print(
            f"  {name:<12} {median(name, 'actions/s'):>9.0f} {median(name, 'p50'):>8.1f}"
            f" {median(name, 'p99'):>8.1f} {median(name, 'RSS MB'):>7.0f} {cpu(name):>6.1f}"
            f" {per_action(name):>10}"
        )
    throughput = median("today", "actions/s") / median(revision, "actions/s")
    p50 = median(revision, "p50") / median("today", "p50")
    p99 = median(revision, "p99") / median("today", "p99")
    print(
        f"  ratio today/{revision}: actions/s x{throughput:.2f}; p50 x{p50:.2f} and p99"
        f" x{p99:.2f} faster (below 0.8: a regression to fix first)"
    )


def add_spread_option(parser: argparse.ArgumentParser) -> None:
    """``--spread [ACTIONS]``, shared with ``bench_processes.py``."""
    parser.add_argument(
        "--spread",
        type=int,
        nargs="?",
        const=ACTIONS_A_HAND,
        default=0,
        metavar="ACTIONS",
        help="before the measured seconds, advance each table by a seeded random number of"
        " random legal moves below ACTIONS (default: %(const)s, about a hand), untimed, so that"
        " a short run measures a whole hand's mix of actions",
    )


def spread_options(args: argparse.Namespace) -> tuple[str, ...]:
    """``--spread`` as given, for the script a comparison runs."""
    return ("--spread", str(args.spread)) if args.spread else ()


def main() -> None:
    from bot.service.showing.drawing import DRAWING_THREADS

    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "loads",
        nargs="*",
        type=Load.parse,
        help="TABLES:PACE, each run in its own process (default: 50:2 200:2 500:5 200:0;"
        " with --compare: 500:5)",
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each load runs")
    parser.add_argument(
        "--threads",
        type=int,
        default=DRAWING_THREADS,
        help="how many pictures are drawn at once (default %(default)s)",
    )
    parser.add_argument(
        "--in-processes",
        action="store_true",
        help="draw in processes of their own (as DRAWING_PROCESSES asks the bot), not threads",
    )
    parser.add_argument(
        "--compare",
        metavar="REV",
        help="run the same loads on the git revision REV (a release) and on this code, in"
        " alternate order, and print the ratios",
    )
    parser.add_argument(
        "--rounds", type=int, default=2, help="with --compare: rounds of each code (default 2)"
    )
    add_spread_option(parser)
    args = parser.parse_args()
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    if args.compare:
        loads = args.loads or [Load(500, 5)]
        print(
            f"{os.cpu_count()} CPUs, load average before the run: {load_average}; {args.compare}"
            f" against today, {args.seconds:g} s per load; each its own benchmark script (or this"
            " one, if its own lacks an option asked for or seats other names)"
        )
        options = (*(("--in-processes",) if args.in_processes else ()), *spread_options(args))
        compare(args.compare, loads, args.seconds, args.rounds, options)
        return
    print(
        f"{os.cpu_count()} CPUs, load average before the run: {load_average}; "
        f"{args.seconds:g} s per load, {args.threads} drawing"
        f" {'processes' if args.in_processes else 'threads'}; times in ms, one action "
        "end to end = apply, commit, draw the mover's hand"
        + (f"; each table first advanced by up to {args.spread} actions" if args.spread else "")
    )
    runs = []
    spawn = multiprocessing.get_context("spawn")
    loads = args.loads or [Load(50, 2), Load(200, 2), Load(500, 5), Load(200, 0)]
    with ProcessPoolExecutor(1, mp_context=spawn, max_tasks_per_child=1) as pool:
        for load in loads:
            run = pool.submit(
                measure_in_own_process,
                load,
                args.seconds,
                args.threads,
                args.in_processes,
                args.spread,
            )
            runs.append(run.result())
    report(runs)


if __name__ == "__main__":
    main()
