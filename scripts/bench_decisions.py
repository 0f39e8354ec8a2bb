"""Decision workers shared between tables: one table's decision alone, and behind a flood.

Table B asks for one decision at a time (a `hard` computer move, then a hint), once with the
workers otherwise idle and once just after table A flooded them with hints and hand reviews (12
hints and 4 reviews by default, and ``--puzzles N`` practice puzzles dealt). The time B waits
for its answer is printed for both, with their ratio: the goal is that the flood costs B at most
about one more decision. The same flood is measured through the decision pool's scheduler
(`bot.ai.pool.DecisionPool`: moves first, tables in turn, long analyses in slices) and through a
bare process pool of as many workers taking whole jobs as they come, as every job did before the
scheduler. Figures are printed, never asserted.
Run: python scripts/bench_decisions.py [--rounds 8] [--hints 12] [--reviews 4] [--puzzles 0]
[--workers N]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import itertools
import multiprocessing
import random
import statistics
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench_review import finished_hands

from bot.ai.decide import decide, may_search
from bot.ai.pool import DecisionPool, decide_seeded, default_workers, hint_seeded
from bot.ai.review import review_hand
from bot.engine import Game, PlayDecision, SeatView
from bot.puzzles.sources import Dealing, deal_puzzle, generated_puzzle
from bot.replays.steps import HandReplay

A, B = 1, 2


def card_play_views(count: int, seed: int) -> list[SeatView]:
    """Positions where `hard` searches to play a card, from games between `normal` players."""
    rng = random.Random(seed)
    views: list[SeatView] = []
    number = 0
    while len(views) < count:
        number += 1
        game = Game.new(players=4, seed=seed * 1_000_003 + number, first_dealer=0)
        while (decision := game.decision()) is not None and len(views) < count:
            view = game.view(decision.seat)
            searching = isinstance(decision, PlayDecision) and may_search(view, "hard")
            if searching and rng.random() < 0.25:  # positions from many deals
                views.append(view)
            game.apply(decision.seat, decide(view, "normal", rng))
    return views


class FairWorkers:
    """Hints, reviews and moves for tables A and B through the decision pool's scheduler."""

    name = "the decision pool's scheduler"

    def __init__(self, workers: int) -> None:
        self._pool = DecisionPool(workers)

    def move(self, table: int, view: SeatView, seed: int) -> Awaitable[Any]:
        return self._pool.decide(view, "hard", seed, table=table)

    def hint(self, table: int, view: SeatView, seed: int) -> Awaitable[Any]:
        return self._pool.hint(view, seed, table=table)

    def review(self, game: int, hand: HandReplay) -> Awaitable[Any]:
        return self._pool.review(*review_arguments(hand), game=game)

    def puzzle(self, label: str) -> Awaitable[Any]:
        return self._pool.analyse(deal_puzzle, Dealing("bench", label), owner=("puzzles", A))

    def close(self) -> None:
        self._pool.close()


class FirstComeWorkers:
    """The same jobs handed to a bare process pool as they come (tables are not told apart)."""

    name = "first come, first served"

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self._executor = ProcessPoolExecutor(workers, mp_context=context)

    def _run(self, call: Callable[..., Any], *args: Any) -> Awaitable[Any]:
        return asyncio.get_running_loop().run_in_executor(self._executor, call, *args)

    def move(self, table: int, view: SeatView, seed: int) -> Awaitable[Any]:
        return self._run(decide_seeded, view, "hard", seed, None)

    def hint(self, table: int, view: SeatView, seed: int) -> Awaitable[Any]:
        return self._run(hint_seeded, view, seed, None)

    def review(self, game: int, hand: HandReplay) -> Awaitable[Any]:
        return self._run(review_hand, *review_arguments(hand))

    def puzzle(self, label: str) -> Awaitable[Any]:
        return self._run(generated_puzzle, "bench", label)

    def close(self) -> None:
        self._executor.shutdown()


Workers = FairWorkers | FirstComeWorkers
Ask = Callable[[Workers, SeatView, int], Awaitable[Any]]


