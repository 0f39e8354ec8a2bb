"""Moves handed from one bot process to another through PostgreSQL: a row each, and ``NOTIFY``
to wake whoever should read it.

Several processes share one PostgreSQL database, each running some of the bot's shards. A
process sometimes receives what another must apply: Discord delivers every direct-message
interaction on shard 0, whoever owns the table the hand belongs to. The database every process
already depends on carries those moves, so no other server is needed.

Only the bot makes moves. A move is a row of ``relayed_moves``, a table only the bot's own
database role may write (``docs/database.md``). ``NOTIFY`` carries nothing but a wake-up:
PostgreSQL lets any login that can connect send a notification on any channel, and listen to
any, so nothing in one is believed. The owner reads the rows waiting for its shards, and the
answer is the row's new state, which the sender reads back; a forged notification makes a
process read the table, nothing more.

Nothing is lost while a connection is down. The rows are in the table whoever listens: the
listening connection reconnects on its own (pausing longer after each failure, up to
:data:`LONGEST_PAUSE`, with one log line per cut), then reads every row that arrived meanwhile
and every answer it was waiting for. A connection can also die without a word (half-open: the
network dropped it, the server's end hangs): no notification comes, and no error either. So
the waiting rows are read every :data:`POLL_EVERY` seconds whatever was heard, sooner than a
sender gives up, and the listening connection is probed every :data:`PROBE_EVERY` seconds: one that
does not answer within :data:`PROBE_WITHIN` is dropped and replaced. Closing waits
:data:`CLOSE_WITHIN` at most for the connection to say goodbye.

A row that cannot be read (its move is not JSON: damaged, or edited by hand) is set aside on
its own, logged once: the other rows are applied as ever, and its sender stops waiting in time.

A move ends applied, refused or withdrawn, exactly one of them, and its sender is told which:

- the owner stores the move's action only while its row is waiting, and marks the row applied
  in the same transaction (:func:`take_for_action`, from ``GamesRepository.append_action``);
- a sender that has waited long enough withdraws the row under the same row lock, unless an
  action is stored under its click: then the move counts, and the row says applied.

So a player told their move was not played can rely on it: no process may store it afterwards.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any, Literal, cast

import asyncpg

from .database import Database, Row, Session, decode_json, encode_json, encode_time
from .locations import check_postgres_url, redact
from .records import JSON
from .store_errors import ConstraintError, StoreError, UnreadableValue

log = logging.getLogger(__name__)

#: Where an owner says it answered a move; the payload is the click's id, the row says how.
ANSWER_CHANNEL = "cinch_relay_answers"
#: The listener's pause before reconnecting, doubled after each failure up to the longest.
FIRST_PAUSE, LONGEST_PAUSE = 0.5, 30.0
#: Rows this old are deleted when a process starts: their senders stopped waiting long ago.
KEPT_FOR = timedelta(days=1)
#: Seconds between two reads of the waiting rows, whatever was heard: shorter than
#: a sender's wait (``routing.ANSWER_WITHIN``), so a lost notification costs a second at most.
POLL_EVERY = 1.0
#: Seconds between two probes of the listening connection, and how long it has to answer.
PROBE_EVERY, PROBE_WITHIN = 10.0, 5.0
#: Seconds closing waits for the listening connection to end politely before dropping it.
CLOSE_WITHIN = 5.0

State = Literal["waiting", "applied", "refused", "withdrawn"]
Sleep = Callable[[float], Awaitable[None]]


def shard_channel(shard: int) -> str:
    """The channel that wakes the process running ``shard``."""
    return f"cinch_shard_{shard}"


def listener_name(shards: Iterable[int]) -> str:
    """The listening connection's ``application_name``, as ``pg_stat_activity`` shows it."""
    return "cinch relay, shards " + ",".join(str(shard) for shard in shards)


