"""Where the table service sends what must be shown: the Discord layer, or the offline demo.

The service decides what to show and words it; an outbox only shows it, each method one kind
of message. The service's publisher calls it in each table's order, and never waits on it with
a table's lock held. An outbox that finds a table's channel gone says so by raising
:class:`ChannelGone` (the outbox knows nothing of the service: the service hears it from the
calls it made), and the service closes that table without a word.
"""

from __future__ import annotations

from typing import Protocol

from bot.service.shown import (
    Announcement,
    HandDelivery,
    HandPlace,
    HandShown,
    Reminder,
    TableShown,
)


class ChannelGone(Exception):
    """The channel is no longer there for the bot: deleted, in a server that removed the bot,
    or one the bot may no longer see or post in. Raised by :meth:`Outbox.show_table` and
    :meth:`Outbox.announce`."""

    def __init__(self, channel_id: int) -> None:
        super().__init__(f"channel {channel_id} is gone")
        self.channel_id = channel_id


class Outbox(Protocol):
    #: How a person is written so that the message can notify them (``{}`` is their user id):
    #: the table's text names the person to act this way.
    mention_format: str

    async def show_table(self, shown: TableShown) -> int | None:
        """Show the table message (edited in place, or posted anew); the id of the message
        that shows it now. :class:`ChannelGone` when its channel is."""
        ...

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        """Post a new message in the channel; :class:`ChannelGone` when the channel is."""
        ...

    async def close_table(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        """The table closed: its message keeps its last state, without buttons."""
        ...

    async def archive_thread(self, channel_id: int) -> None:
        """The table of a thread opened for it closed: the thread is archived."""
        ...

    async def show_hand(self, delivery: HandDelivery) -> HandShown: ...

    async def retire_hand(self, place: HandPlace, text: str) -> None:
        """A hand message that another one replaced: ``text`` says where the hand is now."""
        ...

    async def retire_other_dms(self, user_id: int, table_id: int, current: int, text: str) -> None:
        """Every DM of the table's hand to the player that still offers moves, but the
        ``current`` one: ``text`` says where the hand is now."""
        ...

    async def original_response(self, place: HandPlace) -> int | None:
        """The message that answered the interaction of ``place``'s token (a private hand sent
        as a process stopped, its place never stored): None when it never answered, or its
        token is over."""
        ...

    async def tell(
        self, user_id: int, channel_id: int, text: str, beside: HandPlace | None
    ) -> bool:
        """Tell the player something they must know, by the way Discord accepts now: beside
        their private hand message (``beside``, whose interaction still lives) where only they
        see it, else in the table's channel, naming them. False when neither went out."""
        ...

    async def remind(self, reminder: Reminder) -> None: ...


class NoOutbox:
    """An outbox that shows nothing: for tools that only need the games played and stored
    (benchmarks, a process without Discord)."""

    mention_format = "{}"

    async def show_table(self, shown: TableShown) -> int | None:
        return shown.table.message_id

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        """Nothing is shown."""

    async def close_table(self, table_id: int, channel_id: int, message_id: int | None) -> None:
        """Nothing is shown."""

    async def archive_thread(self, channel_id: int) -> None:
        """Nothing is shown."""

    async def show_hand(self, delivery: HandDelivery) -> HandShown:
        return HandShown(delivery.place)

    async def retire_hand(self, place: HandPlace, text: str) -> None:
        """Nothing is shown."""

    async def original_response(self, place: HandPlace) -> int | None:
        return None

    async def retire_other_dms(self, user_id: int, table_id: int, current: int, text: str) -> None:
        """Nothing is shown."""

    async def tell(
        self, user_id: int, channel_id: int, text: str, beside: HandPlace | None
    ) -> bool:
        return False

    async def remind(self, reminder: Reminder) -> None:
        """Nobody is reminded."""
