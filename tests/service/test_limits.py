"""Opening tables stays within the server's limits, and a refusal says so in one line."""

from __future__ import annotations

import pytest

from bot.service import CountedError, TableOptions, TableService
from bot.store import Store
from bot.store.limits import DEFAULT_TABLES_PER_MEMBER
from tests.service.tables import ALICE, BOB, GUILD


async def open_in(service: TableService, channel: int, creator=ALICE):
    return await service.open_table(
        guild_id=GUILD,
        channel_id=channel,
        creator=creator,
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )


@pytest.mark.slow
async def test_one_member_opening_table_after_table_is_stopped_in_one_line(
    service: TableService, store: Store
):
    for channel in range(DEFAULT_TABLES_PER_MEMBER):
        await open_in(service, 100 + channel)
    with pytest.raises(CountedError) as refused:
        await open_in(service, 200)
    assert refused.value.key == "errors.tables_per_member"
    assert refused.value.message("en") == (
        f"You already have {DEFAULT_TABLES_PER_MEMBER} open tables in this server, which is the"
        " limit here: end one with /cinch end before opening another."
    )
    assert service.registry.find_in_channel(200) is None
    await open_in(service, 200, creator=BOB)
    await store.limits.update(GUILD, tables_per_member=DEFAULT_TABLES_PER_MEMBER + 1)
    await open_in(service, 300)


async def test_a_server_at_its_limit_refuses_everyone(service: TableService, store: Store):
    await store.limits.update(GUILD, tables_per_server=1)
    await open_in(service, 100)
    with pytest.raises(CountedError) as refused:
        await open_in(service, 101, creator=BOB)
    assert refused.value.key == "errors.tables_per_server"
    assert refused.value.message("en").startswith("This server already has 1 open table, its limit")
