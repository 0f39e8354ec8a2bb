"""The entry points: pick the player for a level and hand it the seat's view."""

from __future__ import annotations

import random

from bot.ai.easy import decide_easy
from bot.ai.hard import SEARCH_CARDS, decide_hard
from bot.ai.hints import Hint, explain
from bot.ai.normal import decide_normal, searches_from
from bot.engine import (
    Action,
    BidDecision,
    KeepDecision,
    PlayDecision,
    SeatView,
    TrumpDecision,
)

LEVELS = ("easy", "normal", "hard")
#: Not offered to players: the earlier `normal`, kept for benchmarks (scripts/bench_ai.py).
BASELINE = "baseline"
#: Not offered to players either: `normal` and `hard` dealing their worlds evenly, without the
#: learned odds of where the hidden cards lie, kept for benchmarks.
WITHOUT_INFERENCE = {"baseline-normal": "normal", "baseline-hard": "hard"}


def decide(
    view: SeatView, level: str, rng: random.Random, *, budget: int | None = None
) -> Action:
    """A legal action for `view.decision` at `level` ("easy", "normal" or "hard"; "baseline",
    "baseline-normal" and "baseline-hard" for benchmarks).

    `budget` caps the search nodes `hard` spends on a card (None: its default); it is a count,
    not a time, so the same view and seed give the same action on any machine.
    """
    if level not in LEVELS and level != BASELINE and level not in WITHOUT_INFERENCE:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    decision = view.decision
    if decision is None:
        raise ValueError("this seat has nothing to decide")
    inference = level not in WITHOUT_INFERENCE
    level = WITHOUT_INFERENCE.get(level, level)
    if level == "hard":
        return decide_hard(view, decision, rng, budget, inference=inference)
    if level == "easy":
        return decide_easy(view, decision, rng)
    return decide_normal(
        view,
        decision,
        rng,
        baseline=level == BASELINE,
        inference=inference,
        reads_the_table=level == "normal" and inference,
    )


def may_search(view: SeatView, level: str) -> bool:
    """Whether `level` may search or play deals out for this view's decision (tens to hundreds
    of milliseconds of CPU) rather than answer by rules alone."""
    decision = view.decision
    reads_the_table = level == "normal"
    level = WITHOUT_INFERENCE.get(level, level)
    if isinstance(decision, BidDecision | TrumpDecision):
        return level in ("normal", "hard")
    if isinstance(decision, KeepDecision):
        return level == "hard" or reads_the_table
    if not isinstance(decision, PlayDecision) or len(decision.cards) == 1:
        return False
    limit = SEARCH_CARDS if level == "hard" else searches_from(reads_the_table)
    return sum(view.hand_sizes) <= limit


def hint(
    view: SeatView, rng: random.Random, *, budget: int | None = None
) -> tuple[Action, Hint]:
    """What `hard` would do, with a catalogue key (`hint.*`) and parameters saying why.

    Show it with `bot.i18n.t(key, locale, **params)`; the parameters need no translation.
    """
    action = decide(view, "hard", rng, budget=budget)
    return action, explain(view, action)
