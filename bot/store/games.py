"""Games: their start, every action, the engine snapshot, each hand, and the final result."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from .database import (
    UNSET,
    Database,
    Row,
    Session,
    Unset,
    decode_json,
    decode_time,
    encode_json,
)
from .records import (
    JSON,
    ActionRecord,
    EndedGameStatus,
    FinishedHand,
    GameEnd,
    GameRecord,
    HandRecord,
    ResultPlayer,
    ResultRecord,
)
from .relay import take_for_action
from .store_errors import (
    ConstraintError,
    GameActiveError,
    GameEndedError,
    NotFoundError,
    TableClosedError,
)

_GAME_BY_ID = "SELECT * FROM games WHERE id = ?"
#: More work for the transaction that ends a game, once its result is written: given the
#: transaction and the game's id (the boards counting the game, ``bot.stats``).
AfterResult = Callable[[Session, int], Awaitable[None]]
_SEED_RANGE = 2**64


def _encode_seed(seed: int) -> int:
    """Seeds are unsigned 64-bit numbers; stored integers are signed, so wrap the top half."""
    if not 0 <= seed < _SEED_RANGE:
        raise ValueError("a seed is an unsigned 64-bit integer")
    return seed - _SEED_RANGE if seed >= _SEED_RANGE // 2 else seed


def _decode_seed(stored: int) -> int:
    return stored + _SEED_RANGE if stored < 0 else stored


def _game(row: Row) -> GameRecord:
    return GameRecord(
        id=row["id"],
        table_id=row["table_id"],
        guild_id=row["guild_id"],
        seed=_decode_seed(row["seed"]),
        rules=decode_json(row["rules"]),
        player_count=row["player_count"],
        status=row["status"],
        started_at=decode_time(row["started_at"]),
        ended_at=decode_time(row["ended_at"]),
        state=decode_json(row["state"]),
        state_seq=row["state_seq"],
    )


def _action(row: Row) -> ActionRecord:
    return ActionRecord(
        game_id=row["game_id"],
        seq=row["seq"],
        seat=row["seat"],
        action=decode_json(row["action"]),
        created_at=decode_time(row["created_at"]),
    )


class GamesRepository:
    """Everything about games; each method is one committed transaction."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def start(
        self,
        table_id: int,
        *,
        seed: int,
        rules: JSON,
        player_count: int,
        state: JSON | None = None,
    ) -> GameRecord:
        """Record a new game at a table, with the engine's initial state (if given).

        Raises :class:`GameActiveError` when the table already has a game in progress,
        :class:`TableClosedError` when the table is closed (a process that still holds it may
        not know yet: the table's row is read under a lock, so a game can never start behind
        a close) and :class:`NotFoundError` when the table does not exist.
        """
        try:
            async with self._db.write() as tx:
                table = await tx.fetch_required(
                    f"SELECT guild_id, status FROM game_tables WHERE id = ?{tx.for_update}",
                    (table_id,),
                )
                if table["status"] != "open":
                    raise TableClosedError(f"table {table_id} is closed; no game starts there")
                row = await tx.fetch_required(
                    "INSERT INTO games (table_id, guild_id, seed, rules, player_count,"
                    " started_at, state) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *",
                    (
                        table_id,
                        table["guild_id"],
                        _encode_seed(seed),
                        encode_json(rules),
                        player_count,
                        self._db.now(),
                        None if state is None else encode_json(state),
                    ),
                )
        except ConstraintError:
            raise GameActiveError(f"table {table_id} already has a game in progress") from None
        return _game(row)

    async def get(self, game_id: int) -> GameRecord | None:
        row = await self._db.fetch_one(_GAME_BY_ID, (game_id,))
        return None if row is None else _game(row)

    async def active(self, table_id: int) -> GameRecord | None:
        """The table's game in progress, if any."""
        row = await self._db.fetch_one(
            "SELECT * FROM games WHERE table_id = ? AND status = 'playing'", (table_id,)
        )
        return None if row is None else _game(row)

    async def append_action(
        self,
        game_id: int,
        action: JSON,
        *,
        seat: int | None = None,
        state: JSON | Unset = UNSET,
        seq: int | None = None,
        request_id: int | None = None,
        hand: FinishedHand | None = None,
        ended: GameEnd | None = None,
        after_result: AfterResult | None = None,
    ) -> ActionRecord:
        """Store the game's next action (numbered 1, 2, ...), committed when this returns.

        Pass the engine state after this action as ``state`` to keep the snapshot current,
        so a restart restores without replaying anything. ``seat`` is who acted (``None``
        for actions of the game itself, such as a deal). Raises :class:`GameEndedError` for
        a game that is over and :class:`NotFoundError` for an unknown one.

        The action, its number and the snapshot are written in one transaction that first
        locks the game's row (``FOR UPDATE`` on PostgreSQL; SQLite's write transaction locks
        the whole file). Another process appending to the same game waits for the commit and
        then numbers its action after this one, and an action can never follow the game's end:
        the status is read under the same lock. The primary key (game, number) refuses a
        second action with the same number in any case.

        A caller that holds the game in memory passes the number it expects the action to get
        (``seq``: the number of actions it knows of, plus one). If another process stored an
        action meanwhile (two processes each believing they own the table, one of them out of
        date), that number is taken and the write is refused with :class:`ConstraintError`: an
        action decided on an old state can never follow one the caller has not seen. Likewise
        ``request_id`` (the Discord interaction that asked for it) may be stored once only, so a
        click delivered twice is applied once. A click relayed from another process is stored
        only while its relayed move is waiting, and settles it as applied in this transaction;
        one its sender withdrew is refused with :class:`ConstraintError`
        (:func:`~bot.store.relay.take_for_action`).

        An action that ends a hand passes the hand's result (``hand``): it is stored in the
        same transaction, so an action costs one commit, and a hand is never found ended
        without its result (nor the other way round).

        An action that ends the game passes how it ended (``ended``): the game's end, its
        result and its players are stored in the same transaction too, as :meth:`finish`
        stores them, and then ``after_result`` does its work in it (the boards count the
        game): a game's end is one commit. When ``after_result`` raises, nothing is stored.

        An action numbered by its caller that carries neither a snapshot nor a hand (most of
        a hand's) is one statement, one round trip to PostgreSQL, with the same lock and
        checks; so is one with its snapshot (a deal) and the hand it ended, on PostgreSQL.
        The others take a transaction of several statements.
        """
        encoded = encode_json(action)
        created_at = self._db.now()
        stored = None
        if seq is not None and state is UNSET and hand is None and ended is None:
            stored = await self._append_alone(game_id, seq, seat, encoded, created_at, request_id)
        elif (
            seq is not None
            and state is not UNSET
            and ended is None
            and self._db.dialect == "postgres"
        ):
            stored = await self._append_with_snapshot(
                game_id, seq, seat, encoded, created_at, request_id, state, hand
            )
        if stored is None:
            stored = await self._append_checked(
                game_id,
                seq,
                seat,
                encoded,
                created_at,
                request_id,
                state,
                hand,
                ended,
                after_result,
            )
        return ActionRecord(
            game_id=game_id,
            seq=stored,
            seat=seat,
            action=decode_json(encoded),
            created_at=decode_time(created_at),
        )

    async def _append_alone(
        self,
        game_id: int,
        seq: int,
        seat: int | None,
        encoded: str,
        created_at: str,
        request_id: int | None,
    ) -> int | None:
        """Most actions (numbered by their caller, neither dealing nor scoring): one
        statement, so one round trip and its own transaction. It locks the game's row as
        :meth:`_append_checked` does, and stores the action only while the game plays and only
        when no relayed move is kept under its click; ``None`` when it stored nothing, and
        :meth:`_append_checked` finds out why (or settles the relayed move with it)."""
        async with self._db.session() as session:
            row = await session.fetch_one(
                "INSERT INTO actions (game_id, seq, seat, action, created_at, request_id)"
                " SELECT id, ?, ?, ?, ?, ? FROM games WHERE id = ? AND status = 'playing'"
                " AND NOT EXISTS (SELECT 1 FROM relayed_moves WHERE request_id = ?)"
                f"{session.for_update} RETURNING seq",
                (seq, seat, encoded, created_at, request_id, game_id, request_id),
            )
        return None if row is None else int(row[0])

    async def _append_with_snapshot(
        self,
        game_id: int,
        seq: int,
        seat: int | None,
        encoded: str,
        created_at: str,
        request_id: int | None,
        state: JSON,
        hand: FinishedHand | None,
    ) -> int | None:
        """A deal or a hand's end on PostgreSQL (numbered by its caller): the snapshot, the
        action and the hand's result in one statement of data-modifying ``WITH`` queries, one
        round trip instead of seven (BEGIN, the lock, four writes, COMMIT), each a wait for a
        busy event loop. Updating the game's row locks it as :meth:`_append_checked` does, and
        only while the game plays and no relayed move is kept under the click; ``None`` when it
        stored nothing, and :meth:`_append_checked` finds out why (or settles the relayed move
        with it). SQLite has no such queries; its trips are to a thread of the process."""
        params: dict[str, object] = {
            "game_id": game_id,
            "seq": seq,
            "seat": seat,
            "action": encoded,
            "created_at": created_at,
            "request_id": request_id,
            "state": encode_json(state),
        }
        sql = _SNAPSHOT_WITH_ACTION
        if hand is not None:
            params.update(_hand_params(hand))
            sql += _AND_HAND
        async with self._db.session() as session:
            row = await session.fetch_one(f"{sql} SELECT seq FROM action", params)
        return None if row is None else int(row[0])

    async def _append_checked(
        self,
        game_id: int,
        seq: int | None,
        seat: int | None,
        encoded: str,
        created_at: str,
        request_id: int | None,
        state: JSON | Unset,
        hand: FinishedHand | None,
        ended: GameEnd | None,
        after_result: AfterResult | None,
    ) -> int:
        """The action in a transaction of several statements: the game's row locked and read
        first, so that an action numbered here (``seq`` None) follows every committed one, and
        the snapshot, the hand's result, the game's end and a relayed move's row written with
        it."""
        async with self._db.write() as tx:
            game = await tx.fetch_one(
                f"SELECT guild_id, status FROM games WHERE id = ?{tx.for_update}", (game_id,)
            )
            if game is None:
                raise NotFoundError(f"no game {game_id}")
            if game["status"] != "playing":
                raise GameEndedError(f"game {game_id} is over; it takes no more actions")
            if request_id is not None:
                await take_for_action(tx, request_id)
            (stored,) = await tx.fetch_required(
                "INSERT INTO actions (game_id, seq, seat, action, created_at, request_id) VALUES"
                " (?, COALESCE(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM actions"
                " WHERE game_id = ?)), ?, ?, ?, ?) RETURNING seq",
                (game_id, seq, game_id, seat, encoded, created_at, request_id),
            )
            changes: dict[str, object] = {}
            if state is not UNSET:
                changes.update(state=encode_json(state), state_seq=stored)
            if ended is not None:
                ended_at = self._db.now()
                changes.update(status=_ended_status(ended), ended_at=ended_at)
            await tx.update("games", changes, "id = ?", (game_id,))
            if hand is not None:
                await _insert_hand(tx, game_id, hand, created_at)
            if ended is not None:
                await _insert_result(tx, game_id, game["guild_id"], ended, ended_at)
                if after_result is not None:
                    await after_result(tx, game_id)
        return int(stored)

    async def save_state(self, game_id: int, state: JSON, *, seq: int) -> None:
        """Keep ``state`` as the snapshot taken after the first ``seq`` actions."""
        async with self._db.write() as tx:
            outcome = await tx.execute(
                "UPDATE games SET state = ?, state_seq = ? WHERE id = ?",
                (encode_json(state), seq, game_id),
            )
            if outcome.rowcount == 0:
                raise NotFoundError(f"no game {game_id}")

    async def actions(self, game_id: int, *, after: int = 0) -> list[ActionRecord]:
        """The game's actions in order, those numbered above ``after`` (default: all).

        ``actions(game.id, after=game.state_seq)`` is what must be replayed on the snapshot.
        """
        rows = await self._db.fetch_all(
            "SELECT * FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after),
        )
        return [_action(row) for row in rows]

    async def record_hand(
        self,
        game_id: int,
        *,
        number: int,
        dealer: int,
        bids: JSON,
        contract: int | None,
        maker: int | None,
        trump: str | None,
        points: Sequence[int],
        score_change: Sequence[int],
        captured: JSON | None = None,
    ) -> HandRecord:
        """Store a finished hand; ``points`` and ``score_change`` have one entry per side.

        The statistics (``bot/stats``) read two JSON fields in the engine's ``HandResult``
        shapes: ``bids`` as ``[[seat, amount or None], ...]`` in bidding order, and
        ``captured`` as ``[[kind, side or None], ...]`` (kind like ``"right_pedro"``):
        ``bot.engine.plain.to_plain(result.bids)`` and ``to_plain(result.captured)``.
        """
        hand = FinishedHand(
            number, dealer, bids, contract, maker, trump, points, score_change, captured
        )
        finished_at = self._db.now()
        async with self._db.write() as tx:
            await _insert_hand(tx, game_id, hand, finished_at)
        return HandRecord(
            game_id=game_id,
            number=number,
            dealer=dealer,
            bids=bids,
            contract=contract,
            maker=maker,
            trump=trump,
            points=tuple(points),
            score_change=tuple(score_change),
            finished_at=decode_time(finished_at),
            captured=captured,
        )

    async def hands(self, game_id: int) -> list[HandRecord]:
        """The game's finished hands in order."""
        async with self._db.session() as tx:
            hand_rows = await tx.fetch_all(
                "SELECT * FROM hands WHERE game_id = ? ORDER BY number", (game_id,)
            )
            side_rows = await tx.fetch_all(
                "SELECT hand_number, points, score_change FROM hand_sides WHERE game_id = ?"
                " ORDER BY hand_number, side",
                (game_id,),
            )
        sides: dict[int, list[Row]] = {}
        for row in side_rows:
            sides.setdefault(row["hand_number"], []).append(row)
        return [
            HandRecord(
                game_id=row["game_id"],
                number=row["number"],
                dealer=row["dealer"],
                bids=decode_json(row["bids"]),
                contract=row["contract"],
                maker=row["maker"],
                trump=row["trump"],
                points=tuple(side["points"] for side in sides.get(row["number"], [])),
                score_change=tuple(side["score_change"] for side in sides.get(row["number"], [])),
                finished_at=decode_time(row["finished_at"]),
                captured=decode_json(row["captured"]),
            )
            for row in hand_rows
        ]

    async def finish(
        self,
        game_id: int,
        *,
        status: EndedGameStatus,
        winners: Sequence[int],
        final_scores: Sequence[int],
        players: Sequence[ResultPlayer],
        state: JSON | Unset = UNSET,
    ) -> ResultRecord:
        """End a game: ``finished`` (a side reached the target) or ``abandoned``.

        Writes the game's end, its result and one row per seated player in one transaction.
        ``winners`` are side numbers; ``final_scores`` has one entry per side. (A game won by
        an action ends with it: :meth:`append_action`'s ``ended``.)
        """
        ended = GameEnd(status, winners, final_scores, players)
        _ended_status(ended)
        ended_at = self._db.now()
        async with self._db.write() as tx:
            # Locked, so that two processes cannot both see the game playing and end it twice.
            game = await tx.fetch_required(
                f"SELECT guild_id, status FROM games WHERE id = ?{tx.for_update}", (game_id,)
            )
            if game["status"] != "playing":
                raise GameEndedError(f"game {game_id} has already ended")
            await tx.execute(
                "UPDATE games SET status = ?, ended_at = ? WHERE id = ?",
                (status, ended_at, game_id),
            )
            if state is not UNSET:
                await tx.execute(
                    "UPDATE games SET state = ?,"
                    " state_seq = (SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?)"
                    " WHERE id = ?",
                    (encode_json(state), game_id, game_id),
                )
            await _insert_result(tx, game_id, game["guild_id"], ended, ended_at)
        return ResultRecord(
            game_id=game_id,
            guild_id=game["guild_id"],
            status=status,
            winners=tuple(winners),
            final_scores=tuple(final_scores),
            ended_at=decode_time(ended_at),
            players=tuple(sorted(players, key=lambda player: player.seat)),
        )

    async def result(self, game_id: int) -> ResultRecord | None:
        """How the game ended, or ``None`` while it is in progress."""
        async with self._db.session() as tx:
            row = await tx.fetch_one("SELECT * FROM results WHERE game_id = ?", (game_id,))
            if row is None:
                return None
            player_rows = await tx.fetch_all(
                "SELECT * FROM result_players WHERE game_id = ? ORDER BY seat", (game_id,)
            )
        return ResultRecord(
            game_id=row["game_id"],
            guild_id=row["guild_id"],
            status=row["status"],
            winners=tuple(decode_json(row["winners"])),
            final_scores=tuple(decode_json(row["final_scores"])),
            ended_at=decode_time(row["ended_at"]),
            players=tuple(
                ResultPlayer(
                    seat=player["seat"],
                    side=player["side"],
                    display_name=player["display_name"],
                    won=bool(player["won"]),
                    user_id=player["user_id"],
                    computer_level=player["computer_level"],
                    stand_in_for=player["stand_in_for"],
                )
                for player in player_rows
            ),
        )


