"""Where puzzles come from: hands dealt from the bot's secret and a label ("daily:2026-01-31",
"practice:17"), played out by `normal` computer players, and searched for a puzzle (`finder`).
Nobody played these hands, so no replay or review holds a puzzle's answer.

Each label deals hands one after the other (``label#0``, ``label#1``, ...) until one holds a
puzzle; about one hand in four does. Everything here is a pure function of the secret and the
label, so every process finds the same puzzle for the same label. It runs in the computer
players' worker processes, in slices no longer than one computer decision (`bot.ai.slices`), so
that dealing a puzzle (several seconds) never holds up anyone's computer players.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from bot.ai.pool import decide_seeded, decision_seed
from bot.ai.slices import Unfinished, run_to_end, slice_deadline, slice_over
from bot.engine import Game, HouseRules
from bot.engine.randomness import derived_seed
from bot.puzzles.finder import Found, Hunt, hunt_until
from bot.puzzles.positions import PuzzlePosition, puzzle_position
from bot.replays.steps import HandReplay, replay_hand

#: The computer players whose hands generated puzzles come from.
LEVEL = "normal"
#: Hands dealt at most for one label before giving up (one in four holds a puzzle).
MOST_HANDS = 80


def new_hand(seed: int) -> Game:
    """A hand dealt from `seed` under the default house rules, nobody having played yet."""
    return Game.new(HouseRules(), 4, seed, seed % 4)


def play_until(game: Game, deadline: float | None) -> bool:
    """Play `game`'s first hand on with `LEVEL` computer players until it ends (True), or
    until `deadline` (`bot.ai.slices`) after at least one move."""
    while not game.history:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, decide_seeded(game.view(seat), LEVEL, decision_seed(game), None))
        if deadline is not None and slice_over(deadline):
            return bool(game.history)
    return True


def dealt_hand(seed: int) -> HandReplay:
    """A hand dealt from `seed` and played out by `LEVEL` computer players."""
    game = new_hand(seed)
    play_until(game, None)
    return _replay(game)


def _replay(game: Game) -> HandReplay:
    return replay_hand(game.restarted(), game.log, 1)


def pick(found: Sequence[Found]) -> Found:
    """The puzzle to keep from those of one hand: the most legal cards, then the dearest
    mistake, then the earliest."""
    return max(found, key=lambda puzzle: (len(puzzle.values), puzzle.cost, -puzzle.play))


def _hunt(replay: HandReplay) -> Hunt:
    side_of = tuple(replay.side_of(seat) for seat in range(replay.players))
    return Hunt(tuple(replay.plays), replay.trump, side_of, replay.capture_points)


@dataclass(frozen=True, slots=True)
class Dealing:
    """How far the search for `label`'s puzzle is: its hand `number` is being played (`game`)
    or searched (`replay` and `hunt`)."""

    secret: str
    label: str
    number: int = 0
    game: Game | None = None
    replay: HandReplay | None = None
    hunt: Hunt | None = None


def deal_puzzle(dealing: Dealing) -> Unfinished[Dealing] | PuzzlePosition | None:
    """One slice of the search for `label`'s puzzle (`bot.ai.slices`): its hands are dealt
    one after the other (``label#0``, ``label#1``, ...) and the first holding a puzzle gives it
    (None when none of `MOST_HANDS` does)."""
    deadline = slice_deadline()
    while dealing.number < MOST_HANDS:
        if dealing.replay is None or dealing.hunt is None:
            game = dealing.game or new_hand(
                derived_seed(dealing.secret, f"puzzle:{dealing.label}#{dealing.number}")
            )
            if not play_until(game, deadline):
                return Unfinished(replace(dealing, game=game))
            replay = _replay(game)
            dealing = replace(dealing, game=None, replay=replay, hunt=_hunt(replay))
            if slice_over(deadline):
                return Unfinished(dealing)
        assert dealing.replay is not None and dealing.hunt is not None
        hunt = hunt_until(dealing.hunt, deadline)
        if hunt.done and hunt.found:
            return puzzle_position(dealing.replay, pick(hunt.found), HouseRules().target_score)
        if not hunt.done:
            return Unfinished(replace(dealing, hunt=hunt))
        dealing = Dealing(dealing.secret, dealing.label, dealing.number + 1)
        if slice_over(deadline):
            return Unfinished(dealing)
    return None


def generated_puzzle(secret: str, label: str) -> PuzzlePosition | None:
    """The puzzle of `label`, all of its slices here (see `deal_puzzle`)."""
    position: PuzzlePosition | None = run_to_end(deal_puzzle, Dealing(secret, label))
    return position
