"""Skill ratings with openskill's Weng-Lin Plackett-Luce model, one update per game.

Sides are the model's teams: in a partnership game both partners are one team, so the pair's
result moves both of their ratings; with two or three players every player is a team of one.
Sides are ranked winners first, then by final score (equal scores share a rank), so in a
three-player game the runner-up does better than the player who came last.

The rating shown is the conservative estimate ``mu - 3 * sigma``: it starts at 0 for a new
player and rises both with wins and as the model becomes sure of a player's skill.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

MODEL = PlackettLuce()
CONFIDENCE = 3.0
"""How many standard deviations the shown rating stays below the estimated skill."""


@dataclass(frozen=True)
class Skill:
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The rating shown on the boards."""
        return self.mu - CONFIDENCE * self.sigma


NEW_PLAYER = Skill(MODEL.mu, MODEL.sigma)


@dataclass(frozen=True)
class GameOutcome:
    """How one game ended: the players of each side, which sides won, the final scores."""

    sides: Mapping[int, Sequence[str]]
    winners: frozenset[int]
    final_scores: Sequence[int]


def side_ranks(outcome: GameOutcome) -> dict[int, int]:
    """Rank of each side (1 is best): winners first, then by final score, ties shared."""

    def standing(side: int) -> tuple[int, int]:
        score = outcome.final_scores[side] if side < len(outcome.final_scores) else 0
        return (0 if side in outcome.winners else 1, -score)

    standings = sorted({standing(side) for side in outcome.sides})
    return {side: standings.index(standing(side)) + 1 for side in outcome.sides}


def rate_game(skills: Mapping[str, Skill], outcome: GameOutcome) -> dict[str, Skill]:
    """The new skill of every player whose rating this game moves.

    ``skills`` holds the players' current skills (a player missing from it is new). A player
    seated on two opposing sides (a computer level playing itself) plays a part in its teams'
    strength but learns nothing from the game, so it keeps its rating.
    """
    sides = sorted(outcome.sides)
    if len(sides) < 2:
        return {}
    player_sides: dict[str, set[int]] = {}
    for side in sides:
        for player in outcome.sides[side]:
            player_sides.setdefault(player, set()).add(side)
    teams = [[_model_rating(skills, player) for player in outcome.sides[side]] for side in sides]
    ranks = side_ranks(outcome)
    rated = MODEL.rate(teams, ranks=[ranks[side] for side in sides])
    changed: dict[str, Skill] = {}
    for side, team in zip(sides, rated, strict=True):
        for player, rating in zip(outcome.sides[side], team, strict=True):
            if len(player_sides[player]) == 1 and player not in changed:
                changed[player] = Skill(rating.mu, rating.sigma)
    return changed


def _model_rating(skills: Mapping[str, Skill], player: str):
    skill = skills.get(player, NEW_PLAYER)
    return MODEL.create_rating([skill.mu, skill.sigma])
