"""Seats that move on their own: computer players after a pause, and people whose turn timer
ran out (the timer reminds them half-way); and the end of tables nobody plays at any more.

Each table has at most one such task waiting. Every change to a table bumps its ``version``;
a move decided while the table changed underneath is dropped, because it was decided for a
state that no longer exists.

Every table ends on its own when nobody is there: a lobby after `LOBBY_LIFETIME` without a
change (from the moment it opens, or the bot restarts), a game after `ABANDON_AFTER` people's
turns in a row played for them, and a game with no person seated at all, only computer
players, after `UNATTENDED_HANDS` hands (unless its options say it plays unattended, as the
offline demo's table does).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Protocol

from bot.ai.pool import DecisionPool, decision_seed
from bot.engine import Action
from bot.i18n import t
from bot.presentation.user_text import in_message
from bot.service.outbox import Outbox
from bot.service.refusals import OutOfDate
from bot.service.showing.publishing import Pending, PendingAnnouncement, Publisher
from bot.service.shown import Reminder
from bot.service.tables.table import Table
from bot.service.tasks import BackgroundTasks
from bot.store import SeatRecord

Sleep = Callable[[float], Awaitable[None]]

#: The level that plays for a person whose timer ran out, or who is away.
STAND_IN_LEVEL = "normal"


#: People's turns played for them in a row after which nobody is taken to be playing any more
#: and the game ends as abandoned: long enough for someone to take an away seat by joining.
ABANDON_AFTER = 12
#: Seconds a lobby waits without any change before it closes.
LOBBY_LIFETIME = 30 * 60
#: Hands played in a row with only computer players seated after which the game ends as
#: abandoned: above the 4 to 15 hands of a usual game to 51 between computer players, so one
#: followed from the channel is seen to its end, but no table plays for ever on its own.
UNATTENDED_HANDS = 30

#: Why a table closed on its own, as the store keeps it.
LOBBY_EXPIRED, ABANDONED, UNATTENDED = "lobby expired", "abandoned", "only computer players"


class ApplyAction(Protocol):
    """Applies and stores an action with the table's lock held, and says what to show."""

    async def __call__(
        self, table: Table, seat: int, action: Action, *, timed_out: bool
    ) -> Pending: ...


class CloseTable(Protocol):
    """Closes the table with the table's lock held, saying why; what to show for it."""

    async def __call__(self, table: Table, text: str, *, reason: str | None = None) -> Pending: ...


class Automation:
    """Starts, after every change, the computer move or turn timer a table now needs."""

    def __init__(
        self,
        *,
        decisions: DecisionPool,
        apply: ApplyAction,
        close: CloseTable,
        publisher: Publisher,
        outbox: Outbox,
        tasks: BackgroundTasks,
        sleep: Sleep,
    ) -> None:
        self._decisions = decisions
        self._apply = apply
        self._close = close
        self._publisher = publisher
        self._outbox = outbox
        self._tasks = tasks
        self._sleep = sleep

    def cancel(self, table: Table) -> None:
        """Drop the table's waiting move or timer (unless it is the task calling this)."""
        task = table.automation
        table.automation = None
        if task is not None and not task.done() and task is not asyncio.current_task():
            task.cancel()

    def schedule(self, table: Table) -> None:
        """After a change: start the computer move or the turn timer the table now needs."""
        self.cancel(table)
        if table.closed:
            return
        game = table.game
        if game is None:
            table.automation = self._tasks.spawn(self._expire_lobby(table, table.version))
            return
        if game.to_act is None:
            return
        seat = game.to_act
        if table.is_automatic(seat):
            table.automation = self._tasks.spawn(self._move_after_pause(table, table.version))
        elif table.record.turn_timer:
            table.automation = self._tasks.spawn(
                self._turn_timer(table, table.version, table.record.turn_timer)
            )

    async def _expire_lobby(self, table: Table, version: int) -> None:
        """Close a lobby nobody has touched for `LOBBY_LIFETIME`, saying so."""
        await self._sleep(LOBBY_LIFETIME)
        async with table.lock:
            if table.version != version or table.game is not None:
                return
            text = t("text.lobby_expired", table.locale, minutes=LOBBY_LIFETIME // 60)
            closing = await self._close(table, text, reason=LOBBY_EXPIRED)
        self._publisher.publish(table, closing)

    async def _move_after_pause(self, table: Table, version: int) -> None:
        await self._sleep(table.options.computer_pause)
        # Not before the channel has been shown the last move: a slow Discord slows the
        # computer players down instead of letting their updates pile up behind it.
        self._publisher.after_shown(table, lambda: self._move_now(table, version))

    def _move_now(self, table: Table, version: int) -> None:
        if table.version == version:  # else the table moved on and has what it needs now
            table.automation = self._tasks.spawn(
                self._automatic_move(table, version, timed_out=False)
            )

    async def _turn_timer(self, table: Table, version: int, seconds: int) -> None:
        first_half = seconds / 2
        await self._sleep(first_half)
        game = table.game
        user = table.user_at(game.to_act) if game is not None else None
        if table.version != version or user is None:
            return
        text = t(
            "text.reminder",
            table.locale,
            player=self._outbox.mention_format.format(user),
            seconds=round(seconds - first_half),
        )
        reminder = Reminder(table.id, table.channel_id, user, text)
        self._tasks.spawn(self._outbox.remind(reminder))
        await self._sleep(seconds - first_half)
        await self._automatic_move(table, version, timed_out=True)

    async def _automatic_move(self, table: Table, version: int, *, timed_out: bool) -> None:
        game = table.game
        if table.version != version or game is None or game.to_act is None:
            return
        seat = game.to_act
        record = table.seats[seat]
        level = record.computer_level or STAND_IN_LEVEL
        action = await self._decisions.decide(
            game.view(seat), level, decision_seed(game), table=table.id
        )
        closing = None
        async with table.lock:
            if table.version != version:
                return
            hand = game.hand_number
            try:
                pending = await self._apply(table, seat, action, timed_out=timed_out)
            except OutOfDate:
                return  # the table moved on, or closed, in another process: it was reloaded
            if table.closed:
                pass  # a table in a thread of its own closed with the game this move ended
            elif record.user_id is not None and table.played_for_a_person() >= ABANDON_AFTER:
                text = t("text.abandoned", table.locale)
                closing = await self._close(table, text, reason=ABANDONED)
            elif game.hand_number != hand and table.hand_dealt() >= UNATTENDED_HANDS:
                text = t("text.unattended", table.locale, hands=UNATTENDED_HANDS)
                closing = await self._close(table, text, reason=UNATTENDED)
        if timed_out:
            pending = replace(
                pending,
                announcements=(*pending.announcements, self._timed_out_note(table, seat, record)),
            )
        self._publisher.publish(table, pending)
        if closing is not None:
            self._publisher.publish(table, closing)

    @staticmethod
    def _timed_out_note(table: Table, seat: int, before: SeatRecord) -> PendingAnnouncement:
        """Say that the timer played for someone, and when they are now marked away."""
        name = in_message(before.display_name)
        if table.seats.get(seat, before).away and not before.away:
            return PendingAnnouncement(t("text.marked_away", table.locale, player=name))
        return PendingAnnouncement(t("text.played_for", table.locale, player=name))
