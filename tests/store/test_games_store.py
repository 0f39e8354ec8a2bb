"""Games, actions, snapshots, hands and results in the store."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.store import (
    ConstraintError,
    FinishedHand,
    GameActiveError,
    GameEnd,
    GameEndedError,
    NotFoundError,
    ResultPlayer,
    Store,
    TableClosedError,
)
from bot.store.database import Database
from bot.store.games import GamesRepository

GUILD = 10


class SteppingClock:
    """A clock that moves one minute each time it is read, so every stored time differs."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


async def _table(store: Store, channel: int = 20):
    return await store.tables.create(
        guild_id=GUILD, channel_id=channel, creator_id=1, house_rules={}
    )


async def _game(store: Store, **options):
    table = await _table(store)
    return await store.games.start(
        table.id, seed=2**63 + 5, rules={"target": 51}, player_count=4, **options
    )


async def test_a_started_game_is_playing(store: Store):
    game = await _game(store, state={"phase": "bidding"})
    assert game.status == "playing" and game.ended_at is None
    assert game.guild_id == GUILD
    assert game.seed == 2**63 + 5  # a full 64-bit seed survives SQLite's signed integers
    assert game.rules == {"target": 51} and game.player_count == 4
    assert (game.state, game.state_seq) == ({"phase": "bidding"}, 0)
    assert await store.games.get(game.id) == game
    assert await store.games.active(game.table_id) == game


async def test_one_game_in_progress_per_table(store: Store):
    game = await _game(store)
    with pytest.raises(GameActiveError):
        await store.games.start(game.table_id, seed=1, rules={}, player_count=4)
    with pytest.raises(NotFoundError):
        await store.games.start(404, seed=1, rules={}, player_count=4)


async def test_no_game_starts_at_a_closed_table(store: Store):
    """A process that still holds a table another one closed cannot start a game there."""
    table = await _table(store)
    await store.tables.end(table.id)
    with pytest.raises(TableClosedError):
        await store.games.start(table.id, seed=1, rules={}, player_count=4)
    assert await store.games.active(table.id) is None


async def test_actions_are_numbered_in_order_and_replayable(store: Store):
    game = await _game(store)
    first = await store.games.append_action(game.id, {"type": "deal"})
    second = await store.games.append_action(game.id, {"type": "bid", "amount": 7}, seat=1)
    third = await store.games.append_action(game.id, {"type": "pass"}, seat=2)
    assert [first.seq, second.seq, third.seq] == [1, 2, 3]
    assert first.seat is None and second.seat == 1
    assert await store.games.actions(game.id) == [first, second, third]
    assert await store.games.actions(game.id, after=2) == [third]


#: An action numbered by the store, and one numbered by its caller (the table service's,
#: stored in one statement when it neither deals nor scores).
NUMBERED_BY = pytest.mark.parametrize("seq", [None, 1], ids=["by the store", "by the caller"])


@NUMBERED_BY
async def test_an_unknown_game_takes_no_actions(store: Store, seq: int | None):
    with pytest.raises(NotFoundError):
        await store.games.append_action(404, {"type": "deal"}, seq=seq)


class CountedSession:
    """A session of the store's, counting the statements run through it."""

    def __init__(self, session: Any, counted: CountedDatabase) -> None:
        self._session = session
        self._counted = counted

    def __getattr__(self, name: str) -> Any:
        found = getattr(self._session, name)
        if name not in {"execute", "execute_many", "fetch_one", "fetch_all"}:
            return found

        async def counted(*args: Any) -> Any:
            self._counted.statements += 1
            return await found(*args)

        return counted


class CountedDatabase:
    """The store's database, counting the explicit transactions and the statements (each a
    trip to SQLite's thread, or to the PostgreSQL server) run through it."""

    def __init__(self, database: Database) -> None:
        self._database = database
        self.transactions = 0
        self.statements = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._database, name)

    @asynccontextmanager
    async def write(self) -> AsyncIterator[CountedSession]:
        self.transactions += 1
        async with self._database.write() as tx:
            yield CountedSession(tx, self)

    @asynccontextmanager
    async def session(self) -> AsyncIterator[CountedSession]:
        async with self._database.session() as session:
            yield CountedSession(session, self)


