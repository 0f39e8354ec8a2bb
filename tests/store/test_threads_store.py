"""A server's choice of opening its new tables in threads: no until its admins say so, kept per
server."""

from __future__ import annotations

from bot.store import Store


async def test_tables_open_in_threads_only_where_chosen(store: Store):
    assert not await store.threads.in_threads(1)
    await store.threads.set_in_threads(1, True)
    assert await store.threads.in_threads(1)
    assert not await store.threads.in_threads(2)
    await store.threads.set_in_threads(1, False)
    assert not await store.threads.in_threads(1)
