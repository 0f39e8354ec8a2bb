"""Review benchmark: the time to review a whole finished hand, every card judged double-dummy.

Hands are played by random legal players, or by computer players of a level (`--level`),
rebuilt by the engine as a replay is, then reviewed card by card by `bot.ai.review.review_hand`,
as the worker process does. Random cards cost points far more often than a real player's, and
a card that keeps the position's value is confirmed with one search, so random play is the
harder case. The goal is a whole hand in at most 1 s on the project's 2-core machine; the
figures are printed, never asserted.
Run: python scripts/bench_review.py [--hands 60] [--players 4] [--level normal]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.ai import LEVELS
from bot.ai.decide import decide
from bot.ai.review import review_hand
from bot.engine import Game
from bot.engine.random_player import random_action
from bot.replays.steps import HandReplay, replay_hand


def finished_hands(
    count: int, players: int, seed: int, level: str | None = None
) -> list[HandReplay]:
    """`count` finished hands of games by random legal players (or computer players of
    `level`), as replays."""
    rng = random.Random(seed)
    replays: list[HandReplay] = []
    game_number = 0
    while len(replays) < count:
        game_number += 1
        game = Game.new(players=players, seed=seed * 1_000_003 + game_number, first_dealer=0)
        while (decision := game.decision()) is not None:
            if level is None:
                action = random_action(decision, rng)
            else:
                action = decide(game.view(decision.seat), level, rng)
            game.apply(decision.seat, action)
        for result in game.history:
            replays.append(replay_hand(game.restarted(), game.log, result.hand_number))
    return replays[:count]


def review_seconds(replay: HandReplay) -> float:
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    start = time.perf_counter()
    review_hand(replay.plays, replay.trump, side_of, replay.capture_points, replay.maker_view)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, help="computer players instead of random")
    args = parser.parse_args()
    replays = finished_hands(args.hands, args.players, args.seed, args.level)
    times = [review_seconds(replay) for replay in replays]
    plays = statistics.mean(len(replay.plays) for replay in replays)
    players = f"{args.level} computer players" if args.level else "random players"
    print(f"{len(times)} hands of {args.players} {players}, {plays:.0f} cards each")
    print(f"first hand (cold caches): {times[0] * 1000:.0f} ms")
    print(
        f"per hand: mean {statistics.mean(times) * 1000:.0f} ms,"
        f" median {statistics.median(times) * 1000:.0f} ms,"
        f" 90th percentile {statistics.quantiles(times, n=10)[-1] * 1000:.0f} ms,"
        f" slowest {max(times) * 1000:.0f} ms"
    )
    over = sum(seconds > 1.0 for seconds in times)
    print(f"hands over the 1 s goal: {over} of {len(times)}")


if __name__ == "__main__":
    main()
