"""A tournament's sign-up message and a pair's invitation, worded in the tournament's language.

The sign-up message says what the tournament is and who entered, brought up to date at each
change; the Discord layer adds its buttons (``cogs/league/signup.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import t, tn
from bot.league.shown import SignupShown
from bot.league.tournaments import Entrant, Status, Tournament
from bot.presentation.user_text import in_message

#: The most entries the sign-up message names, one line each (the rest are counted).
NAMED_ENTRIES = 40


def describe(tournament: Tournament, locale: str | None) -> str:
    """What a tournament is, in one line."""
    return t(
        f"tournament.describe.{tournament.format.value}",
        locale,
        rounds=tournament.rounds,
        target=tournament.target,
        minutes=tournament.round_minutes,
    )


def signup_text(tournament: Tournament, entrants: Sequence[Entrant]) -> str:
    """The sign-up message: the tournament, how to enter, who entered, who is invited."""
    locale = tournament.language
    joiner = t("picture.names_joiner", locale)
    entered = [entrant for entrant in entrants if entrant.entered]
    invited = [entrant for entrant in entrants if entrant.status == "invited"]
    lines = [
        f"**{in_message(tournament.name)}**",
        describe(tournament, locale),
        t("tournament.organised_by", locale, organiser=f"<@{tournament.organiser_id}>"),
    ]
    if tournament.status is Status.SIGNUP:
        how = "tournament.how_pairs" if tournament.format.pairs else "tournament.how_alone"
        lines.append(t(how, locale))
    else:
        lines.append(t(f"tournament.status.{tournament.status.value}", locale))
    lines.append(tn("tournament.entered", len(entered), locale))
    lines += [
        f"- {joiner.join(in_message(name) for name in entrant.names)}"
        for entrant in entered[:NAMED_ENTRIES]
    ]
    for entrant in invited[:NAMED_ENTRIES]:
        lines.append(
            t(
                "tournament.invited_line",
                locale,
                player=in_message(entrant.name),
                partner=in_message(entrant.partner_name or ""),
            )
        )
    return "\n".join(lines)


def signup_shown(tournament: Tournament, entrants: Sequence[Entrant]) -> SignupShown:
    """The sign-up message as it is now: its buttons while signing up only."""
    return SignupShown(
        tournament_id=tournament.id,
        channel_id=tournament.channel_id,
        message_id=tournament.message_id,
        text=signup_text(tournament, entrants),
        locale=tournament.language,
        pairs=tournament.format.pairs if tournament.status is Status.SIGNUP else None,
    )
