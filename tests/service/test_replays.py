"""Replays of finished hands, rebuilt by the engine from the stored actions."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace

import pytest

from bot.ai.pool import DecisionPool
from bot.ai.review import review_from_json, review_to_json
from bot.ai.slices import Unfinished
from bot.engine import Game, Phase, Play
from bot.errors import UserFacingError
from bot.replays import Replays, library
from bot.replays.steps import HandReplay, StepKind
from bot.replays.stored import load_replay
from bot.service import TableService
from bot.service.areas.playing import hand_replayed
from bot.store import Store
from tests.service.tables import GUILD, four_people, play_until

pytestmark = pytest.mark.slow


def second_hand_in_play(table) -> bool:
    game = table.game
    return game.hand_number >= 2 and game.phase is Phase.PLAY and len(game.tricks) == 1


async def first_hand_finished(service: TableService, clock, store: Store):
    """Four people play into their second hand; returns the table and the first hand's number."""
    table_id = await four_people(service)
    table = await play_until(service, clock, table_id, second_hand_in_play)
    await clock.settle(service)
    return table, (await store.games.hands(table.game_id))[0].number


async def test_a_finished_hand_replays_as_the_engine_played_it(service, clock, store: Store):
    table, first_hand = await first_hand_finished(service, clock, store)
    game_id = table.game_id

    stored = await load_replay(store, GUILD, game_id, first_hand)

    replay = stored.replay
    kinds = [step.kind for step in replay.steps]
    assert kinds[:3] == [StepKind.AUCTION, StepKind.TRUMP, StepKind.DRAW]
    assert kinds[-1] is StepKind.RESULT and kinds.count(StepKind.TRICK) == 6
    assert stored.names == tuple(table.seats[seat].display_name for seat in range(4))
    assert stored.channel_id == table.channel_id  # who may read it may see the replay
    # The engine's own game, from its log, went through the same hand.
    engine = table.game
    played = [result for result in engine.history if result.hand_number == first_hand]
    assert replay.steps[-1].result == played[0]
    plays = [
        (seat, action.card)
        for seat, action in _hand_log(engine, first_hand)
        if isinstance(action, Play)
    ]
    assert [(p.seat, p.card) for p in replay.plays] == plays
    tricks = [step for step in replay.steps if step.kind is StepKind.TRICK]
    assert [card for step in tricks for card in step.trick] == plays
    # Every card of every trick was in its player's hand at the start of that trick.
    for step in tricks:
        for seat, card in step.trick:
            assert card in step.hands[seat]


def _hand_log(game: Game, number: int) -> list:
    """The actions of hand `number`, found by replaying the game's own log."""
    replay = game.restarted()
    actions = []
    for seat, action in game.log:
        if replay.hand_number == number:
            actions.append((seat, action))
        replay.apply(seat, action)
    return actions


async def test_the_hand_being_played_is_refused(service, clock, store: Store):
    table, _ = await first_hand_finished(service, clock, store)
    with pytest.raises(UserFacingError) as refused:
        await load_replay(store, GUILD, table.game_id, table.game.hand_number)
    assert refused.value.key == "replay.in_play"
    with pytest.raises(UserFacingError) as elsewhere:
        await load_replay(store, GUILD + 1, table.game_id, 1)
    assert elsewhere.value.key == "replay.not_found"


async def test_a_game_whose_actions_no_longer_replay_says_so(service, clock, store: Store):
    table, number = await first_hand_finished(service, clock, store)
    game_id = table.game_id
    # An older version's game: its stored snapshot is in a format this engine does not read.
    await store.games.save_state(game_id, {"format": 0}, seq=0)
    with pytest.raises(UserFacingError) as refused:
        await load_replay(store, GUILD, game_id, number)
    assert refused.value.key == "replay.unavailable"


async def test_a_review_is_computed_once_then_read_back(service, clock, store: Store):
    table, number = await first_hand_finished(service, clock, store)
    game_id = table.game_id

    decisions = DecisionPool()
    replays = Replays(store, decisions)
    try:
        first = await replays.replay(GUILD, game_id, number)

        assert first.review is not None
        assert review_from_json(await store.reviews.get(game_id, number)) == first.review
        # What is stored is what is shown from then on: nothing is computed again.
        emptied = review_to_json(replace(first.review, verdicts=()))
        await store.reviews.save(game_id, number, emptied)
        again = await replays.replay(GUILD, game_id, number)
        assert again.review is not None and again.review.verdicts == ()
        assert again.stored == first.stored
    finally:
        decisions.close()


