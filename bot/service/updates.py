"""What the table service tells the Discord layer to show, and to whom: plain data only.

After every change the service hands an :class:`Update` to its :class:`Outbox`. The outbox
decides how to show it (edit the table message, post the announcements, refresh the private
hands by DM or ephemeral message); the service never sees a Discord object.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.engine import Card, Decision, Suit


@dataclass(frozen=True, slots=True)
class Announcement:
    """A new public message: a hand's or a game's result, or news such as a seat left empty."""

    text: str
    picture: bytes | None = None
    filename: str | None = None
    #: (game id, hand number) of a hand's result: the message offers that hand's replay.
    hand: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Update:
    """One change at a table, as the channel and the players should see it."""

    table_id: int
    channel_id: int
    #: Nothing automatic is about to happen (a person is to act, or the table waits): show the
    #: table now. While computer players are still moving, the edit can wait and fold them in.
    settled: bool = True
    #: Post the table message anew below the announcements (a new hand, game or lobby).
    repost: bool = False
    announcements: tuple[Announcement, ...] = ()
    #: People whose private hand view changed (their cards, or whether it is their turn).
    private: frozenset[int] = frozenset()
    #: Those of them who were dealt new cards (a DM hand starts a new message).
    dealt: frozenset[int] = frozenset()
    #: The table was closed: its message loses its buttons and nothing more comes.
    closed: bool = False
    #: The table message when the table was closed.
    message_id: int | None = None
    #: The person who just moved themselves (a click or a command, here or relayed from another
    #: process): they are watching the table, so their turn coming straight back needs no ping.
    mover: int | None = None


@dataclass(frozen=True, slots=True)
class Reminder:
    """Half the turn timer has run out for ``user_id``."""

    table_id: int
    channel_id: int
    user_id: int
    seconds_left: int


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


class Outbox(Protocol):
    """Where the service sends what must be shown (the Discord layer, or the offline demo)."""

    async def deliver(self, update: Update) -> None: ...

    async def remind(self, reminder: Reminder) -> None: ...


class NoOutbox:
    """An outbox that shows nothing: for tools that only need the games played and stored
    (benchmarks, a process without Discord)."""

    async def deliver(self, update: Update) -> None:
        """Nothing is shown."""

    async def remind(self, reminder: Reminder) -> None:
        """Nobody is reminded."""
