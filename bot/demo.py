"""``python -m bot demo``: a whole game between four computer players, offline.

It goes through the very table service the Discord bot uses, on a real database file, so a
newcomer sees the bot work (and its pictures) before creating a Discord application. Each
hand's outcome is printed; the table in the middle of each hand and the end-of-hand and
end-of-game pictures are written to a folder.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bot.engine import HouseRules, Phase, SeatView
from bot.service import (
    Announcement,
    NoOutbox,
    Person,
    TableOptions,
    TableService,
    TableShown,
)
from bot.settings import unusable_database_message
from bot.store import Store, StoreError
from bot.store.locations import describe_location, resolve

#: Channel and people of the offline table (any numbers do: nothing is sent anywhere).
DEMO_GUILD, DEMO_CHANNEL = 1, 1
HOST = Person(1, "demo")
POLL = 0.01
#: No computer player pauses longer than this; a longer wait is a timer the demo never reaches.
LONGEST_PAUSE = 60.0
#: Each hand's table picture shows this many tricks played and all but one card of the next.
SNAPSHOT_TRICK = 2


class DemoError(Exception):
    """The demo cannot play as asked; the message says why, in one line."""


@dataclass
class DemoSettings:
    output: Path
    database: str | Path | None = None
    """A SQLite file or any DATABASE_URL form; ``None`` for a new temporary file."""
    level: str = "normal"
    target: int = 51
    seed: int | None = None

    def __repr__(self) -> str:
        database = None if self.database is None else describe_location(self.database)
        return (
            f"DemoSettings(output={self.output!r}, database={database!r}, level={self.level!r},"
            f" target={self.target!r}, seed={self.seed!r})"
        )


class DemoOutbox(NoOutbox):
    """Prints what the channel would show and writes the pictures to ``output``: the
    announcements with theirs, and the table once in each hand (``SNAPSHOT_TRICK``).

    A picture that cannot be written is kept as :attr:`failure`, which stops the demo: the
    next pictures would fail the same way.
    """

    def __init__(self, output: Path) -> None:
        self.output = output
        self.written: list[Path] = []
        self.failure: DemoError | None = None

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        print(announcement.text, end="\n\n", flush=True)
        if announcement.picture is not None and announcement.filename:
            self._write(announcement.filename, announcement.picture)

    async def show_table(self, shown: TableShown) -> int | None:
        view, picture = shown.table.view, shown.table.picture
        if view is not None and picture is not None and self._snapshot_due(view):
            self._write(f"table-hand-{view.hand_number}.png", picture)
        return await super().show_table(shown)

    @staticmethod
    def _snapshot_due(view: SeatView) -> bool:
        return (
            view.phase is Phase.PLAY
            and len(view.tricks) == SNAPSHOT_TRICK
            and len(view.trick) == view.players - 1
        )

    def _write(self, name: str, picture: bytes) -> None:
        if self.failure is not None:
            return
        path = self.output / name
        try:
            path.write_bytes(picture)
        except OSError as error:
            self.failure = DemoError(f"Cannot write the pictures into {self.output}: {error}.")
            return
        self.written.append(path)


async def start_computer_game(
    service: TableService, guild_id: int, channel_id: int, options: TableOptions, level: str
) -> int:
    """Open a table of computer players only in the channel, and start its game (the host who
    opens it leaves its seat to a computer player): nobody needs to be there to play it."""
    table = await service.open_table(
        guild_id=guild_id,
        channel_id=channel_id,
        creator=HOST,
        options=options,
        language="en",
        turn_timer=None,
    )
    await service.leave(table.table_id, HOST.user_id)
    for _ in range(options.players):
        await service.add_computer(table.table_id, HOST.user_id, level=level)
    await service.start(table.table_id, HOST)
    return table.table_id


async def close_tables(service: TableService) -> None:
    """Close every table the service holds, as the demo's host."""
    for table in service.held():
        await service.end(table.table_id, HOST, can_manage=True)