#: The snapshot and the action, as :meth:`GamesRepository._append_with_snapshot` stores them
#: (PostgreSQL alone).
_SNAPSHOT_WITH_ACTION = (
    "WITH game AS (UPDATE games SET state = :state, state_seq = :seq"
    " WHERE id = :game_id AND status = 'playing'"
    " AND NOT EXISTS (SELECT 1 FROM relayed_moves WHERE request_id = :request_id)"
    " RETURNING id),"
    " action AS (INSERT INTO actions (game_id, seq, seat, action, created_at, request_id)"
    " SELECT id, :seq, :seat, :action, :created_at, :request_id FROM game RETURNING seq)"
)
#: ... and the hand it ended, with its sides (numbered from 0 in the order of the JSON lists,
#: a type asyncpg knows without asking the server).
_AND_HAND = (
    ", hand AS (INSERT INTO hands (game_id, number, dealer, bids, contract, maker, trump,"
    " finished_at, captured) SELECT :game_id, :number, :dealer, :bids, :contract, :maker,"
    " :trump, :created_at, :captured FROM action RETURNING number),"
    " sides AS (INSERT INTO hand_sides (game_id, hand_number, side, points, score_change)"
    " SELECT :game_id, hand.number, side.number - 1, CAST(side.points AS INTEGER),"
    " CAST(side.score_change AS INTEGER) FROM hand,"
    " ROWS FROM (json_array_elements_text(CAST(:points AS JSON)),"
    " json_array_elements_text(CAST(:score_change AS JSON)))"
    " WITH ORDINALITY AS side(points, score_change, number))"
)


