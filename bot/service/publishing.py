"""Handing what a change should show to the outbox: pictures drawn, delivered in order.

A change is decided under the table's lock, but its pictures are drawn and its messages sent
afterwards, in a background task, so the next click is not kept waiting. The table's
``publishing`` lock keeps those deliveries in the order the changes happened.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from bot.service.drawing import Drawing
from bot.service.table import Table
from bot.service.tasks import BackgroundTasks
from bot.service.updates import Announcement, Outbox, Update

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PendingAnnouncement:
    """An announcement whose picture (if any) is still to be drawn from ``scene``."""

    text: str
    scene: Any = None
    render: Callable[[Any], bytes] | None = None
    filename: str | None = None
    hand: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Pending:
    """An update and its announcements, before their pictures are drawn."""

    update: Update
    announcements: tuple[PendingAnnouncement, ...] = ()


class Publisher:
    """Draws a pending update's pictures and delivers it to the outbox, in the background."""

    def __init__(self, outbox: Outbox, draw: Drawing, tasks: BackgroundTasks) -> None:
        self._outbox = outbox
        self._draw = draw
        self._tasks = tasks

    def publish(self, table: Table, pending: Pending) -> None:
        self._tasks.spawn(self._deliver(table, pending))

    async def _deliver(self, table: Table, pending: Pending) -> None:
        async with table.publishing:
            announcements = []
            for item in pending.announcements:
                picture = None
                if item.render is not None:
                    picture = await self._draw(item.render, item.scene)
                announcements.append(Announcement(item.text, picture, item.filename, item.hand))
            await self._outbox.deliver(replace(pending.update, announcements=tuple(announcements)))
