"""What a person asks for themselves, whatever table they sit at: their settings, and to be
forgotten.

Forgetting someone reaches into every table this process holds, so this area builds on the
lobby's: they leave each one as if they had left it, and the tables are then read back under
their pseudonym, so the games they were in finish without them. Their settings are read through
:class:`~bot.service.people.People`, a short-lived cache.
"""

from __future__ import annotations

from typing import Any

from bot.errors import UserFacingError
from bot.service.finding import FindingTables
from bot.service.lobby_actions import LobbyActions
from bot.service.publishing import Pending
from bot.stats.forgetting import forget_person
from bot.store import Forgotten, UserPreferences


class PersonalRequests(FindingTables, LobbyActions):
    """A person's settings, and forgetting them."""

    async def forget_person(self, user_id: int) -> Forgotten:
        """Forget a person who asks for it (:func:`bot.stats.forgetting.forget_person`).

        They first leave every table this process holds, as if they had left each one (a
        game going on keeps their seat, away, for the computer to play); the tables are then
        read back under the pseudonym, so the games they were in finish without them. A table
        of another process cannot be changed from here: while they sit at one, they are asked
        to leave it first."""
        elsewhere = [
            table_id
            for table_id in await self.store.people.open_tables(user_id)
            if not self.holds(table_id)
        ]
        if elsewhere:
            raise UserFacingError("errors.forget_seated_elsewhere")
        await self._leave_tables(user_id)
        forgotten = await forget_person(self.store, user_id)
        for table_id in forgotten.open_tables:
            table = self.registry.get(table_id)
            if table is None:
                continue
            async with table.lock:
                table.seat_requests.discard(user_id)
                table.reseat(await self.store.tables.seats(table_id))
                record = await self.store.tables.get(table_id)
                if record is not None:
                    table.record = record
                update = self._seats_changed(table)
            self._publisher.publish(table, Pending(update))
        self.people.forget(user_id)
        return forgotten

    async def settings(self, user_id: int) -> UserPreferences:
        return await self.people.settings(user_id)

    async def change_settings(self, user_id: int, **changes: Any) -> UserPreferences:
        """Store the person's new settings; the next hand they are shown follows them."""
        return await self.people.change(user_id, **changes)