class HeldAnalysis:
    """An analysis whose one slice holds the pool's only worker until the test lets it go."""

    def __init__(self) -> None:
        self.taken = threading.Event()
        self.gate = threading.Event()

    def step(self, state: int) -> Unfinished[int] | str:
        self.taken.set()
        self.gate.wait(timeout=60)
        return "done"


@dataclass
class HandsWaiting:
    """A finished hand not reviewed yet, the pool's only worker held by an analysis, and three
    reviews of the hand asked for meanwhile (as if three hands had ended): the first has taken
    the worker's turn and rebuilt its hand, the other two wait for the turn."""

    game_id: int
    number: int
    replays: Replays
    replayed: Callable[[], HandReplay]
    #: The hand's number each time the hand was rebuilt for a review.
    rebuilt: list[int]
    held: HeldAnalysis
    reviewing: list[asyncio.Task[None]]
    busy: asyncio.Task[object]

    async def worker_freed(self) -> None:
        """The analysis let go, and every review asked for finished."""
        self.held.gate.set()
        await asyncio.gather(self.busy, *self.reviewing)


@asynccontextmanager
async def three_hands_waiting(service, clock, store: Store) -> AsyncIterator[HandsWaiting]:
    table, number = await first_hand_finished(service, clock, store)
    # Not reviewed yet: a review of another version is computed again.
    await store.reviews.save(table.game_id, number, {"version": 0})
    rebuilt: list[int] = []

    def replayed() -> HandReplay:
        rebuilt.append(number)
        return hand_replayed(table.game, number)

    held = HeldAnalysis()
    decisions = DecisionPool(1, executor=ThreadPoolExecutor(1))
    replays = Replays(store, decisions)
    try:
        busy = asyncio.create_task(decisions.analyse(held.step, 0, owner="puzzles"))
        await asyncio.to_thread(held.taken.wait, 60)
        reviewing = [
            asyncio.create_task(replays.review_finished_hand(table.game_id, number, replayed))
            for _ in range(3)
        ]
        while not rebuilt:
            await asyncio.sleep(0.01)
        yield HandsWaiting(table.game_id, number, replays, replayed, rebuilt, held, reviewing, busy)
    finally:
        held.gate.set()
        decisions.close()


async def test_hands_waiting_for_their_review_are_rebuilt_only_when_a_worker_is_free(
    service, clock, store: Store
):
    async with three_hands_waiting(service, clock, store) as waiting:
        await asyncio.sleep(0.3)  # time for the others to rebuild theirs, if they did
        # The first waits in the worker's queue, the others hold their hands' numbers only.
        assert waiting.rebuilt == [waiting.number]
        await waiting.worker_freed()
        # The first was reviewed and stored; the others found it stored.
        assert waiting.rebuilt == [waiting.number]
        stored = await store.reviews.get(waiting.game_id, waiting.number)
        assert review_from_json(stored) is not None


async def test_hands_beyond_the_most_that_may_wait_are_left_for_when_they_are_opened(
    service, clock, store: Store, monkeypatch, caplog
):
    monkeypatch.setattr(library, "REVIEWS_WAITING_MOST", 2)
    async with three_hands_waiting(service, clock, store) as waiting:
        game_id, number, replays = waiting.game_id, waiting.number, waiting.replays
        # Two wait: the next two hands are left alone, and the log says so once.
        await replays.review_finished_hand(game_id, number, waiting.replayed)
        await replays.review_finished_hand(game_id, number, waiting.replayed)
        assert [task.done() for task in waiting.reviewing] == [False, False, False]
        told = [record for record in caplog.records if "reviewed when opened" in record.message]
        assert len(told) == 1
        await waiting.worker_freed()
        assert waiting.rebuilt == [number]
        # With the queue short again, a hand that ends waits for its review as before.
        await store.reviews.save(game_id, number, {"version": 0})
        await replays.review_finished_hand(game_id, number, waiting.replayed)
        assert waiting.rebuilt == [number, number]


async def test_a_hand_rebuilt_from_the_tables_game_is_the_stored_actions_replay(
    service, clock, store: Store
):
    table, number = await first_hand_finished(service, clock, store)
    stored = await load_replay(store, GUILD, table.game_id, number)
    assert hand_replayed(table.game, number) == stored.replay
