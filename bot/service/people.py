"""The people who use the bot, as the table service sees them: who they are, their settings,
and what they must still be told.

Every private hand is drawn in its player's language and deck, every turn ping follows their
wish for a DM, so a busy table reads the same few people's settings after every move. They are
kept here for a short while (``SETTINGS_KEPT``): a change made through this process shows at
once, one made through another process within that time.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.errors import OptionRefused
from bot.store import HAND_DELIVERIES, UNSET, Store, UserPreferences

#: How long settings read from the store are used before being read again.
SETTINGS_KEPT = timedelta(seconds=60)
#: People whose settings and notes are kept at most (the least recently used go first).
PEOPLE_KEPT = 10_000


@dataclass(frozen=True, slots=True)
class Person:
    """Someone using the bot, as Discord names them, and the language of their Discord (the
    one to answer them in unless they chose another)."""

    user_id: int
    name: str
    locale: str | None = None


class People:
    """Each person's settings, read through a short-lived cache, and notes to tell them once."""

    def __init__(self, store: Store, clock: Callable[[], datetime]) -> None:
        self._store = store
        self._clock = clock
        self._settings: OrderedDict[int, tuple[datetime, UserPreferences]] = OrderedDict()
        self._notes: OrderedDict[int, list[str]] = OrderedDict()

    async def settings(self, user_id: int) -> UserPreferences:
        """The person's settings (the defaults for someone who never changed them)."""
        kept = self._settings.get(user_id)
        now = self._clock()
        if kept is not None and now - kept[0] < SETTINGS_KEPT:
            self._settings.move_to_end(user_id)
            return kept[1]
        return self._keep(user_id, await self._store.preferences.get(user_id))

    async def change(self, user_id: int, **changes: Any) -> UserPreferences:
        """Store the given settings (``UNSET`` ones stay) and return them all; a way of showing
        hands the bot does not offer is refused."""
        delivery = changes.get("hand_delivery", UNSET)
        if delivery is not UNSET and delivery not in HAND_DELIVERIES:
            raise OptionRefused("errors.option_choice", "option.hand_delivery")
        return self._keep(user_id, await self._store.preferences.update(user_id, **changes))

    async def locale_for(self, person: Person) -> str | None:
        """The language to answer ``person`` in: their chosen one, else their Discord's."""
        return (await self.settings(person.user_id)).locale or person.locale

    def note(self, user_id: int, key: str) -> None:
        """Something (a catalogue key) to tell the person with their next hand."""
        self._notes.setdefault(user_id, []).append(key)
        self._notes.move_to_end(user_id)
        _bound(self._notes)

    def forget(self, user_id: int) -> None:
        """The person asked to be forgotten: nothing of theirs stays here either."""
        self._settings.pop(user_id, None)
        self._notes.pop(user_id, None)

    def take_notes(self, user_id: int) -> list[str]:
        """What the person must still be told, each once."""
        return self._notes.pop(user_id, [])

    def _keep(self, user_id: int, settings: UserPreferences) -> UserPreferences:
        self._settings[user_id] = (self._clock(), settings)
        self._settings.move_to_end(user_id)
        _bound(self._settings)
        return settings


def _bound(kept: OrderedDict[int, Any]) -> None:
    while len(kept) > PEOPLE_KEPT:
        kept.popitem(last=False)
