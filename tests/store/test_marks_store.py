"""What the bot remembers about itself: a mark replaced, and a mark kept from its first value
(the secret the daily deals are dealt from must never change once chosen)."""

from __future__ import annotations

import asyncio

from bot.store import Store


async def test_a_mark_is_replaced_by_the_next_value(store: Store):
    assert await store.marks.get("commands") is None
    await store.marks.put("commands", "a")
    await store.marks.put("commands", "b")
    assert await store.marks.get("commands") == "b"


async def test_the_first_value_kept_stays_whoever_asks_next(store: Store):
    first, second = await asyncio.gather(
        store.marks.keep_first("secret", "one"), store.marks.keep_first("secret", "two")
    )
    assert first == second and first in ("one", "two")
    assert await store.marks.keep_first("secret", "three") == first
    assert await store.marks.get("secret") == first
