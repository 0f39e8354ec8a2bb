"""Time every picture and print median and p95 render time and PNG size.

Runs on one CPU core (where the OS allows pinning) so figures compare with the goals: table
median <= 5 ms, p95 <= 8 ms and <= 100 KB, hand <= 10 ms. The first render of each picture,
which loads fonts and scales card art, is timed separately as "cold". Takes well under a minute.
Run from the repository root: `python scripts/bench_render.py`.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import time
from collections.abc import Callable

from PIL import Image

from bot.render import (
    examples,
    render_game_summary,
    render_hand,
    render_hand_summary,
    render_table,
)

PICTURES: dict[str, tuple[Callable[[], bytes], int]] = {
    "table, 4 seats, trick 3": (lambda: render_table(examples.table_in_play()), 300),
    "table, 3 seats, bidding": (lambda: render_table(examples.table_bidding_three()), 300),
    "table, four-colour deck": (lambda: render_table(examples.table_in_play(True)), 300),
    "hand, 4 cards, choosing": (lambda: render_hand(examples.hand_to_play()), 300),
    "hand, 9 cards": (lambda: render_hand(examples.hand_before_draw()), 300),
    "hand summary": (lambda: render_hand_summary(examples.hand_summary()), 100),
    "game summary": (lambda: render_game_summary(examples.game_summary()), 100),
}


def _pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
        return "pinned to one core"
    return "not pinned (no sched_setaffinity here)"


def _time(render: Callable[[], bytes]) -> float:
    start = time.perf_counter()
    render()
    return (time.perf_counter() - start) * 1000


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    print(f"Render benchmark, {_pin_to_one_core()}; times in ms")
    print(f"{'picture':<26}{'cold':>7}{'median':>8}{'p95':>8}{'size KB':>9}  pixels")
    for name, (render, runs) in PICTURES.items():
        cold = _time(render)
        times = sorted(_time(render) for _ in range(runs))
        p95 = times[min(len(times) - 1, round(0.95 * len(times)))]
        png = render()
        width, height = Image.open(io.BytesIO(png)).size
        print(
            f"{name:<26}{cold:7.1f}{statistics.median(times):8.2f}{p95:8.2f}"
            f"{len(png) / 1000:9.1f}  {width}x{height}"
        )


if __name__ == "__main__":
    main()
