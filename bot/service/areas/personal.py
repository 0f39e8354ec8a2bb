"""What a person asks for themselves, whatever table they sit at: to be forgotten.

Forgetting someone reaches into every table this process holds, so this area builds on the
lobby's: they leave each one as if they had left it, and the tables are then read back under
their pseudonym, so the games they were in finish without them. The request is answered at
once: it is kept in the store, and the forgetting itself (every row about them, every board
that counted them: seconds on a large server) is done in the background, one person after the
other, in small transactions (:mod:`bot.stats.forgetting`), and carried on after a restart
(:meth:`PersonalRequests.resume_forgetting`). Their settings are the people's
(:class:`~bot.people.People`), whose short-lived cache forgets them too.
"""

from __future__ import annotations

import logging

from bot.errors import UserFacingError
from bot.service.areas.finding import FindingTables
from bot.service.areas.lobby_actions import LobbyActions
from bot.service.showing.publishing import Pending
from bot.stats.forgetting import ask_to_forget, forget_person
from bot.store import Forgotten

log = logging.getLogger(__name__)


class PersonalRequests(FindingTables, LobbyActions):
    """Forgetting a person."""

    async def forget_person(self, user_id: int) -> None:
        """Forget a person who asks for it: answered at once, done in the background (see
        the module's docstring). A request already under way is not made again.

        They first leave every table this process holds, as if they had left each one (a
        game going on keeps their seat, away, for the computer to play). A table of another
        process cannot be changed from here: while they sit at one, they are asked to leave
        it first."""
        elsewhere = [
            table_id
            for table_id in await self.store.people.open_tables(user_id)
            if not self.holds(table_id)
        ]
        if elsewhere:
            raise UserFacingError("errors.forget_seated_elsewhere")
        await self._leave_tables(user_id)
        await ask_to_forget(self.store, user_id)
        self.people.forget(user_id)
        self.resume_forgetting()

    def resume_forgetting(self) -> None:
        """Forget, in the background, everyone whose request is not done yet (at a start:
        those a stop cut short)."""
        if self._forgetting is not None and not self._forgetting.done():
            self._forget_again = True
            return
        self._forgetting = self._tasks.spawn(self._forget_pending())

    async def _forget_pending(self) -> None:
        """One person after the other, until nobody is left; a failure stops here, logged,
        and the requests stay for the next start or request."""
        self._forget_again = True
        while self._forget_again:
            self._forget_again = False
            for user_id in await self.store.people.pending_forgets():
                try:
                    forgotten = await forget_person(self.store, user_id)
                except Exception:
                    log.exception("Forgetting user %s failed; it is tried again later", user_id)
                    return
                await self._reseat_forgotten(user_id, forgotten)

    async def _reseat_forgotten(self, user_id: int, forgotten: Forgotten) -> None:
        """The open tables that seated them are read back under the pseudonym."""
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