def review_arguments(hand: HandReplay) -> tuple[Any, ...]:
    side_of = tuple(hand.side_of(seat) for seat in range(hand.players))
    return hand.plays, hand.trump, side_of, hand.maker_view


def b_move(workers: Workers, view: SeatView, seed: int) -> Awaitable[Any]:
    return workers.move(B, view, seed)


def b_hint(workers: Workers, view: SeatView, seed: int) -> Awaitable[Any]:
    return workers.hint(B, view, seed)


def a_hint(workers: Workers, view: SeatView, seed: int) -> Awaitable[Any]:
    """One of A's hints, as the flood asks for the first one."""
    return workers.hint(A, view, 0)


def flood(
    workers: Workers, views: list[SeatView], hands: list[HandReplay], puzzles: int
) -> list[Awaitable[Any]]:
    """Table A's hints, one for each of its views, the reviews of its hands, and practice
    puzzles dealt (each a new one: several hands played out and searched)."""
    hints = [workers.hint(A, view, seed) for seed, view in enumerate(views)]
    dealt = [workers.puzzle(f"practice:{next(PUZZLE_LABELS)}") for _ in range(puzzles)]
    return hints + [workers.review(A, hand) for hand in hands] + dealt


#: Labels of the practice puzzles dealt, never the same twice.
PUZZLE_LABELS = itertools.count()


async def timed(work: Awaitable[Any]) -> float:
    started = time.perf_counter()
    await work
    return time.perf_counter() - started


async def measure(
    workers: Workers,
    ask: Ask,
    views: list[SeatView],
    flooding: Callable[[], list[Awaitable[Any]]] = list,
) -> list[float]:
    """Seconds B waited for each of its decisions (behind a fresh flood each time)."""
    waited = []
    for number, view in enumerate(views):
        jobs = [asyncio.ensure_future(job) for job in flooding()]
        await asyncio.sleep(0)  # the flood reaches the workers first
        waited.append(await timed(ask(workers, view, number)))
        await asyncio.gather(*jobs)
    return waited


def milliseconds(times: list[float]) -> str:
    return f"median {statistics.median(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms"


async def run(args: argparse.Namespace) -> None:
    b_views = card_play_views(args.rounds, seed=1)
    a_views = card_play_views(args.hints, seed=2)
    hands = finished_hands(args.reviews, 4, seed=3)
    count = args.workers or default_workers()
    print(
        f"{count} decision worker(s); table A floods them with {args.hints} hints,"
        f" {args.reviews} reviews and {args.puzzles} puzzles dealt before each of table B's"
        f" {args.rounds} decisions"
    )
    for kind in (FairWorkers, FirstComeWorkers):
        workers = kind(count)
        try:
            await measure(workers, a_hint, a_views[:count])  # the processes start
            # The flood's first hint is the job B finds running: the yardstick of its wait.
            running = statistics.median(await measure(workers, a_hint, a_views[:1] * 5))
            print(f"\n{workers.name} (A's first hint alone: median {running * 1000:.0f} ms):")
            for name, ask in (("computer move", b_move), ("hint", b_hint)):
                alone = await measure(workers, ask, b_views)
                flooding = functools.partial(flood, workers, a_views, hands, args.puzzles)
                behind = await measure(workers, ask, b_views, flooding)
                first, then = statistics.median(alone), statistics.median(behind)
                print(f"  B's {name} alone:        {milliseconds(alone)}")
                print(f"  B's {name} behind flood: {milliseconds(behind)}")
                print(
                    f"  ratio of medians {then / first:.1f}; the flood cost B"
                    f" {(then - first) * 1000:.0f} ms, {(then - first) / running:.1f} times A's"
                    " first hint"
                )
        finally:
            workers.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hints", type=int, default=12)
    parser.add_argument("--reviews", type=int, default=4)
    parser.add_argument(
        "--puzzles", type=int, default=0, help="practice puzzles dealt in each flood (default 0)"
    )
    parser.add_argument("--workers", type=int, help="default: one per core but one")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