async def play_demo(settings: DemoSettings) -> list[Path]:
    """Play one game to the end; return the pictures written.

    The demo plays only in a database of its own: a new one, or one only the demo has used
    (a database holding Discord servers' games is refused, untouched), and it leaves it with
    no table open, so it can run there again and a bot started on it has nothing to restore.
    Anything that stops it (the output folder, the database) raises :class:`DemoError`.
    """
    # Nobody sits at the demo's table, and it must still be played to the end.
    options = TableOptions(
        rules=HouseRules(target_score=settings.target), computer_pause=0.0, unattended=True
    )
    if settings.database:
        try:
            resolve(settings.database)
        except StoreError as error:
            raise DemoError(f"--database: {error}") from None
    try:
        settings.output.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DemoError(
            f"Cannot make the folder {settings.output} for the pictures: {error}."
        ) from None
    with demo_database(settings.database) as (database, shown):
        try:
            store = await Store.open(database)
        except StoreError as error:
            raise DemoError(unusable_database_message(database, error, "--database")) from None
        try:
            if await store.tables.guilds() - {DEMO_GUILD}:
                raise DemoError(
                    f"The database at {describe_location(database)} holds Discord servers'"
                    " games; the demo plays only in a new database or one only the demo has"
                    " used, and has left this one as it was."
                )
            print(f"Database: {shown}\nPictures: {settings.output}\n", flush=True)
            return await _play(store, settings, options)
        finally:
            await store.close()


@contextmanager
def demo_database(given: str | Path | None) -> Iterator[tuple[str | Path, str]]:
    """The database the demo plays in, and how to name it to the player: the one ``given``,
    else a new file in a temporary folder deleted at the end, so that demos leave only their
    pictures behind."""
    if given:
        yield given, describe_location(given)
        return
    with tempfile.TemporaryDirectory(prefix="cinch-demo-") as folder:
        yield Path(folder) / "demo.sqlite3", "a temporary file, deleted at the end"


async def _play(store: Store, settings: DemoSettings, options: TableOptions) -> list[Path]:
    outbox = DemoOutbox(settings.output)

    #: Waits longer than any computer player's pause (the lobby's expiry after the game):
    #: the demo ends before they would, so they wait here until it closes the service.
    parked: set[asyncio.Task[object]] = set()

    async def after_the_last_move_is_shown(seconds: float) -> None:
        """The computer players' pause: wait until everything so far has been delivered, so
        each picture shows the moment it was taken for, however fast the machine."""
        current = asyncio.current_task()
        if seconds > LONGEST_PAUSE and current is not None:
            parked.add(current)
            await asyncio.Event().wait()
        while service.pending_tasks - {current} - parked:
            await asyncio.sleep(POLL)

    async def wait_while(busy: Callable[[], bool]) -> None:
        while busy() and outbox.failure is None:
            await asyncio.sleep(POLL)

    # The table is shown after every move (nothing folded), so each picture is taken at its
    # moment; the edits wait on the loop's own clock, not for the moves to be shown.
    service = TableService(
        store, outbox, sleep=after_the_last_move_is_shown, edit_sleep=asyncio.sleep
    )
    service.showing.edits.min_interval = service.showing.edits.max_delay = 0.0
    if settings.seed is not None:
        service.seeds = random.Random(settings.seed)
    try:
        # A demo stopped by force (its process killed) left its table open: close it first.
        await service.restore()
        await close_tables(service)
        table_id = await start_computer_game(
            service, DEMO_GUILD, DEMO_CHANNEL, options, level=settings.level
        )
        service.showing.watch(table_id)  # nobody sits there, but the demo shows every move
        await wait_while(
            lambda: service.facts(table_id).playing or bool(service.pending_tasks - parked)
        )
    finally:
        # Also when stopped by an error or Ctrl-C: no table is left open.
        await close_tables(service)
        await wait_while(lambda: bool(service.pending_tasks - parked))
        await service.close()
    if outbox.failure is not None:
        raise outbox.failure
    return outbox.written
