"""Rotating partners' rounds: how long the search for a round takes, and how often it goes to
its end, which proves its round has the fewest repeats there are.

Plays whole tournaments of rotating partners for every size from 4 to 64 players (the most a
tournament takes) and as many rounds as it may have (9), the standings shuffled between
rounds, several tournaments a size. Prints, per size: the rounds searched, those proved best
(the others are the best found within the search's budget), the median and longest search
time, and the most tables one search looked at (its budget is ``TABLE_BUDGET``). That a
round proved best is the best of all rounds is the tests' part (``tests/league/
test_pairing.py`` counts every round out for small fields).
Run from the repository root: `python scripts/bench_pairing.py` (`--tournaments`, `--seed`,
`--sizes FROM TO`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.league.pairing import TABLE_BUDGET, Meetings, RoundSearch, rotating_round
from bot.league.tournaments import MOST_ROUNDS, MOST_TABLES


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sizes", type=int, nargs=2, default=(4, 4 * MOST_TABLES), metavar=("FROM", "TO")
    )
    options = parser.parse_args()
    rng = random.Random(options.seed)
    print(f"players rounds proved median_ms max_ms most_tables (budget {TABLE_BUDGET:,})")
    for size in range(options.sizes[0], options.sizes[1] + 1):
        proved = rounds = most_tables = 0
        times: list[float] = []
        for _ in range(options.tournaments):
            order = list(range(size))
            met: Meetings[int] = Meetings()
            for _ in range(MOST_ROUNDS):
                tables = rotating_round(order, met.partnered, met.opposed, met.with_computers)
                # The tables of people alone, searched again, timed and asked whether proved.
                people = [table for table in tables if None not in table[0] + table[1]]
                seated = [p for p in order if any(p in t[0] + t[1] for t in people)]
                started = time.perf_counter()
                search = RoundSearch(seated, met.partnered, met.opposed)
                assert search.tables() == people
                times.append(time.perf_counter() - started)
                rounds += 1
                proved += search.finished
                most_tables = max(most_tables, search.looked_at)
                for side_a, side_b in tables:
                    met.add(side_a, side_b)
                rng.shuffle(order)
        print(
            f"{size:7} {rounds:6} {proved:6} {statistics.median(times) * 1000:9.1f}"
            f" {max(times) * 1000:6.0f} {most_tables:11,}",
            flush=True,
        )


if __name__ == "__main__":
    main()
