"""What the table service gives the Discord layer, and asks it to show: plain data only.

Commands and buttons get these back from :class:`~bot.service.TableService` (facts about a
table, the hand to answer a player with); the service's publisher hands the rest to its
:class:`~bot.service.outbox.Outbox` (a table to show, an announcement, a private hand to
refresh). Nothing here is a live object of the service: the Discord layer can keep, compare
and show them without ever reaching back into a table or its game.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.engine import Card, Decision, SeatView, Suit
from bot.store import PendingNote


@dataclass(frozen=True, slots=True)
class TableFacts:
    """What a command needs to know about an open table to word its answer."""

    table_id: int
    guild_id: int
    channel_id: int
    #: The language of the table's public messages.
    locale: str | None
    players: int
    playing: bool


@dataclass(frozen=True, slots=True)
class ServerTables:
    """What a server's admins chose for its tables (``/cinch-server limits``)."""

    #: How many tables one member may have open at once, and the whole server.
    tables_per_member: int
    tables_per_server: int
    #: Whether new tables open in a thread of their own unless their opener chooses.
    in_threads: bool


@dataclass(frozen=True, slots=True)
class Announcement:
    """A new public message: a hand's or a game's result, or news such as a seat left empty."""

    text: str
    picture: bytes | None = None
    filename: str | None = None
    #: (game id, hand number) of a hand's result: the message offers that hand's replay.
    hand: tuple[int, int] | None = None
    #: The table's language (the words of the replay button).
    locale: str | None = None
    #: The game whose end this announces, when its players may ask for a rematch.
    rematch: int | None = None


@dataclass(frozen=True, slots=True)
class Reminder:
    """Half the turn timer has run out for ``user_id``: ``text`` (which mentions them) says so."""

    table_id: int
    channel_id: int
    user_id: int
    text: str


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as the lobby shows it."""

    seat: int
    label: str
    player: str | None
    user_id: int | None
    is_computer: bool
    away: bool

    @property
    def takeable(self) -> bool:
        """Whether a person may sit here: empty, a computer player, or someone away."""
        return self.user_id is None or self.away


@dataclass(frozen=True, slots=True)
class PublicTable:
    """Everything the table message shows, in the table's language."""

    table_id: int
    channel_id: int
    message_id: int | None
    text: str
    #: The table picture (PNG), or None in the lobby.
    picture: bytes | None
    #: The person to act, the only one the message may mention.
    mention: int | None
    playing: bool
    manual_seats: bool
    seats: tuple[SeatInfo, ...] = ()
    full: bool = False
    #: The public view the picture was drawn from (None in the lobby).
    view: SeatView | None = None
    #: The table's language.
    locale: str | None = None
    #: How many moves of the game it shows (0 in the lobby).
    moves: int = 0


@dataclass(frozen=True, slots=True)
class TableShown:
    """The table message to show now, and what showing it means for the players."""

    table: PublicTable
    #: Post it anew below everything (and take the old one away) rather than edit it.
    repost: bool = False
    #: The person whose turn starts and who is not watching: the new message notifies them.
    notify: int | None = None
    #: The turn moved on: the reminders standing for the last one go.
    turn_moved: bool = False
    #: The message showing the table until now notified someone: it is never deleted, only
    #: shrunk to a bare line.
    old_mentions: bool = False
    #: A direct message to ``notify`` too, for a player who asked for one in ``/cinch settings``.
    dm_ping: bool = False
    #: The language they chose, for that direct message.
    dm_ping_locale: str | None = None


@dataclass(frozen=True, slots=True)
class PrivateHand:
    """One player's hand and what they may do now, in their language."""

    table_id: int
    game_id: int
    hand_number: int
    seat: int
    text: str
    picture: bytes
    #: Their cards in the order the picture shows them.
    cards: tuple[Card, ...]
    trump: Suit | None
    #: What they may do now, or None when it is not their turn.
    decision: Decision | None = None


@dataclass(frozen=True, slots=True)
class HandReply:
    """What a player who acted, or asked for their hand, is answered with."""

    table_id: int
    channel_id: int
    #: The language to answer them in.
    locale: str | None
    #: Their hand as it is now; None once the game is over (the result is in the channel).
    hand: PrivateHand | None
    #: What they must still be told (once), worded.
    notes: tuple[str, ...] = ()
    #: The stored notes ``notes`` words: forgotten once the answer is shown
    #: (:meth:`TableService.hand_shown`), so a restart before that loses none.
    noted: tuple[PendingNote, ...] = ()


@dataclass(frozen=True, slots=True)
class Seated:
    """Where a person who joined sits, and their hand when they joined a game going on."""

    seat: int
    #: The table's number of seats (to name the seat).
    players: int
    hand: HandReply | None = None


@dataclass(frozen=True, slots=True)
class RematchReply:
    """Where a rematch stands after someone confirmed it."""

    #: The game started: everyone confirmed (``hand`` is the one who confirmed last's).
    started: bool
    #: The people seated who have not confirmed yet.
    waiting: tuple[str, ...]
    #: The table had closed and was opened again for the rematch.
    reopened: bool
    hand: HandReply | None = None


@dataclass(frozen=True, slots=True)
class SeatRequest:
    """A newcomer asked for a seat in a game going on: someone playing must agree first."""

    table_id: int
    game_id: int
    seat: int
    #: The table's number of seats (to name the seat).
    players: int
    #: The table's language: the request is shown in the channel.
    locale: str | None


@dataclass(frozen=True, slots=True)
class HandPlace:
    """Where a player's live hand message is, so it can be brought up to date.

    In a direct message it stays editable; a private message in the channel (an interaction's
    answer) is edited through that interaction's ``token`` until ``editable_until``.
    """

    message_id: int
    #: The direct-message channel, for a hand sent by DM.
    dm_channel_id: int | None = None
    application_id: int | None = None
    token: str | None = None
    editable_until: datetime | None = None
    #: The language it was shown in.
    locale: str | None = None
    #: The hand it shows (a new deal needs a new DM).
    game_id: int | None = None
    hand_number: int | None = None

    @property
    def by_dm(self) -> bool:
        return self.dm_channel_id is not None

    def editable(self, now: datetime) -> bool:
        return self.by_dm or (self.editable_until is not None and now < self.editable_until)


@dataclass(frozen=True, slots=True)
class HandDelivery:
    """A player's hand to bring up to date: in their DM (``by_dm``) or at ``place``."""

    table_id: int
    channel_id: int
    user_id: int
    locale: str | None
    #: Their hand as it is now; None once the game is over.
    hand: PrivateHand | None
    #: Their live hand message to edit; None for a new DM.
    place: HandPlace | None
    by_dm: bool


@dataclass(frozen=True, slots=True)
class HandShown:
    """What came of a :class:`HandDelivery`."""

    #: Where the hand shows now (a new DM, or the same place).
    place: HandPlace | None
    #: Discord refuses direct messages to this player.
    dm_refused: bool = False
