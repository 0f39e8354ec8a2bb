"""Where puzzles come from: hands dealt from the bot's secret and a label ("daily:2026-01-31",
"practice:17"), played out by `normal` computer players, and searched for a puzzle (`finder`).
Nobody played these hands, so no replay or review holds a puzzle's answer.

Each label deals hands one after the other (``label#0``, ``label#1``, ...) until one holds a
puzzle; about one hand in four does. Everything here is a pure function of the secret and the
label, so every process finds the same puzzle for the same label. It runs in the computer
players' worker processes.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.ai.pool import decide_seeded, decision_seed
from bot.engine import Game, HouseRules
from bot.engine.randomness import derived_seed
from bot.puzzles.finder import Found, find_puzzles
from bot.puzzles.positions import PuzzlePosition, puzzle_position
from bot.replays.steps import HandReplay, replay_hand

#: The computer players whose hands generated puzzles come from.
LEVEL = "normal"
#: Hands dealt at most for one label before giving up (one in four holds a puzzle).
MOST_HANDS = 80


def dealt_hand(seed: int) -> HandReplay:
    """A hand dealt from `seed` under the default house rules and played out by `LEVEL`
    computer players."""
    game = Game.new(HouseRules(), 4, seed, seed % 4)
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide_seeded(game.view(seat), LEVEL, decision_seed(game), None))
    return replay_hand(game.restarted(), game.log, 1)


def pick(found: Sequence[Found]) -> Found:
    """The puzzle to keep from those of one hand: the most legal cards, then the dearest
    mistake, then the earliest."""
    return max(found, key=lambda puzzle: (len(puzzle.values), puzzle.cost, -puzzle.play))


def generated_puzzle(secret: str, label: str) -> PuzzlePosition | None:
    """The puzzle of `label`: from the first of its hands that holds one (None if none of
    `MOST_HANDS` does)."""
    for number in range(MOST_HANDS):
        replay = dealt_hand(derived_seed(secret, f"puzzle:{label}#{number}"))
        side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
        found = find_puzzles(replay.plays, replay.trump, side_of, replay.capture_points)
        if found:
            return puzzle_position(replay, pick(found), HouseRules().target_score)
    return None
