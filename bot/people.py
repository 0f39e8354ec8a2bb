"""The people who use the bot: who they are, their settings, and what they must still be told.

One :class:`People` per bot (``bot/factory.py``), shared by the table service, the daily deals
and the commands (``interaction.client.people``), so a change of settings shows at once to all.

Every private hand is drawn in its player's language and deck, every turn ping follows their
wish for a DM, so a busy table reads the same few people's settings after every move. They are
kept here for a short while (``SETTINGS_KEPT``): a change made through this process shows at
once, one made through another process within that time. What a person must still be told
is kept in the store until shown, so that a restart does not lose it; that someone has nothing
to be told (nearly always so) is kept like their settings, so that a hand shown does not ask
the store again: a note made through this process is told with the very next hand, one made
through another within ``SETTINGS_KEPT``.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from bot.errors import OptionRefused
from bot.i18n import t
from bot.store import HAND_DELIVERIES, UNSET, PendingNote, Store, UserPreferences

#: How long settings read from the store are used before being read again.
SETTINGS_KEPT = timedelta(seconds=60)
#: What may be noted for a person's next hand (the catalogue keys).
NOTES = frozenset({"errors.dm_closed"})
#: People whose settings are kept at most (the least recently used go first).
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
        #: People found with nothing to be told, and when.
        self._nothing_to_tell: OrderedDict[int, datetime] = OrderedDict()
        #: Notes made through this process so far: a look at the store that began before one
        #: was made may have missed it, so what it found is not kept.
        self._notes_made = 0

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

    async def note(self, table_id: int, user_id: int, key: str) -> None:
        """Something (one of ``NOTES``) to tell the person with their next hand."""
        if key not in NOTES:
            raise ValueError(f"{key!r} is not something noted for a next hand")
        await self._store.shown.note(table_id, user_id, key)
        self._notes_made += 1
        self._nothing_to_tell.pop(user_id, None)

    async def notes(
        self, user_id: int, locale: str | None
    ) -> tuple[tuple[str, ...], tuple[PendingNote, ...]]:
        """What the person must still be told, worded in ``locale``, and the stored notes it
        words (given back to :meth:`told` once shown). A stored note of a key never noted
        (a damaged row) is not worded, and is forgotten with the others."""
        found_nothing = self._nothing_to_tell.get(user_id)
        if found_nothing is not None and self._clock() - found_nothing < SETTINGS_KEPT:
            return (), ()
        notes_made = self._notes_made
        pending = tuple(await self._store.shown.notes(user_id))
        if not pending and notes_made == self._notes_made:
            _remember(self._nothing_to_tell, user_id, self._clock())
        return tuple(t(note.key, locale) for note in pending if note.key in NOTES), pending

    async def told(self, user_id: int, notes: tuple[PendingNote, ...]) -> None:
        """The person was shown ``notes``: none is told again."""
        await self._store.shown.told(user_id, notes)

    def forget(self, user_id: int) -> None:
        """The person asked to be forgotten: nothing of theirs stays here either."""
        self._settings.pop(user_id, None)
        self._nothing_to_tell.pop(user_id, None)

    def _keep(self, user_id: int, settings: UserPreferences) -> UserPreferences:
        _remember(self._settings, user_id, (self._clock(), settings))
        return settings


def _remember(kept: OrderedDict[int, Any], user_id: int, value: Any) -> None:
    """Keep ``value`` for ``user_id`` as the latest, forgetting the least recent beyond
    `PEOPLE_KEPT`."""
    kept[user_id] = value
    kept.move_to_end(user_id)
    while len(kept) > PEOPLE_KEPT:
        kept.popitem(last=False)
