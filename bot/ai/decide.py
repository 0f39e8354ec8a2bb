"""The entry points: pick the player for a level and hand it the seat's view."""

from __future__ import annotations

import random
from typing import Any

from bot.ai.simple import random_action, strongest_keep, weakest_discard
from bot.engine import Action, DiscardDecision, KeepDecision, SeatView

LEVELS = ("easy", "normal", "hard")

Hint = tuple[str, dict[str, Any]]


def decide(
    view: SeatView, level: str, rng: random.Random, *, budget_ms: float | None = None
) -> Action:
    """A legal action for `view.decision` at `level` ("easy", "normal" or "hard").

    `budget_ms` bounds the time `hard` spends searching (None: its default).
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    decision = view.decision
    if decision is None:
        raise ValueError("this seat has nothing to decide")
    if isinstance(decision, KeepDecision):
        return strongest_keep(decision)
    if isinstance(decision, DiscardDecision):
        return weakest_discard(decision)
    return random_action(decision, rng)


def hint(view: SeatView, rng: random.Random) -> tuple[Action, Hint]:
    """What `hard` would do, with a catalogue key and parameters explaining why."""
    action = decide(view, "hard", rng)
    return action, ("hint.generic", {})