def _hand_params(hand: FinishedHand) -> dict[str, object]:
    """A finished hand's values as the statements storing it take them."""
    if len(hand.points) != len(hand.score_change):
        raise ValueError("points and score_change need one entry per side each")
    return {
        "number": hand.number,
        "dealer": hand.dealer,
        "bids": encode_json(hand.bids),
        "contract": hand.contract,
        "maker": hand.maker,
        "trump": hand.trump,
        "captured": None if hand.captured is None else encode_json(hand.captured),
        "points": encode_json(list(hand.points)),
        "score_change": encode_json(list(hand.score_change)),
    }


async def _insert_hand(tx: Session, game_id: int, hand: FinishedHand, finished_at: str) -> None:
    """Store a finished hand and its sides in the transaction ``tx``."""
    values = {**_hand_params(hand), "game_id": game_id, "finished_at": finished_at}
    await tx.execute(
        "INSERT INTO hands (game_id, number, dealer, bids, contract, maker, trump,"
        " finished_at, captured) VALUES (:game_id, :number, :dealer, :bids, :contract, :maker,"
        " :trump, :finished_at, :captured)",
        values,
    )
    await tx.execute_many(
        "INSERT INTO hand_sides (game_id, hand_number, side, points, score_change)"
        " VALUES (?, ?, ?, ?, ?)",
        [
            (game_id, hand.number, side, taken, change)
            for side, (taken, change) in enumerate(zip(hand.points, hand.score_change, strict=True))
        ],
    )


