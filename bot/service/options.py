"""A table's settings: the house rules and everything else chosen when the table is opened.

They are stored as one JSON value in the table's ``house_rules`` column (the store never looks
inside), so a restart brings back exactly the table that was opened. The turn timer and the
language have columns of their own in the store and are not repeated here. Reading them back
checks every value, since a stored row may have been damaged or edited by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine import HouseRules
from bot.engine.seating import SUPPORTED_PLAYER_COUNTS

#: Seconds a computer player waits before each move, so people can follow the game.
DEFAULT_COMPUTER_PAUSE = 1.0
MAX_COMPUTER_PAUSE = 10.0


class Teams(StrEnum):
    """How players get their seats (docs/rules.md B-15)."""

    #: Everyone draws a card at the start: the two highest play against the two lowest.
    DRAW = "byDraw"
    #: Players keep the seats they chose in the lobby (partners sit opposite).
    MANUAL = "manual"


@dataclass(frozen=True, slots=True)
class TableOptions:
    """What a table was opened with (besides its language and turn timer)."""

    players: int = 4
    rules: HouseRules = field(default_factory=HouseRules)
    teams: Teams = Teams.DRAW
    #: Whether `/cinch hint` may be used at this table.
    hints: bool = False
    computer_pause: float = DEFAULT_COMPUTER_PAUSE
    #: The table picture drawn with the four-colour deck (blue diamonds, green clubs).
    four_colour: bool = False
    #: The table plays on with no person seated (the offline demo's). Any other table where
    #: only computer players are left closes after a few hands (``automation.UNATTENDED_HANDS``).
    unattended: bool = False

    def __post_init__(self) -> None:
        if self.players not in SUPPORTED_PLAYER_COUNTS:
            raise ValueError(f"{self.players} players are not supported")
        if not 0 <= self.computer_pause <= MAX_COMPUTER_PAUSE:
            raise ValueError(f"computer_pause must be from 0 to {MAX_COMPUTER_PAUSE} seconds")
        if not isinstance(self.teams, Teams):
            object.__setattr__(self, "teams", Teams(self.teams))

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "rules": self.rules.to_dict(),
            "teams": str(self.teams),
            "hints": self.hints,
            "computer_pause": self.computer_pause,
            "four_colour": self.four_colour,
            "unattended": self.unattended,
        }

    @classmethod
    def from_json(cls, data: object) -> TableOptions:
        """The options ``to_json`` stored; ``ValueError`` for anything else (a value of the
        wrong kind, a number out of range, an unknown rule). Keys it does not know are left
        alone: a newer version may have written them."""
        if not isinstance(data, dict):
            raise ValueError("the table's options are not a JSON object")
        defaults = cls()
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise ValueError("the house rules are not a JSON object")
        return cls(
            players=_whole(data.get("players", defaults.players), "players"),
            rules=HouseRules.from_dict(rules),
            teams=Teams(data.get("teams", defaults.teams)),
            hints=_yes_no(data.get("hints", defaults.hints), "hints"),
            computer_pause=_seconds(data.get("computer_pause", defaults.computer_pause)),
            four_colour=_yes_no(data.get("four_colour", defaults.four_colour), "four_colour"),
            unattended=_yes_no(data.get("unattended", defaults.unattended), "unattended"),
        )


def _whole(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return value


def _yes_no(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be true or false, not {value!r}")
    return value


def _seconds(value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ValueError(f"computer_pause must be a number of seconds, not {value!r}")
    return float(value)