async def test_a_numbered_action_alone_is_one_statement(store: Store):
    """Most actions (numbered, nothing else stored with them) cost one trip to the database:
    the statement that checks the game and appends is a transaction of its own. Refused all
    the same once the game is over, or for an unknown game."""
    game = await _game(store)
    counted = CountedDatabase(store.database)
    games = GamesRepository(counted)  # type: ignore[arg-type]
    first = await games.append_action(game.id, {"type": "pass"}, seat=1, seq=1)
    assert (counted.transactions, counted.statements) == (0, 1)
    assert await store.games.actions(game.id) == [first]
    with pytest.raises(ConstraintError):  # the number is taken
        await games.append_action(game.id, {"type": "pass"}, seat=2, seq=1)
    with pytest.raises(NotFoundError):
        await games.append_action(404, {"type": "pass"}, seat=2, seq=1)
    await store.games.finish(
        game.id, status="abandoned", winners=[], final_scores=[10, 12], players=[]
    )
    with pytest.raises(GameEndedError):
        await games.append_action(game.id, {"type": "pass"}, seat=2, seq=2)
    assert await store.games.actions(game.id) == [first]


async def test_an_action_can_carry_the_new_snapshot(store: Store):
    game = await _game(store, state={"n": 0})
    await store.games.append_action(game.id, {"type": "deal"}, state={"n": 1})
    await store.games.append_action(game.id, {"type": "pass"}, seat=0)
    stored = await store.games.get(game.id)
    assert (stored.state, stored.state_seq) == ({"n": 1}, 1)
    assert [
        action.seq for action in await store.games.actions(game.id, after=stored.state_seq)
    ] == [2]

    await store.games.save_state(game.id, {"n": 2}, seq=2)
    stored = await store.games.get(game.id)
    assert (stored.state, stored.state_seq) == ({"n": 2}, 2)
    with pytest.raises(NotFoundError):
        await store.games.save_state(404, {}, seq=0)


async def test_concurrent_actions_get_distinct_consecutive_numbers(store: Store):
    game = await _game(store)
    records = await asyncio.gather(
        *(store.games.append_action(game.id, {"i": i}, seat=i % 4) for i in range(40))
    )
    assert sorted(record.seq for record in records) == list(range(1, 41))
    assert [action.seq for action in await store.games.actions(game.id)] == list(range(1, 41))


async def test_an_action_decided_on_an_old_state_is_refused(store: Store):
    """A process that expects its action to be number 2 is refused once another process has
    stored number 2: it must first see that action."""
    game = await _game(store)
    await store.games.append_action(game.id, {"type": "deal"}, seq=1)
    await store.games.append_action(game.id, {"type": "pass"}, seat=1, seq=2)
    with pytest.raises(ConstraintError) as refused:
        await store.games.append_action(game.id, {"type": "bid", "amount": 7}, seat=1, seq=2)
    assert refused.value.kind == "unique"
    assert [action.action for action in await store.games.actions(game.id)] == [
        {"type": "deal"},
        {"type": "pass"},
    ]


async def test_a_request_is_stored_once_however_often_it_arrives(store: Store):
    game = await _game(store)
    await store.games.append_action(game.id, {"type": "pass"}, seat=1, request_id=2**62 + 5)
    with pytest.raises(ConstraintError):
        await store.games.append_action(game.id, {"type": "pass"}, seat=2, request_id=2**62 + 5)
    await store.games.append_action(game.id, {"type": "pass"}, seat=2, request_id=2**62 + 6)
    assert [action.seat for action in await store.games.actions(game.id)] == [1, 2]


async def _relayed_move(store: Store, request_id: int, table_id: int, state: str) -> None:
    async with store.database.write() as tx:
        await tx.execute(
            "INSERT INTO relayed_moves (request_id, shard, table_id, move, created_at, state)"
            " VALUES (?, 0, ?, '{}', ?, ?)",
            (request_id, table_id, store.database.now(), state),
        )


async def _relayed_state(store: Store, request_id: int) -> str:
    row = await store.database.fetch_one(
        "SELECT state FROM relayed_moves WHERE request_id = ?", (request_id,)
    )
    return row["state"]


@NUMBERED_BY
async def test_a_relayed_move_is_stored_only_while_it_waits_and_settled_with_it(
    store: Store, seq: int | None
):
    """The click of a move another process handed over is stored with its row marked
    applied, in one transaction; one its sender withdrew is refused and stays withdrawn."""
    game = await _game(store)
    await _relayed_move(store, 71, game.table_id, "withdrawn")
    await _relayed_move(store, 72, game.table_id, "waiting")
    with pytest.raises(ConstraintError):
        await store.games.append_action(game.id, {"type": "pass"}, seat=1, seq=seq, request_id=71)
    assert await _relayed_state(store, 71) == "withdrawn"
    await store.games.append_action(game.id, {"type": "pass"}, seat=1, seq=seq, request_id=72)
    assert await _relayed_state(store, 72) == "applied"
    assert [action.seq for action in await store.games.actions(game.id)] == [1]


