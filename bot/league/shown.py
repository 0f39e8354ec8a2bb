"""What the league service gives the Discord layer, and asks it to show: plain data only.

Commands get these back from :class:`~bot.league.service.LeagueService` (a picture to send, a
sign-up to post); the service hands the rest to its :class:`~bot.league.outbox.LeagueOutbox`
(a round's list of tables, a match's call, the standings, a season's end). The service words
every text in the language it is shown in; the outbox only shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


def moment(when: datetime, style: str) -> str:
    """A moment as Discord shows it to each reader in their own time zone (``style``: ``t`` a
    time, ``R`` how long until)."""
    return f"<t:{int(when.timestamp())}:{style}>"


@dataclass(frozen=True, slots=True)
class Acting:
    """Who asks, and whether they may organise the server's tournaments (Manage Events or
    Manage Server, as the Discord layer reads their permissions)."""

    user_id: int
    organises: bool = False


@dataclass(frozen=True, slots=True)
class Picture:
    """A PNG to attach, its file name and its description for screen readers."""

    png: bytes
    filename: str
    alt: str


@dataclass(frozen=True, slots=True)
class Post:
    """A new message: ``mentions`` are the people it may notify (nobody else is)."""

    text: str
    mentions: tuple[int, ...] = ()
    picture: Picture | None = None


@dataclass(frozen=True, slots=True)
class SignupShown:
    """A tournament's sign-up message as it is now, and which buttons it offers."""

    tournament_id: int
    channel_id: int
    #: The sign-up message, when it was posted (and not lost since).
    message_id: int | None
    text: str
    locale: str | None
    #: Its buttons: None once the sign-up closed; else whether a pair signs up (the partner
    #: menu) or a person alone (the Sign up button).
    pairs: bool | None


@dataclass(frozen=True, slots=True)
class InvitationShown:
    """A pair's invitation, asked in the channel: its text mentions the partner, who answers
    with its Accept and Decline buttons."""

    tournament_id: int
    entrant: int
    partner_id: int
    text: str
    locale: str | None


@dataclass(frozen=True, slots=True)
class SignupAnswer:
    """What a sign-up button's click did: its reply's catalogue key, and what to show once
    the click is answered: the sign-up message brought up to date, and the invitation to ask
    (when a partner was chosen)."""

    reply: str
    signup: SignupShown
    invitation: InvitationShown | None = None


@dataclass(frozen=True, slots=True)
class InvitationAnswer:
    """An invitation answered: the invitation's message reads ``text`` from now on (no
    buttons), and the sign-up message is brought up to date."""

    text: str
    signup: SignupShown


@dataclass(frozen=True, slots=True)
class RoundEvent:
    """A round as a scheduled event of the server."""

    guild_id: int
    name: str
    description: str
    start: datetime
    end: datetime
    location_channel_id: int
