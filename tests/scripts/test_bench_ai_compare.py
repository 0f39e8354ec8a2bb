"""`bench_ai.py --compare`: each run reports its processor times and a digest of every action
chosen, so that two codes timed on the same deals are known to have made the same moves."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
import bench_ai  # a script, not a package


def _tables(level_a: str, level_b: str, seeds: range) -> list[bench_ai.TableResult]:
    return [
        table for seed in seeds for table in bench_ai.play_deal((seed, level_a, level_b, None))[1]
    ]


def test_the_same_deals_give_the_same_digest_and_other_choices_another() -> None:
    played = _tables("easy", "random", range(1, 4))
    again = bench_ai.timings(_tables("easy", "random", range(1, 4)))

    figures = bench_ai.timings(played)
    assert figures["actions"] == again["actions"]
    assert figures["actions"] != bench_ai.timings(_tables("random", "easy", range(1, 4)))["actions"]
    assert figures["actions"] != bench_ai.timings(played[:-1])["actions"]
    # One processor time for each action chosen, by the level that chose it.
    cpu = figures["cpu"]
    assert isinstance(cpu, dict) and set(cpu) == {"easy", "random"}
    assert sum(len(spent) for spent in cpu.values()) == sum(len(t.actions) for t in played)


def test_a_run_is_summed_up_by_its_median_slowest_twentieth_and_longest_decision() -> None:
    spent = [float(ms) for ms in range(1, 101)]
    assert bench_ai.cpu_summary(spent) == {"p50": 51.0, "p95": 96.0, "max": 100.0}