def _ended_status(ended: GameEnd) -> EndedGameStatus:
    """How the game ended, checked: ``finished`` (a side reached the target) or ``abandoned``."""
    if ended.status not in ("finished", "abandoned"):
        raise ValueError(f"a game ends finished or abandoned, not {ended.status!r}")
    return ended.status


async def _insert_result(
    tx: Session, game_id: int, guild_id: int, ended: GameEnd, ended_at: str
) -> None:
    """Store a game's result and one row per seated player in the transaction ``tx``."""
    await tx.execute(
        "INSERT INTO results (game_id, guild_id, status, winners, final_scores, ended_at)"
        " VALUES (?, ?, ?, ?, ?, ?)",
        (
            game_id,
            guild_id,
            ended.status,
            encode_json(list(ended.winners)),
            encode_json(list(ended.final_scores)),
            ended_at,
        ),
    )
    await tx.execute_many(
        "INSERT INTO result_players (game_id, seat, guild_id, ended_at, user_id,"
        " computer_level, display_name, side, won, stand_in_for)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                game_id,
                player.seat,
                guild_id,
                ended_at,
                player.user_id,
                player.computer_level,
                player.display_name,
                player.side,
                int(player.won),
                player.stand_in_for,
            )
            for player in ended.players
        ],
    )