async def test_each_write_is_committed_before_it_returns(store: Store):
    game = await _game(store)
    await store.games.append_action(game.id, {"type": "deal"}, state={"n": 1})
    # A second, independent connection sees the action while the first store stays open.
    async with await Store.open(store.location) as other:
        assert [action.action for action in await other.games.actions(game.id)] == [
            {"type": "deal"}
        ]
        assert (await other.games.get(game.id)).state == {"n": 1}


async def test_hands_round_trip(store: Store):
    game = await _game(store)
    first = await store.games.record_hand(
        game.id,
        number=1,
        dealer=0,
        bids=[{"seat": 1, "bid": 7}, {"seat": 2, "bid": None}],
        contract=7,
        maker=1,
        trump="H",
        points=[3, 11],
        score_change=[3, 11],
    )
    second = await store.games.record_hand(
        game.id,
        number=2,
        dealer=1,
        bids=[],
        contract=9,
        maker=0,
        trump="S",
        points=[5, 9],
        score_change=[-9, 9],
    )
    assert await store.games.hands(game.id) == [first, second]
    assert second.score_change == (-9, 9)
    with pytest.raises(ValueError):
        await store.games.record_hand(
            game.id,
            number=3,
            dealer=2,
            bids=[],
            contract=None,
            maker=None,
            trump=None,
            points=[1, 2],
            score_change=[1],
        )


HAND = FinishedHand(
    number=1,
    dealer=0,
    bids=[],
    contract=7,
    maker=1,
    trump="H",
    points=[3, 11],
    score_change=[3, 11],
)


async def test_the_action_that_ends_a_hand_stores_its_result_in_the_same_commit(store: Store):
    game = await _game(store)
    await store.games.append_action(game.id, {"type": "play"}, seat=1, seq=1, hand=HAND)
    [stored] = await store.games.hands(game.id)
    assert (stored.number, stored.points, stored.score_change) == (1, (3, 11), (3, 11))
    # A result that cannot be stored (that hand is stored already) takes its action with it.
    with pytest.raises(ConstraintError):
        await store.games.append_action(game.id, {"type": "play"}, seat=2, seq=2, hand=HAND)
    assert [action.seq for action in await store.games.actions(game.id)] == [1]
    await store.games.append_action(game.id, {"type": "play"}, seat=2, seq=2)


async def test_a_deal_or_a_hand_end_is_refused_as_any_action_and_stores_nothing(store: Store):
    """An action with its snapshot and its hand (one statement on PostgreSQL, a transaction on
    SQLite) is refused like any other: its number taken, an unknown game, a withdrawn relayed
    move, a game over; and a refused one leaves the snapshot, the hands and the relayed move
    as they were."""
    game = await _game(store, state={"n": 0})
    await store.games.append_action(game.id, {"type": "play"}, seat=0, seq=1)

    async def deal(game_id: int, seq: int, **options: Any) -> None:
        await store.games.append_action(
            game_id, {"type": "play"}, seat=1, seq=seq, state={"n": seq}, hand=HAND, **options
        )

    with pytest.raises(ConstraintError):  # the number is taken
        await deal(game.id, 1)
    with pytest.raises(NotFoundError):
        await deal(404, 1)
    await _relayed_move(store, 81, game.table_id, "withdrawn")
    with pytest.raises(ConstraintError):
        await deal(game.id, 2, request_id=81)
    assert await _relayed_state(store, 81) == "withdrawn"
    stored = await store.games.get(game.id)
    assert (stored.state, stored.state_seq, await store.games.hands(game.id)) == ({"n": 0}, 0, [])
    await _relayed_move(store, 82, game.table_id, "waiting")
    await deal(game.id, 2, request_id=82)
    assert await _relayed_state(store, 82) == "applied"
    stored = await store.games.get(game.id)
    assert (stored.state, stored.state_seq) == ({"n": 2}, 2)
    assert [hand.number for hand in await store.games.hands(game.id)] == [1]
    await store.games.finish(
        game.id, status="abandoned", winners=[], final_scores=[10, 12], players=[]
    )
    with pytest.raises(GameEndedError):
        await deal(game.id, 3)
    assert [action.seq for action in await store.games.actions(game.id)] == [1, 2]


