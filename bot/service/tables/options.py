"""A table's settings: the house rules and everything else chosen when the table is opened.

They are stored as one JSON value in the table's ``house_rules`` column (the store never looks
inside), so a restart brings back exactly the table that was opened. The turn timer and the
language have columns of their own in the store and are not repeated here. Reading them back
checks every value, since a stored row may have been damaged or edited by hand.

What a person chose is checked here (:func:`chosen_options`, :func:`turn_timer_chosen`,
:func:`language_chosen`), whatever Discord let through: a value an option does not take is
refused by the option's name (:class:`~bot.errors.OptionRefused`), never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.engine import HouseRules
from bot.engine.rules import MAX_BID, MAX_TARGET_SCORE, RULE_CHOICES
from bot.engine.seating import SUPPORTED_PLAYER_COUNTS
from bot.errors import OptionRefused, choice_of, require_number
from bot.i18n import SUPPORTED_LOCALES

#: Seconds a computer player waits before each move, so people can follow the game.
DEFAULT_COMPUTER_PAUSE = 1.0
MAX_COMPUTER_PAUSE = 10.0
#: The longest a turn timer may be, in seconds (0 or none turns it off).
MAX_TURN_TIMER = 600
#: The house rules chosen as a number, and the numbers each takes.
RULE_NUMBERS = {"target_score": (1, MAX_TARGET_SCORE), "min_bid": (1, MAX_BID)}


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
    #: Anyone may take a seat in a game going on (one held by a computer player or someone
    #: away) without asking; otherwise someone playing must agree to a newcomer.
    open_seats: bool = False
    #: The table plays on with no person seated (the offline demo's). Any other table where
    #: only computer players are left closes after a few hands (``automation.UNATTENDED_HANDS``).
    unattended: bool = False
    #: Opened in a thread of its own: the table closes once its game ends, and its thread is
    #: archived with it, so the channel keeps one short thread per game.
    thread: bool = False
    #: A tournament's match: its seats are its players' alone, and it offers no rematch (the
    #: tournament pairs the next round).
    match: bool = False

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
            "open_seats": self.open_seats,
            "unattended": self.unattended,
            "thread": self.thread,
            "match": self.match,
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
            open_seats=_yes_no(data.get("open_seats", defaults.open_seats), "open_seats"),
            unattended=_yes_no(data.get("unattended", defaults.unattended), "unattended"),
            thread=_yes_no(data.get("thread", defaults.thread), "thread"),
            match=_yes_no(data.get("match", defaults.match), "match"),
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


def chosen_options(rules: Mapping[str, Any] | None = None, **table: Any) -> TableOptions:
    """The options a person opened a table with: ``rules`` by `HouseRules` field, the rest by
    `TableOptions` field, each checked against what it takes."""
    for name, value in (rules or {}).items():
        option = f"rules.house.{name}"
        if name in RULE_NUMBERS:
            require_number(value, *RULE_NUMBERS[name], option)
        elif name in RULE_CHOICES:
            choice_of(RULE_CHOICES[name], value, option)
    if "players" in table and table["players"] not in SUPPORTED_PLAYER_COUNTS:
        raise OptionRefused("errors.option_choice", "option.players")
    if "teams" in table:
        choice_of(Teams, table["teams"], "rules.house.teams")
    if "computer_pause" in table:
        require_number(
            table["computer_pause"], 0, MAX_COMPUTER_PAUSE, "option.computer_pause", whole=False
        )
    return TableOptions(rules=HouseRules.from_dict(dict(rules or {})), **table)


def turn_timer_chosen(seconds: int | None) -> int | None:
    """The turn timer a table is opened with: seconds, or None (also for 0) for none."""
    if not seconds:
        return None
    require_number(seconds, 0, MAX_TURN_TIMER, "option.turn_timer")
    return seconds


def language_chosen(language: str | None) -> str | None:
    """The language a table is opened with: one the bot speaks, or None for the default."""
    if language is not None and language not in SUPPORTED_LOCALES:
        raise OptionRefused("errors.option_choice", "option.language")
    return language