@dataclass(frozen=True, slots=True)
class RelayedMove:
    """A move as its row has it."""

    #: The click (a Discord interaction): one row, and at most one action, per click.
    request_id: int
    table_id: int
    #: The person and their action, as the process that received the click wrote them.
    move: JSON
    state: State
    #: The owner's refusal, when it refused the move.
    refusal: JSON


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a move sent to its owner ended."""

    #: Its row, applied, refused or withdrawn.
    move: RelayedMove
    #: The owner answered before the wait ended; otherwise the sender settled the row itself.
    answered: bool


#: Applies a move sent to this process; returns the refusal to keep, ``None`` when applied.
Apply = Callable[[RelayedMove], Awaitable[JSON]]


async def take_for_action(tx: Session, request_id: int) -> None:
    """In the transaction that stores the action a click asked for: the click's relayed move,
    if it has one, is applied with it. One already settled (its sender withdrew it, or it was
    refused) may no longer be: :class:`ConstraintError`, and the action is not stored."""
    row = await tx.fetch_one(
        f"SELECT state FROM relayed_moves WHERE request_id = ?{tx.for_update}", (request_id,)
    )
    if row is None:
        return  # a click answered where it arrived
    if row["state"] != "waiting":
        raise ConstraintError(
            "unique", f"the relayed move of request {request_id} is already {row['state']}"
        )
    await tx.execute(
        "UPDATE relayed_moves SET state = 'applied' WHERE request_id = ?", (request_id,)
    )


class Relay:
    """One process's end: it sends moves to the owners of their tables and waits for the
    answer, and applies the moves sent to its own shards."""

    def __init__(self, database: Database, shards: tuple[int, ...], apply: Apply, sleep: Sleep):
        self._db = database
        self._url = check_postgres_url(database.location)
        self._shards = shards
        self._apply = apply
        self._sleep = sleep
        self._connection: asyncpg.Connection | None = None
        self._closing = False
        self._tasks: set[asyncio.Task[None]] = set()
        #: The moves this process sent and waits for, by click.
        self._awaited: dict[int, asyncio.Future[RelayedMove]] = {}
        #: The moves sent to this process that it is applying now.
        self._applying: set[int] = set()
        self._picking: asyncio.Task[None] | None = None
        self._pick_again = False
        #: The waiting rows that could not be read, each logged once and left alone.
        self._set_aside: set[int] = set()

    @classmethod
    async def open(
        cls,
        database: Database,
        shards: Iterable[int],
        apply: Apply,
        *,
        sleep: Sleep = asyncio.sleep,
    ) -> Relay:
        """Listen, on the store's PostgreSQL database, for the moves of ``shards``, which
        ``apply`` applies; moves sent while this process was away are picked up at once."""
        if database.dialect != "postgres":
            raise StoreError("moves are relayed between bot processes through PostgreSQL only")
        relay = cls(database, tuple(shards), apply, sleep)
        await relay._prune()
        try:
            await relay._listen()
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(
                f"could not listen on the PostgreSQL database: {redact(str(error))}"
            ) from None
        relay._wake()
        relay._spawn(relay._poll())
        relay._spawn(relay._probe())
        return relay

    @property
    def listening(self) -> bool:
        """The listening connection is up (it is being reconnected otherwise)."""
        return self._connection is not None and not self._connection.is_closed()

    @property
    def pending_tasks(self) -> frozenset[asyncio.Task[None]]:
        """What the relay is doing in the background: applying, reading, reconnecting."""
        return frozenset(self._tasks)

    async def send(
        self, shard: int, request_id: int, table_id: int, move: JSON, *, within: float
    ) -> Outcome:
        """Have the process running ``shard`` apply ``move`` and wait for its answer, at most
        ``within`` seconds; after that the move is withdrawn, unless it was stored meanwhile.
        A click sent again is never applied twice."""
        answer: asyncio.Future[RelayedMove] = asyncio.get_running_loop().create_future()
        self._awaited[request_id] = answer
        deadline = asyncio.ensure_future(self._sleep(within))
        try:
            relayed = await self._post(shard, request_id, table_id, move)
            answered = relayed.state != "waiting"
            if not answered:
                await asyncio.wait((answer, deadline), return_when=asyncio.FIRST_COMPLETED)
                answered = answer.done()
                relayed = answer.result() if answered else await self._withdraw(request_id)
        finally:
            deadline.cancel()
            self._awaited.pop(request_id, None)
        if relayed.state in ("applied", "refused"):
            async with self._db.session() as session:  # done with: only a withdrawal stays
                await session.execute(
                    "DELETE FROM relayed_moves WHERE request_id = ?"
                    " AND state IN ('applied', 'refused')",
                    (request_id,),
                )
        return Outcome(relayed, answered)

    async def close(self) -> None:
        """Stop listening; a connection that does not end within :data:`CLOSE_WITHIN` (its
        server's end hangs) is dropped, so shutting down never waits on it."""
        self._closing = True
        tasks = list(self._tasks)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        connection = self._connection
        if connection is not None and not await self._within(connection.close(), CLOSE_WITHIN):
            log.warning("The listening connection did not close in time; dropped")
            connection.terminate()

    # ------------------------------------------------------------------ the rows

    async def _post(self, shard: int, request_id: int, table_id: int, move: JSON) -> RelayedMove:
        """Write the move's row and wake its owner, in one transaction (the notification goes
        out at commit, when the row is there to read)."""
        async with self._db.write() as tx:
            row = await tx.fetch_one(
                "INSERT INTO relayed_moves (request_id, shard, table_id, move, created_at)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (request_id) DO NOTHING RETURNING *",
                (request_id, shard, table_id, encode_json(move), self._db.now()),
            )
            if row is None:  # the same click sent again: its row says how it went
                row = await tx.fetch_required(
                    "SELECT * FROM relayed_moves WHERE request_id = ?", (request_id,)
                )
            else:
                await tx.execute("SELECT pg_notify(?, ?)", (shard_channel(shard), str(request_id)))
        return _relayed(row)

    async def _settle(
        self, tx: Session, request_id: int, otherwise: State, refusal: JSON = None
    ) -> Row | None:
        """End a waiting row, under its lock: applied when an action is stored under its click
        (the move counts, whatever else happened), ``otherwise`` when none is. A row already
        settled stays as it is. The row as it is now (``None`` once its sender deleted it)."""
        row = await tx.fetch_one(
            f"SELECT * FROM relayed_moves WHERE request_id = ?{tx.for_update}", (request_id,)
        )
        if row is None or row["state"] != "waiting":
            return row
        stored = await tx.fetch_one("SELECT 1 FROM actions WHERE request_id = ?", (request_id,))
        state, kept = ("applied", None) if stored is not None else (otherwise, refusal)
        return await tx.fetch_required(
            "UPDATE relayed_moves SET state = ?, refusal = ? WHERE request_id = ? RETURNING *",
            (state, None if kept is None else encode_json(kept), request_id),
        )

    async def _withdraw(self, request_id: int) -> RelayedMove:
        """The sender stops waiting: the move can no longer be applied, unless it was."""
        async with self._db.write() as tx:
            row = await self._settle(tx, request_id, "withdrawn")
        assert row is not None, "only its sender deletes a row"
        return _relayed(row)

    async def _answer(self, request_id: int, refusal: JSON) -> None:
        """The owner is done with a move: its row says how, and its sender is woken."""
        async with self._db.write() as tx:
            await self._settle(tx, request_id, "applied" if refusal is None else "refused", refusal)
            await tx.execute("SELECT pg_notify(?, ?)", (ANSWER_CHANNEL, str(request_id)))

    async def _waiting(self) -> list[RelayedMove]:
        """The moves sent to this process's shards that nobody settled yet, oldest first."""
        shards = ", ".join("?" * len(self._shards))
        rows = await self._db.fetch_all(
            f"SELECT * FROM relayed_moves WHERE state = 'waiting' AND shard IN ({shards})"
            " ORDER BY request_id",
            self._shards,
        )
        moves: list[RelayedMove] = []
        for row in rows:
            try:
                moves.append(_relayed(row))
            except UnreadableValue as error:
                self._set_aside_once(row["request_id"], error)
        return moves

    def _set_aside_once(self, request_id: int, error: UnreadableValue) -> None:
        """A damaged row is left alone, and said once: its sender stops waiting in time."""
        if request_id not in self._set_aside:
            self._set_aside.add(request_id)
            log.error("Relayed move %s set aside: its row cannot be read (%s)", request_id, error)

    async def _prune(self) -> None:
        oldest = encode_time(self._db.clock() - KEPT_FOR)
        async with self._db.write() as tx:
            await tx.execute("DELETE FROM relayed_moves WHERE created_at < ?", (oldest,))

    # ------------------------------------------------------------------ applying moves

    def _wake(self) -> None:
        """Read the moves waiting for this process (once more if a read is under way)."""
        if self._picking is not None and not self._picking.done():
            self._pick_again = True
            return
        self._picking = self._spawn(self._pick_up())

    async def _pick_up(self) -> None:
        self._pick_again = True
        while self._pick_again:
            self._pick_again = False
            for relayed in await self._waiting():
                if relayed.request_id not in self._applying:
                    self._applying.add(relayed.request_id)
                    self._spawn(self._apply_one(relayed))

    async def _apply_one(self, relayed: RelayedMove) -> None:
        try:
            await self._answer(relayed.request_id, await self._apply(relayed))
        finally:
            self._applying.discard(relayed.request_id)

    # ------------------------------------------------------------------ answers

    async def _look_up(self, request_id: int) -> None:
        """Read an awaited move's row; a settled one is its sender's answer."""
        row = await self._db.fetch_one(
            "SELECT * FROM relayed_moves WHERE request_id = ?", (request_id,)
        )
        awaited = self._awaited.get(request_id)
        if row is None or awaited is None or awaited.done():
            return
        relayed = _relayed(row)
        if relayed.state != "waiting":
            awaited.set_result(relayed)

    # ------------------------------------------------------------------ the connection

    async def _listen(self) -> None:
        connection = await asyncpg.connect(
            self._url, server_settings={"application_name": listener_name(self._shards)}
        )
        try:
            for shard in self._shards:
                await connection.add_listener(shard_channel(shard), self._heard_move)
            await connection.add_listener(ANSWER_CHANNEL, self._heard_answer)
        except BaseException:
            await connection.close()
            raise
        connection.add_termination_listener(self._lost)
        self._connection = connection

    def _heard_move(self, _connection: object, _pid: int, _channel: str, _payload: str) -> None:
        self._wake()

    def _heard_answer(self, _connection: object, _pid: int, _channel: str, payload: str) -> None:
        if payload.isdigit() and int(payload) in self._awaited:
            self._spawn(self._look_up(int(payload)))

    def _lost(self, connection: object) -> None:
        if self._closing or connection is not self._connection:
            return
        self._connection = None
        log.warning("The connection listening for other bot processes' moves was cut; reconnecting")
        self._spawn(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect again, pausing longer after each failure; then catch up with the moves and
        answers that came while nobody listened."""
        pause = FIRST_PAUSE
        while True:
            await self._sleep(pause)
            try:
                await self._listen()
                break
            except Exception as error:
                log.debug(
                    "Listening again failed (%s); next try in %s s", redact(str(error)), pause
                )
                pause = min(2 * pause, LONGEST_PAUSE)
        self._wake()
        for request_id in list(self._awaited):
            self._spawn(self._look_up(request_id))

    async def _poll(self) -> None:
        """Read the waiting rows every :data:`POLL_EVERY` seconds, whatever the listening
        connection heard: a notification may be lost. (An answer is not polled for: a row
        applied says nothing of whether its owner answered, and a sender whose wait ends
        reads the row anyway.)"""
        while True:
            await self._sleep(POLL_EVERY)
            self._wake()

    async def _probe(self) -> None:
        """Every :data:`PROBE_EVERY` seconds, ask the listening connection a question; one that
        has not answered :data:`PROBE_WITHIN` seconds later hangs, unknowing: it is dropped and
        a new one listens in its place."""
        while True:
            await self._sleep(PROBE_EVERY)
            connection = self._connection
            if connection is None or connection.is_closed():
                continue  # being reconnected already
            answer = asyncio.ensure_future(connection.fetchval("SELECT 1"))
            await self._sleep(PROBE_WITHIN)
            if answer.done() and not answer.cancelled() and answer.exception() is None:
                continue
            answer.cancel()
            if self._connection is not connection:
                continue  # cut meanwhile, and being reconnected
            self._connection = None
            cast(asyncpg.Connection, connection).terminate()
            log.warning(
                "The connection listening for other bot processes' moves stopped answering;"
                " replacing it"
            )
            self._spawn(self._reconnect())

    async def _within(self, work: Awaitable[object], seconds: float) -> bool:
        """Whether ``work`` ended well within ``seconds`` (it is cancelled otherwise)."""
        done = asyncio.ensure_future(work)
        timer = asyncio.ensure_future(self._sleep(seconds))
        try:
            await asyncio.wait((done, timer), return_when=asyncio.FIRST_COMPLETED)
        finally:
            timer.cancel()
        if not done.done():
            done.cancel()
            await asyncio.gather(done, return_exceptions=True)
            return False
        return not done.cancelled() and done.exception() is None

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.get_running_loop().create_task(_logged(work))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task


async def _logged(work: Coroutine[Any, Any, None]) -> None:
    """Background work of the relay: a failure is logged, and never stops the listening."""
    try:
        await work
    except Exception:
        log.exception("Relaying moves between bot processes failed")


def _relayed(row: Row) -> RelayedMove:
    return RelayedMove(
        request_id=row["request_id"],
        table_id=row["table_id"],
        move=decode_json(row["move"]),
        state=cast(State, row["state"]),
        refusal=decode_json(row["refusal"]),
    )
