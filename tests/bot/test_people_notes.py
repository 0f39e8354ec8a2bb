"""What a person must still be told is looked up in the store only when it may have changed: a
note made through this process is told with the very next hand, one made through another
process (another `People` over the same store) once ``SETTINGS_KEPT`` has passed, and someone
with nothing to be told is not looked up again meanwhile."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import t
from bot.people import SETTINGS_KEPT, People
from bot.store import Store

USER = 42
DM_CLOSED = "errors.dm_closed"


class Clock:
    """The time the people's records are kept by, moved on by the test."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_a_note_made_here_is_told_at_once_and_one_made_elsewhere_within_the_minute(
    store: Store,
) -> None:
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    clock = Clock()
    here, elsewhere = People(store, clock), People(store, clock)
    assert await here.notes(USER, None) == ((), ())

    await elsewhere.note(table.id, USER, DM_CLOSED)
    assert await here.notes(USER, None) == ((), ()), "nothing to tell, found a moment ago"
    clock.now += SETTINGS_KEPT
    told, noted = await here.notes(USER, None)
    assert told == (t(DM_CLOSED, None),)
    await here.told(USER, noted)
    assert await here.notes(USER, None) == ((), ())

    await here.note(table.id, USER, DM_CLOSED)
    told, noted = await here.notes(USER, None)
    assert told == (t(DM_CLOSED, None),), "a note made here is told with the very next hand"
    assert await elsewhere.notes(USER, "fr") == ((t(DM_CLOSED, "fr"),), noted)


async def test_a_note_made_while_the_store_is_being_looked_at_is_not_lost(store: Store) -> None:
    """A look at the store that began before a note was made may have missed it: finding
    nothing then is not kept, and the next hand tells the note."""
    table = await store.tables.create(guild_id=1, channel_id=2, creator_id=3, house_rules={})
    people = People(store, Clock())
    looked_at = store.shown.notes

    async def noted_meanwhile(user_id: int) -> list:
        found = await looked_at(user_id)
        await people.note(table.id, USER, DM_CLOSED)
        return found

    store.shown.notes = noted_meanwhile  # type: ignore[method-assign]
    assert await people.notes(USER, None) == ((), ())
    store.shown.notes = looked_at  # type: ignore[method-assign]
    told, _ = await people.notes(USER, None)
    assert told == (t(DM_CLOSED, None),)
