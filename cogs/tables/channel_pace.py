"""How the table message is shown, with what is left of Discord's limits in its channel.

Discord lets a bot post 5 messages and edit 5 in a channel every 5 seconds (deletes have a
budget of their own, 5 a second). discord.py paces itself by the headers: a call that finds its
bucket spent waits for the window to reset. So the table is shown from whichever budget is left
where it shows soonest: when the edits are spent, the table is posted anew (and the old message
deleted) instead of waiting to be edited; when the posts are spent, a table that notifies nobody
is edited in place instead of waiting to be posted anew. A ping still needs a new message.

``ChannelPace`` counts what the bot spent in each channel; ``plan`` decides, from a showing and
those counts, which calls show the table. Both are plain, so the benchmark of a busy channel
(``scripts/bench_channel_pace.py``) takes the very same decisions as the bot.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

#: Discord's per-channel message limits: calls per window, and the window in seconds.
SENDS = EDITS = 5
WINDOW = 5.0


@dataclass(frozen=True, slots=True)
class Plan:
    """The calls that show the table: edit it in place, or post it anew and take the old one
    away (deleted, or shrunk to a bare line where it notified someone)."""

    edit: bool
    #: The old message notified someone: it loses its mention, picture and buttons, and stays.
    unmention_old: bool = False


class ChannelPace:
    """The posts and edits the bot made lately in each channel."""

    def __init__(self) -> None:
        self._calls: dict[tuple[int, str], deque[float]] = {}

    def spent(self, channel_id: int, kind: str, now: float) -> None:
        """A post (``"send"``) or an edit (``"edit"``) just went out in the channel."""
        calls = self._calls.setdefault((channel_id, kind), deque())
        calls.append(now)
        self._forget_before(calls, now)

    def left(self, channel_id: int, kind: str, now: float) -> bool:
        """Whether one more call of that kind would go out without waiting."""
        calls = self._calls.get((channel_id, kind))
        if calls is None:
            return True
        self._forget_before(calls, now)
        if not calls:
            del self._calls[(channel_id, kind)]
            return True
        return len(calls) < (SENDS if kind == "send" else EDITS)

    def forget(self, channel_id: int) -> None:
        """The channel's table closed."""
        for kind in ("send", "edit"):
            self._calls.pop((channel_id, kind), None)

    @staticmethod
    def _forget_before(calls: deque[float], now: float) -> None:
        while calls and now - calls[0] >= WINDOW:
            calls.popleft()


def plan(
    *,
    has_message: bool,
    wants_new: bool,
    notifies: bool,
    old_mentions: bool,
    may_edit_old: bool,
    edits_left: bool,
    sends_left: bool,
) -> Plan:
    """How to show the table: ``wants_new`` when it should come below everything (a new hand,
    ``/cinch table``), ``notifies`` when the message must notify the person to act."""
    if not has_message or notifies or not may_edit_old:
        return Plan(edit=False, unmention_old=old_mentions)
    if wants_new:
        # Below everything, unless the posts are spent and the edits are not.
        return Plan(edit=not sends_left and edits_left, unmention_old=old_mentions)
    if not edits_left and sends_left and not old_mentions:
        return Plan(edit=False)  # the edits are spent: post anew from the posts
    return Plan(edit=True)