async def test_the_action_that_wins_a_game_stores_its_end_in_the_same_commit(store: Store):
    """The game's end and result are stored as :meth:`finish` stores them, with the action,
    and the work after the result runs in the same transaction: when it raises, nothing of
    the action is stored."""
    game = await _game(store, state={"n": 0})
    players = [
        ResultPlayer(seat=0, side=0, display_name="Alice", won=True, user_id=1),
        ResultPlayer(seat=1, side=1, display_name="Bob", won=False, user_id=2),
    ]
    ended = GameEnd("finished", [0], [52, 30], players)
    seen = []

    async def refuse(tx: Any, game_id: int) -> None:
        seen.append(await tx.fetch_one("SELECT status FROM results WHERE game_id = ?", (game_id,)))
        raise RuntimeError("refused")

    def winning_play(after_result: Callable[[Any, int], Awaitable[None]]) -> Awaitable[Any]:
        """The action that wins the game, with ``after_result`` run in its transaction."""
        return store.games.append_action(
            game.id,
            {"type": "play"},
            seat=1,
            seq=1,
            state={"n": 1},
            hand=HAND,
            ended=ended,
            after_result=after_result,
        )

    with pytest.raises(RuntimeError):
        await winning_play(refuse)
    assert [row["status"] for row in seen] == ["finished"]
    assert await store.games.actions(game.id) == [] and await store.games.result(game.id) is None
    assert (await store.games.get(game.id)).status == "playing"

    async def count(tx: Any, game_id: int) -> None:
        seen.append(game_id)

    action = await winning_play(count)
    assert seen[-1] == game.id
    stored = await store.games.get(game.id)
    assert (stored.status, stored.state, stored.state_seq) == ("finished", {"n": 1}, 1)
    result = await store.games.result(game.id)
    assert result is not None and stored.ended_at == result.ended_at
    assert (result.status, result.winners, result.final_scores) == ("finished", (0,), (52, 30))
    assert result.players == tuple(players)
    assert [hand.number for hand in await store.games.hands(game.id)] == [1]
    assert await store.games.actions(game.id) == [action]
    with pytest.raises(GameEndedError):
        await store.games.append_action(game.id, {"type": "play"}, seat=2, seq=2)


async def test_finishing_records_the_result_and_its_players(store: Store):
    game = await _game(store)
    players = [
        ResultPlayer(seat=0, side=0, display_name="Alice", won=True, user_id=1),
        ResultPlayer(seat=1, side=1, display_name="Computer", won=False, computer_level="easy"),
        ResultPlayer(seat=2, side=0, display_name="Carol", won=True, user_id=3),
        ResultPlayer(seat=3, side=1, display_name="Dave", won=False, user_id=4),
    ]
    assert await store.games.result(game.id) is None
    result = await store.games.finish(
        game.id,
        status="finished",
        winners=[0],
        final_scores=[52, 30],
        players=players,
        state={"over": True},
    )
    assert result.winners == (0,) and result.final_scores == (52, 30)
    assert result.players == tuple(players)
    assert await store.games.result(game.id) == result

    stored = await store.games.get(game.id)
    assert stored.status == "finished" and stored.ended_at == result.ended_at
    assert stored.state == {"over": True}
    assert await store.games.active(game.table_id) is None


@NUMBERED_BY
async def test_an_ended_game_takes_no_actions_and_cannot_end_again(store: Store, seq: int | None):
    game = await _game(store)
    await store.games.finish(
        game.id, status="abandoned", winners=[], final_scores=[10, 12], players=[]
    )
    with pytest.raises(GameEndedError):
        await store.games.append_action(game.id, {"type": "pass"}, seat=0, seq=seq)
    assert await store.games.actions(game.id) == []
    with pytest.raises(GameEndedError):
        await store.games.finish(
            game.id, status="finished", winners=[0], final_scores=[51, 0], players=[]
        )
    with pytest.raises(ValueError):
        await store.games.finish(game.id, status="playing", winners=[], final_scores=[], players=[])
    # The table can start its next game.
    await store.games.start(game.table_id, seed=9, rules={}, player_count=4)


async def test_stored_times_come_from_the_store_clock(database: str | Path):
    clock = SteppingClock()
    async with await Store.open(database, clock=clock) as store:
        game = await _game(store)
        action = await store.games.append_action(game.id, {"type": "deal"})
        assert game.started_at == datetime(2026, 3, 1, 12, 2, tzinfo=UTC)
        assert action.created_at == datetime(2026, 3, 1, 12, 3, tzinfo=UTC)
        assert action.created_at > game.started_at


@pytest.mark.parametrize("seed", [0, 1, 2**63 - 1, 2**63, 2**64 - 1])
async def test_every_64_bit_seed_round_trips(store: Store, seed: int):
    table = await _table(store)
    game = await store.games.start(table.id, seed=seed, rules={}, player_count=2)
    assert (await store.games.get(game.id)).seed == seed


@pytest.mark.parametrize("seed", [-1, 2**64])
async def test_seeds_outside_64_bits_are_refused(store: Store, seed: int):
    table = await _table(store)
    with pytest.raises(ValueError):
        await store.games.start(table.id, seed=seed, rules={}, player_count=2)
