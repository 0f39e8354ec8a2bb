"""Plain, immutable records returned by the store.

They carry decoded values (JSON already parsed, times as aware UTC datetimes, flags as bool)
so callers never see SQL rows. JSON values (house rules, engine state, actions, bids) are
opaque to the store: whatever JSON-serialisable value goes in comes back out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

JSON = Any
"""Any value ``json.dumps`` accepts: the store never looks inside."""

TableStatus = Literal["open", "ended"]
GameStatus = Literal["playing", "finished", "abandoned"]
EndedGameStatus = Literal["finished", "abandoned"]
HandDelivery = Literal["ephemeral", "dm"]

HAND_DELIVERIES: tuple[HandDelivery, ...] = ("ephemeral", "dm")


@dataclass(frozen=True)
class TableRecord:
    """A table in one channel. Whether a game is running is ``games.active(table.id)``."""

    id: int
    guild_id: int
    channel_id: int
    creator_id: int
    house_rules: JSON
    language: str | None
    turn_timer: int | None
    """Seconds a player has for a move, or ``None`` when the timer is off."""
    status: TableStatus
    message_id: int | None
    """The public table message, edited in place as the game goes."""
    created_at: datetime
    ended_at: datetime | None
    closed_reason: str | None
    """Why the table closed, when its players did not close it (a channel that went away, a
    table nobody sat at, rows that could not be read)."""


@dataclass(frozen=True)
class UnreadableTableRecord:
    """An open table whose row cannot be read back (damaged, or edited by hand): its plain
    columns, enough to set it aside and say so in its channel, and what is wrong."""

    id: int
    guild_id: int
    channel_id: int
    language: str | None
    message_id: int | None
    problem: str


@dataclass(frozen=True)
class SeatRecord:
    """One occupied seat: a person (``user_id``) or a computer player (``computer_level``)."""

    table_id: int
    seat: int
    user_id: int | None
    computer_level: str | None
    display_name: str
    away: bool
    auto_moves: int
    """Automatic moves made in a row for this seat because its turn timer ran out."""

    @property
    def is_computer(self) -> bool:
        return self.computer_level is not None


@dataclass(frozen=True)
class GameRecord:
    id: int
    table_id: int
    guild_id: int
    seed: int
    rules: JSON
    player_count: int
    status: GameStatus
    started_at: datetime
    ended_at: datetime | None
    state: JSON | None
    """The engine's latest snapshot, taken after the first ``state_seq`` actions."""
    state_seq: int


@dataclass(frozen=True)
class ActionRecord:
    game_id: int
    seq: int
    """1 for the game's first action, then consecutive."""
    seat: int | None
    action: JSON
    created_at: datetime


@dataclass(frozen=True)
class FinishedHand:
    """A hand's result to store (see :meth:`~bot.store.games.GamesRepository.record_hand`)."""

    number: int
    dealer: int
    bids: JSON
    contract: int | None
    maker: int | None
    trump: str | None
    points: Sequence[int]
    score_change: Sequence[int]
    captured: JSON | None = None


@dataclass(frozen=True)
class HandRecord:
    """A finished hand. ``points`` and ``score_change`` are indexed by side."""

    game_id: int
    number: int
    dealer: int
    bids: JSON
    contract: int | None
    maker: int | None
    trump: str | None
    points: tuple[int, ...]
    score_change: tuple[int, ...]
    finished_at: datetime
    captured: JSON | None = None
    """Which side captured each scoring card, ``[[kind, side or None], ...]`` (the engine's
    ``HandResult.captured`` as plain JSON), or ``None`` when it was not recorded."""


@dataclass(frozen=True)
class ResultPlayer:
    """A seat's part in a result; the input and output of ``games.finish``."""

    seat: int
    side: int
    display_name: str
    won: bool
    user_id: int | None = None
    computer_level: str | None = None
    #: The person a stand-in computer player played for (away when the game ended).
    stand_in_for: int | None = None


@dataclass(frozen=True)
class GameEnd:
    """How a game ended, to store with the action that ended it (see
    :meth:`~bot.store.games.GamesRepository.append_action`): ``winners`` are side numbers,
    ``final_scores`` one entry per side."""

    status: EndedGameStatus
    winners: Sequence[int]
    final_scores: Sequence[int]
    players: Sequence[ResultPlayer]


@dataclass(frozen=True)
class ResultRecord:
    game_id: int
    guild_id: int
    status: EndedGameStatus
    winners: tuple[int, ...]
    """Winning sides (empty for an abandoned game without a winner)."""
    final_scores: tuple[int, ...]
    ended_at: datetime
    players: tuple[ResultPlayer, ...]


@dataclass(frozen=True)
class UserPreferences:
    user_id: int
    hand_delivery: HandDelivery = "ephemeral"
    dm_failed: bool = False
    """Discord refused a DM to this user (error 50007); hands go ephemeral until reset."""
    hidden_from_boards: bool = False
    locale: str | None = None
    """A language the user chose, overriding their Discord client's."""
    turn_dm: bool = False
    """Also tell the user by direct message when their turn starts."""
    four_colour: bool = False
    """Draw the user's own hand with the four-colour deck (blue diamonds, green clubs)."""

    @property
    def wants_dm(self) -> bool:
        """True when hands should be sent by DM: asked for, and not refused by Discord."""
        return self.hand_delivery == "dm" and not self.dm_failed


HandMessageKind = Literal["dm", "private"]


@dataclass(frozen=True)
class HandBeingSent:
    """A private hand being sent in a channel as the response to the interaction of ``token``,
    whose message is not known yet: that interaction's webhook reaches the response until
    ``editable_until``."""

    user_id: int
    token: str
    application_id: int
    editable_until: datetime
    locale: str | None = None


@dataclass(frozen=True)
class PendingNote:
    """Something a person must still be told with their next hand: a catalogue ``key``, noted
    at a table. ``noted_at`` is kept as stored, so that the note shown is the one deleted and a
    newer one noted meanwhile stays."""

    table_id: int
    key: str
    noted_at: str


@dataclass(frozen=True)
class HandMessageRecord:
    """Where a person's live hand message is at a table: a DM (``dm_channel_id``) or a private
    message in the channel, edited through its interaction's ``token`` until
    ``editable_until``; ``game_id`` and ``hand_number`` say which hand it shows."""

    user_id: int
    kind: HandMessageKind
    message_id: int
    dm_channel_id: int | None = None
    application_id: int | None = None
    token: str | None = None
    editable_until: datetime | None = None
    locale: str | None = None
    game_id: int | None = None
    hand_number: int | None = None
