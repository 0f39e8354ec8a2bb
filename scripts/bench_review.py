"""Review benchmark: the CPU time to review a whole finished hand, every card judged double-dummy.

Hands are played by random legal players, or by computer players of a level (`--level`),
rebuilt by the engine as a replay is, then reviewed card by card by `bot.ai.review.review_hand`,
as the worker process does. Random cards cost points far more often than a real player's, and
a card that keeps the position's value is confirmed with one search, so random play is the
harder case. The goal is a whole hand in at most 1 s on the project's 2-core machine; the
figures are printed, never asserted. Times are the process's CPU time, so that other work on
the machine does not count in them (it still slows the caches).

``--compare REV`` reviews the same hands with the code of the git revision ``REV`` (a temporary
worktree) and with the code here, each in a process of its own, in alternate order round after
round; it prints both codes' figures (each hand's median over the rounds), the ratio, and
whether every verdict is the same.
Run: python scripts/bench_review.py [--hands 60] [--players 4] [--level normal]
[--compare REV --rounds 2]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import statistics
import time

from bot.ai import LEVELS
from bot.ai.decide import decide
from bot.ai.review import HandReview, review_hand, review_to_json
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


def reviewed(replay: HandReplay) -> tuple[HandReview, float]:
    """The hand's review, and the CPU seconds it took."""
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    start = time.process_time()
    review = review_hand(
        replay.plays, replay.trump, side_of, replay.capture_points, replay.maker_view
    )
    return review, time.process_time() - start


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def summary(times: list[float]) -> str:
    return (
        f"mean {statistics.mean(times) * 1000:.0f} ms,"
        f" median {statistics.median(times) * 1000:.0f} ms,"
        f" p95 {percentile(times, 0.95) * 1000:.0f} ms,"
        f" slowest {max(times) * 1000:.0f} ms"
    )


def measure(args: argparse.Namespace) -> tuple[list[float], str]:
    """Each hand's review time, and a digest of every verdict."""
    replays = finished_hands(args.hands, args.players, args.seed, args.level)
    digest = hashlib.sha256()
    times = []
    for replay in replays:
        review, seconds = reviewed(replay)
        times.append(seconds)
        digest.update(json.dumps(review_to_json(review)).encode())
    return times, digest.hexdigest()


def compare(revision: str, rounds: int, options: list[str]) -> None:
    """The same hands reviewed by ``revision``'s code and by the code here (this script run
    on each, its own process each round); their figures side by side."""
    # The worktree helpers, from the service benchmark (imported only here: a process
    # measuring an earlier revision imports only the review).
    from bench_service import alternating, compared_trees, json_in_tree

    measured: dict[str, list[list[float]]] = {revision: [], "today": []}
    digests: dict[str, set[str]] = {revision: set(), "today": set()}
    with compared_trees(revision) as trees:
        for round_number, name in alternating(list(trees), rounds):
            load = os.getloadavg()[0]
            figures = json_in_tree(__file__, trees[name], options)
            measured[name].append(figures["times"])
            digests[name].add(figures["verdicts"])
            print(
                f"round {round_number + 1}, {name}: load average {load:.1f} at the start;"
                f" {summary(figures['times'])}",
                flush=True,
            )
    medians = {
        name: [statistics.median(hand) for hand in zip(*rounds_of, strict=True)]
        for name, rounds_of in measured.items()
    }
    for name, times in medians.items():
        print(f"{name:>12}: {summary(times)}")
    ratio = statistics.mean(medians[revision]) / statistics.mean(medians["today"])
    print(f"today takes {1 / ratio:.2f} of {revision}'s time ({ratio:.2f}x as fast)")
    same = len(digests[revision] | digests["today"]) == 1
    print("verdicts: " + ("the same on every hand" if same else "DIFFERENT"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=60)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", choices=LEVELS, help="computer players instead of random")
    parser.add_argument("--compare", metavar="REV", help="an earlier revision to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="with --compare (default 2)")
    parser.add_argument("--json", action="store_true", help="times and verdicts' digest as JSON")
    args = parser.parse_args()
    if args.compare:
        options = ["--hands", str(args.hands), "--players", str(args.players)]
        options += ["--seed", str(args.seed)] + (["--level", args.level] if args.level else [])
        compare(args.compare, args.rounds, options)
        return
    times, digest = measure(args)
    if args.json:
        print(json.dumps({"times": times, "verdicts": digest}))
        return
    players = f"{args.level} computer players" if args.level else "random players"
    print(f"{len(times)} hands of {args.players} {players}")
    print(f"first hand (cold caches): {times[0] * 1000:.0f} ms")
    print(f"CPU per hand: {summary(times)}")
    over = sum(seconds > 1.0 for seconds in times)
    print(f"hands over the 1 s goal: {over} of {len(times)}")


if __name__ == "__main__":
    main()
