"""Each server's limits on open tables: per member and in all, checked as a table opens."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from bot.store import ServerLimits, Store, TableExistsError, TableLimitError
from bot.store.limits import (
    DEFAULT_TABLES_PER_MEMBER,
    DEFAULT_TABLES_PER_SERVER,
    MAX_TABLES_PER_MEMBER,
)

GUILD, OTHER_GUILD, ALICE, BOB, CAROL = 10, 11, 1001, 1002, 1003
_channels = itertools.count(100)


async def open_table(store: Store, creator: int, guild: int = GUILD, channel: int | None = None):
    return await store.tables.create(
        guild_id=guild,
        channel_id=next(_channels) if channel is None else channel,
        creator_id=creator,
        house_rules={},
        limits=await store.limits.get(guild),
    )


async def test_a_server_without_a_choice_has_the_defaults(store: Store):
    assert await store.limits.get(GUILD) == ServerLimits(
        GUILD, DEFAULT_TABLES_PER_MEMBER, DEFAULT_TABLES_PER_SERVER
    )


async def test_a_member_opens_tables_up_to_the_limit_and_ending_one_makes_room(store: Store):
    opened = [await open_table(store, ALICE) for _ in range(DEFAULT_TABLES_PER_MEMBER)]
    with pytest.raises(TableLimitError) as refused:
        await open_table(store, ALICE)
    assert (refused.value.per_member, refused.value.limit) == (True, DEFAULT_TABLES_PER_MEMBER)
    assert len(await store.tables.list_open()) == DEFAULT_TABLES_PER_MEMBER, "nothing was added"
    await open_table(store, BOB)  # another member
    await open_table(store, ALICE, guild=OTHER_GUILD)  # another server
    await store.tables.end(opened[0].id)
    await open_table(store, ALICE)


async def test_a_server_limit_counts_everyone_and_its_admins_change_both(store: Store):
    limits = await store.limits.update(GUILD, tables_per_server=2, tables_per_member=5)
    assert (limits.tables_per_member, limits.tables_per_server) == (5, 2)
    await open_table(store, ALICE)
    await open_table(store, BOB)
    with pytest.raises(TableLimitError) as refused:
        await open_table(store, CAROL)
    assert (refused.value.per_member, refused.value.limit) == (False, 2)
    back = await store.limits.update(GUILD, tables_per_server=None)
    assert back.tables_per_server == DEFAULT_TABLES_PER_SERVER and back.tables_per_member == 5
    await open_table(store, CAROL)


async def test_a_channel_with_a_table_says_so_before_any_limit(store: Store):
    await store.limits.update(GUILD, tables_per_member=1)
    first = await open_table(store, ALICE, channel=7)
    with pytest.raises(TableExistsError) as refused:
        await open_table(store, ALICE, channel=7)
    assert refused.value.table.id == first.id


async def test_tables_opened_together_cannot_both_slip_under_the_limit(store: Store):
    await store.limits.update(GUILD, tables_per_member=1)
    outcomes = await asyncio.gather(
        *(open_table(store, ALICE) for _ in range(4)), return_exceptions=True
    )
    assert sum(not isinstance(outcome, BaseException) for outcome in outcomes) == 1
    assert all(
        isinstance(outcome, TableLimitError)
        for outcome in outcomes
        if isinstance(outcome, BaseException)
    )


async def test_limits_stay_within_what_the_bot_allows(store: Store):
    with pytest.raises(ValueError):
        await store.limits.update(GUILD, tables_per_member=MAX_TABLES_PER_MEMBER + 1)
    with pytest.raises(ValueError):
        await store.limits.update(GUILD, tables_per_server=0)
    assert await store.limits.get(GUILD) == ServerLimits(GUILD)
