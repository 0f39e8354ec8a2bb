"""Opening tables stays within the server's limits, and a refusal says so in one line; the
limits and where new tables open are what the server's admins chose, within the bot's."""

from __future__ import annotations

import pytest

from bot.errors import OptionRefused, UserFacingError
from bot.service import CountedError, ServerTables, TableOptions, TableService
from bot.store import Store
from bot.store.limits import (
    DEFAULT_TABLES_PER_MEMBER,
    DEFAULT_TABLES_PER_SERVER,
    MAX_TABLES_PER_MEMBER,
    MAX_TABLES_PER_SERVER,
)
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


async def test_the_limits_an_admin_chooses_are_the_ones_tables_open_under(service: TableService):
    assert await service.server_tables(GUILD) == ServerTables(
        DEFAULT_TABLES_PER_MEMBER, DEFAULT_TABLES_PER_SERVER, in_threads=False
    )
    chosen = await service.change_server_tables(GUILD, per_server=1, in_threads=True)
    assert chosen == ServerTables(DEFAULT_TABLES_PER_MEMBER, 1, in_threads=True)
    assert await service.opens_in_threads(GUILD)
    await open_in(service, 100)
    with pytest.raises(CountedError):
        await open_in(service, 101, creator=BOB)

    unchanged = await service.change_server_tables(GUILD, in_threads=False)
    assert unchanged == ServerTables(DEFAULT_TABLES_PER_MEMBER, 1, in_threads=False)


@pytest.mark.parametrize("option", ["per_member", "per_server"])
async def test_a_limit_past_what_the_bot_allows_is_refused_and_nothing_changes(
    service: TableService, option: str
):
    most = {"per_member": MAX_TABLES_PER_MEMBER, "per_server": MAX_TABLES_PER_SERVER}[option]
    for refused in (0, most + 1):
        with pytest.raises(OptionRefused) as refusal:
            await service.change_server_tables(GUILD, in_threads=True, **{option: refused})
        assert refusal.value.option == f"cmd.cinch-server.limits.{option}.name"
    assert await service.server_tables(GUILD) == ServerTables(
        DEFAULT_TABLES_PER_MEMBER, DEFAULT_TABLES_PER_SERVER, in_threads=False
    )


async def test_a_tables_server_is_known_here_and_from_another_process_until_it_closes(
    service: TableService, store: Store, outbox
):
    table = await open_in(service, 100)
    elsewhere = TableService(store, outbox)
    try:
        assert await service.server_of(table.table_id) == GUILD
        assert await elsewhere.server_of(table.table_id) == GUILD
        await service.end(table.table_id, ALICE, can_manage=True)
        for asking in (service, elsewhere):
            with pytest.raises(UserFacingError) as refusal:
                await asking.server_of(table.table_id)
            assert refusal.value.key == "errors.table_closed"
        with pytest.raises(UserFacingError):
            await service.server_of(table.table_id + 1)
    finally:
        await elsewhere.close()
