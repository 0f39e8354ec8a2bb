"""The lobby's own texts: who sits where and the table's settings, in the table's language.

Unlike the game's texts (``bot/presentation/texts.py``), these describe a table as it was
opened (its options, turn timer and seats), so they belong to the table service.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields

from bot.engine import HouseRules
from bot.i18n import t
from bot.presentation.texts import SEPARATOR
from bot.presentation.user_text import in_message
from bot.service.shown import SeatInfo
from bot.service.tables.options import TableOptions, Teams


def lobby_text(
    options: TableOptions,
    seats: Sequence[SeatInfo],
    turn_timer: int | None,
    creator: str | None,
    locale: str | None,
    rematch_waiting: Sequence[str] = (),
) -> str:
    """The lobby message: who sits where, the main settings, who starts, and during a rematch
    who has not confirmed it yet."""
    lines = [
        t("text.lobby_title", locale, players=options.players, target=options.rules.target_score),
        t("text.lobby_draw" if options.teams is Teams.DRAW else "text.lobby_manual", locale),
    ]
    lines.extend(
        t(
            "text.lobby_seat",
            locale,
            seat=seat.label,
            player=in_message(seat.player)
            if seat.player is not None
            else t("lobby.empty_seat", locale),
        )
        for seat in seats
    )
    timer = (
        t("text.timer", locale, seconds=turn_timer) if turn_timer else t("text.timer_off", locale)
    )
    lines.append(SEPARATOR.join([timer, t("text.rules_hint", locale)]))
    lines.append(_who_starts(seats, creator, locale))
    if rematch_waiting:
        names = ", ".join(in_message(name) for name in rematch_waiting)
        lines.append(t("text.rematch_waiting", locale, players=names))
    return "\n".join(lines)


def _who_starts(seats: Sequence[SeatInfo], creator: str | None, locale: str | None) -> str:
    """Who starts the game: once every seat is taken, that they can now; before, that they
    will once it is."""
    full = all(seat.player is not None for seat in seats)
    if creator is None:
        return t("text.lobby_ready_anyone" if full else "text.lobby_start_anyone", locale)
    key = "text.lobby_ready" if full else "text.lobby_start"
    return t(key, locale, player=in_message(creator))


#: The house rules in the order ``/cinch rules`` lists them (their order in `HouseRules`).
HOUSE_RULES = tuple(field.name for field in fields(HouseRules))


#: Player counts whose scoring docs/rules.md (section C) marks as not confirmed for Cinch: the rules
#: help must call it experimental.
EXPERIMENTAL_SCORING_PLAYERS = frozenset({3})


def house_rules_lines(
    options: TableOptions, turn_timer: int | None, locale: str | None
) -> list[str]:
    """This table's settings, one line each ("Everyone passes: …"), for ``/cinch rules``."""
    rules = options.rules
    lines = []
    for name in HOUSE_RULES:
        value = getattr(rules, name)
        if isinstance(value, bool):
            shown = t("text.yes" if value else "text.no", locale)
        elif isinstance(value, int):
            shown = str(value)
        else:
            shown = t(f"choice.{name}.{value}", locale)
        lines.append(
            t("rules.house.line", locale, rule=t(f"rules.house.{name}", locale), value=shown)
        )
    lines.append(
        t(
            "rules.house.line",
            locale,
            rule=t("rules.house.teams", locale),
            value=t(f"choice.teams.{options.teams}", locale),
        )
    )
    newcomers = "open" if options.open_seats else "asked"
    lines.append(
        t(
            "rules.house.line",
            locale,
            rule=t("rules.house.open_seats", locale),
            value=t(f"rules.house.open_seats.{newcomers}", locale),
        )
    )
    timer = (
        t("text.timer", locale, seconds=turn_timer) if turn_timer else t("text.timer_off", locale)
    )
    lines.append(timer)
    if options.players in EXPERIMENTAL_SCORING_PLAYERS:
        lines.append(t("rules.house.experimental_scoring", locale))
    return lines
