"""Fixtures shared by every test folder: a real SQLite store in a temporary directory, and
``database``, which gives each test that uses it once on SQLite and once on a real PostgreSQL
server started for the session (see ``postgres_server.py``)."""

from __future__ import annotations

import asyncio
import os
import shutil
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import settings

from bot.ai.pool import DecisionPool, default_workers
from bot.i18n import is_strict, set_strict
from bot.store import Store
from tests import postgres_server
from tests.decisions import RememberingExecutor, SessionProcesses
from tests.examples import NIGHTLY_SCALE
from tests.postgres_databases import fresh_postgres_database

# A nightly run tries ten times the examples of each property test (tests/examples.py).
settings.register_profile(
    "nightly", max_examples=NIGHTLY_SCALE * settings.get_profile("default").max_examples
)


@pytest.fixture
def database_path(tmp_path: Path) -> Path:
    """Where this test's database file lives (inside a folder that does not exist yet)."""
    return tmp_path / "data" / "cinch.sqlite3"


@pytest.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    """A migrated store on a fresh database, on SQLite and on PostgreSQL, closed after the
    test (suites that need one engine, or a clock of their own, define their own)."""
    opened = await Store.open(database)
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture(scope="session")
def session_processes() -> Iterator[SessionProcesses]:
    """The computer players' worker processes of the session (``tests/decisions.py``), started
    at the first job: the bots under test and the services' pools send their jobs there."""
    processes = SessionProcesses(default_workers())
    try:
        yield processes
    finally:
        processes.close()


@pytest.fixture(scope="session")
def shared_workers(session_processes: SessionProcesses) -> RememberingExecutor:
    """The session's processes, working each job of the services' pools out once."""
    return RememberingExecutor(session_processes)


@pytest.fixture
def decisions(shared_workers: RememberingExecutor) -> Iterator[DecisionPool]:
    """The computer players' pool of the services under test, over the session's workers;
    closed after the test, which waits for its jobs (a pool's scheduler is the test's own)."""
    pool = DecisionPool(workers=1, executor=shared_workers)
    try:
        yield pool
    finally:
        pool.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[postgres_server.PostgresServer]:
    """One PostgreSQL server for the whole session; skips (or fails in CI) without one."""
    try:
        server = postgres_server.start()
    except postgres_server.NoServer as error:
        if postgres_server.required():
            required = postgres_server.REQUIRE_ENV
            pytest.fail(f"{required} is set, but PostgreSQL did not start: {error}")
        pytest.skip(f"no PostgreSQL server could be started: {error}")
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
async def postgres_url(postgres: postgres_server.PostgresServer) -> AsyncIterator[str]:
    """A new, empty PostgreSQL database for this test."""
    async with fresh_postgres_database(postgres) as url:
        yield url


@pytest.fixture(scope="session")
def migrated_sqlite(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite file as the migrations leave it, made once a session: a copy of it is a fresh
    store in a tenth of the time of migrating an empty file (``tests/store/test_migrations.py``
    migrates empty files)."""
    path = tmp_path_factory.mktemp("migrated") / "cinch.sqlite3"

    async def migrate() -> None:
        await (await Store.open(path)).close()

    asyncio.run(migrate())
    return path


#: The fast lane (``-m "not slow"``) runs each store test on SQLite only; the whole run (and CI)
#: on PostgreSQL too, whose fresh database per test costs a quarter of a second.
@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.slow)])
async def database(
    request: pytest.FixtureRequest, database_path: Path, migrated_sqlite: Path
) -> AsyncIterator[str | Path]:
    """What to open a fresh, empty store with: a new SQLite file, or a new PostgreSQL database,
    each copied from one already migrated."""
    if request.param == "sqlite":
        database_path.parent.mkdir(parents=True)
        shutil.copyfile(migrated_sqlite, database_path)
        yield database_path
        return
    async with fresh_postgres_database(request.getfixturevalue("postgres"), migrated=True) as url:
        yield url


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "one_engine: a test of computer play, solving or a game's course, which the store only"
        " keeps: it runs on SQLite alone (the store's own tests run on both engines)",
    )


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: half as many workers again as cores. A third of a worker's time is spent
    waiting (SimCord's settling, the PostgreSQL server, worker processes starting), so one
    worker a core leaves the cores idle that long; the extra workers fill it."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, (cores or 1) * 3 // 2)


#: The tests that take longest (ten seconds and more on a two-core machine, ``--durations``),
#: by the start of their ids, longest first. They run first, so that the workers end on short
#: tests together instead of one of them finishing a long test alone (pytest-xdist's worksteal
#: hands out the tests in the order collected, and steals from the ends of the queues). A test
#: missing from this list only runs later.
LONGEST = (
    "tests/engine/test_properties.py::test_random_games_keep_every_invariant",
    "tests/daily/test_service.py::test_a_whole_day_is_compared_with_par",
    "tests/puzzles/test_finder.py::test_the_puzzles_of_hands_of_normal_players",
    "tests/daily/test_service.py::test_a_player_who_plays_as_the_computers_do",
    "tests/daily/test_deal_pictures.py::",
    "tests/service/test_processes.py::",
    "tests/cogs/test_daily.py::test_a_whole_day",
    "tests/ai/test_hints.py::test_hints_match_hard_and_read_in_every_language",
    "tests/ai/test_inference.py::test_the_odds_give_the_true_places",
    "tests/service/test_table_ends.py::test_a_game_of_computer_players_alone",
    "tests/cogs/test_tournaments.py::",
    "tests/ai/test_sampling.py::",
    "tests/ai/test_legal_actions.py::",
    "tests/cogs/test_puzzles.py::",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out the PostgreSQL run of each ``one_engine`` test (reported as deselected), and
    run the longest tests first, then the other slow ones, then the rest (each in the order
    collected)."""
    left_out = {
        item
        for item in items
        if item.get_closest_marker("one_engine") is not None
        and getattr(getattr(item, "callspec", None), "params", {}).get("database") == "postgres"
    }
    if left_out:
        config.hook.pytest_deselected(items=list(left_out))
    items[:] = sorted(
        (item for item in items if item not in left_out),
        key=lambda item: (
            _rank_among_longest(item.nodeid),
            item.get_closest_marker("slow") is None,
        ),
    )


def _rank_among_longest(nodeid: str) -> int:
    return next(
        (rank for rank, start in enumerate(LONGEST) if nodeid.startswith(start)), len(LONGEST)
    )


@pytest.fixture(autouse=True)
def strict_catalogue() -> Iterator[None]:
    """Every test runs with strict message lookups: an unknown key or a missing placeholder
    fails the test instead of showing the key, as production does."""
    previous = is_strict()
    set_strict(True)
    yield
    set_strict(previous)


@pytest.fixture
def record_drawn_text(monkeypatch: pytest.MonkeyPatch) -> Callable[..., list[str]]:
    """Start recording every string the given picture modules hand to `draw_text`.

    The picture tests use it to check that every word drawn came from the scene's words.
    """

    def record(*modules: ModuleType) -> list[str]:
        texts: list[str] = []
        for module in modules:
            original = module.draw_text

            def draw_and_record(image, xy, text, *args, _original=original, **kwargs):
                texts.append(text)
                return _original(image, xy, text, *args, **kwargs)

            monkeypatch.setattr(module, "draw_text", draw_and_record)
        return texts

    return record
