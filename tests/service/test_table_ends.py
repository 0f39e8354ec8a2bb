"""Every table ends: a lobby nobody touches, a game only computer players are left at, a table
whose channel or server went away, and a game whose players never bid."""

from __future__ import annotations

import random

import pytest

from bot.engine import AllPass, HouseRules
from bot.i18n import t
from bot.service import Announcement, ChannelGone, TableOptions, TableService, TableShown
from bot.service.areas.automation import LOBBY_LIFETIME, UNATTENDED_HANDS
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    CHANNEL,
    GUILD,
    ManualClock,
    RecordingOutbox,
    open_table,
    play_until,
)


class GoneOutbox(RecordingOutbox):
    """An outbox for which some channels are gone, as Discord would answer for a deleted
    channel: showing anything there raises :class:`ChannelGone`."""

    def __init__(self) -> None:
        super().__init__()
        self.gone: set[int] = set()
        self.tried: list[int] = []

    async def show_table(self, shown: TableShown) -> int | None:
        self.tried.append(shown.table.channel_id)
        if shown.table.channel_id in self.gone:
            raise ChannelGone(shown.table.channel_id)
        return await super().show_table(shown)

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        self.tried.append(channel_id)
        if channel_id in self.gone:
            raise ChannelGone(channel_id)
        await super().announce(channel_id, announcement)


@pytest.fixture
def outbox() -> GoneOutbox:
    return GoneOutbox()


async def computers_only(
    service: TableService, *, options: TableOptions | None = None, level: str = "easy"
) -> int:
    """Alice opens a table, leaves its lobby to computer players, and starts their game."""
    table_id = await open_table(service, options=options or TableOptions(computer_pause=0.0))
    await service.leave(table_id, ALICE.user_id)
    table = service.registry.table(table_id)
    for _ in table.free_seats():
        await service.add_computer(table_id, ALICE.user_id, level=level)
    await service.start(table_id, ALICE)
    return table_id


def closed(service: TableService, table_id: int) -> bool:
    return not service.holds(table_id)


# ------------------------------------------------------------------ lobbies


@pytest.mark.slow
async def test_a_lobby_never_touched_after_it_opened_expires(service, clock, outbox, store):
    table_id = await open_table(service)
    await clock.advance(service, LOBBY_LIFETIME - 1)
    assert service.holds(table_id)
    await clock.advance(service, 1)
    assert closed(service, table_id)
    assert outbox.announcements() == [t("text.lobby_expired", "en", minutes=30)]
    assert (await store.tables.get(table_id)).closed_reason == "lobby expired"


@pytest.mark.slow
async def test_a_lobby_expires_after_a_restart_too(service, clock, store):
    table_id = await open_table(service)
    await service.close()
    again = TableService(store, RecordingOutbox(), sleep=clock.sleep)
    try:
        await again.restore()
        assert again.holds(table_id)
        await clock.advance(again, LOBBY_LIFETIME)
        assert closed(again, table_id)
        assert await store.tables.open_in_channel(CHANNEL) is None
    finally:
        await again.close()


# ------------------------------------------------------------------ computer players alone


@pytest.mark.slow
@pytest.mark.one_engine
async def test_a_game_of_computer_players_alone_ends_after_a_bounded_number_of_hands(
    service, clock, outbox, store
):
    options = TableOptions(rules=HouseRules(target_score=1000), computer_pause=0.0)
    table_id = await computers_only(service, options=options)
    table = service.registry.table(table_id)
    game_id = table.game_id
    game = table.game
    await play_until(service, clock, table_id, lambda table: table.closed, limit=20_000)
    assert game.hand_number == UNATTENDED_HANDS + 1
    assert outbox.announcements()[-1] == t("text.unattended", "en", hands=UNATTENDED_HANDS)
    assert (await store.games.get(game_id)).status == "abandoned"
    record = await store.tables.get(table_id)
    assert record.status == "ended" and record.closed_reason == "only computer players"


async def test_a_person_seated_or_an_unattended_table_counts_no_hand_alone(service):
    """Hands dealt with nobody seated are counted only while nobody is, and never at a table
    whose options let it play unattended (the offline demo's)."""
    table = service.registry.table(await open_table(service))
    assert [table.hand_dealt() for _ in range(2)] == [0, 0]
    await service.leave(table.id, ALICE.user_id)
    assert [table.hand_dealt() for _ in range(2)] == [1, 2]
    await service.join(table.id, BOB)
    assert table.hand_dealt() == 0
    demo = await service.open_table(
        guild_id=GUILD,
        channel_id=CHANNEL + 1,
        creator=BOB,
        options=TableOptions(unattended=True),
        language="en",
        turn_timer=None,
    )
    unattended = service.registry.table(demo.table_id)
    await service.leave(demo.table_id, BOB.user_id)
    assert [unattended.hand_dealt() for _ in range(2)] == [0, 0]


@pytest.mark.slow
async def test_computer_players_who_never_bid_still_play_hands(service, clock, store):
    """The minimum bid at 14 with a redeal when everyone passes: the redeals in a row are
    bounded (rules B-3), so hands are played and scored."""
    rules = HouseRules(min_bid=14, all_pass=AllPass.REDEAL_NEXT_DEALER, target_score=1000)
    table_id = await computers_only(service, options=TableOptions(rules=rules))
    table = service.registry.table(table_id)
    game = table.game
    await play_until(service, clock, table_id, lambda table: len(game.history) >= 3)
    assert game.hand_number <= 4 * 3 + 1
    assert len(await store.games.hands(table.game_id)) == 3


# ------------------------------------------------------------------ places that went away


async def test_a_deleted_channel_closes_its_table_without_a_word(service, clock, outbox, store):
    table_id = await computers_only(service, options=TableOptions(computer_pause=1.0))
    game_id = service.registry.table(table_id).game_id
    await clock.advance(service, 3.0)
    tried = len(outbox.tried)
    await service.channel_gone(CHANNEL)
    await clock.advance(service, 60.0)
    assert closed(service, table_id)
    assert outbox.tried[tried:] == [] and table_id not in outbox.closed
    assert (await store.games.get(game_id)).status == "abandoned"
    assert (await store.tables.get(table_id)).closed_reason == "channel gone"


async def test_a_server_that_removed_the_bot_closes_its_tables(service, clock, store):
    table_id = await computers_only(service, options=TableOptions(computer_pause=1.0))
    elsewhere = await service.open_table(
        guild_id=GUILD + 1,
        channel_id=CHANNEL + 1,
        creator=BOB,
        options=TableOptions(),
        language="en",
        turn_timer=None,
    )
    await service.guild_gone(GUILD)
    assert closed(service, table_id) and service.holds(elsewhere.table_id)
    assert (await store.tables.get(table_id)).closed_reason == "server gone"


async def test_a_channel_discord_says_is_gone_closes_its_table(service, clock, outbox, store):
    """Deleted while the bot was not listening: Discord's answer when the table is shown is
    enough. The computer players stop dealing, and nothing more is sent there."""
    table_id = await computers_only(service, options=TableOptions(computer_pause=1.0))
    game_id = service.registry.table(table_id).game_id
    outbox.gone.add(CHANNEL)
    await clock.advance(service, 60.0)
    assert closed(service, table_id)
    actions = len(await store.games.actions(game_id))
    tried = len(outbox.tried)
    await clock.advance(service, 600.0)
    assert len(await store.games.actions(game_id)) == actions
    assert outbox.tried[tried:] == []
    assert (await store.games.get(game_id)).status == "abandoned"


async def test_a_table_in_a_channel_gone_while_the_bot_was_away_does_not_come_back(
    service, clock, store: Store
):
    table_id = await computers_only(service, options=TableOptions(computer_pause=5.0))
    await service.close()
    outbox = GoneOutbox()
    outbox.gone.add(CHANNEL)
    again = TableService(store, outbox, random_source=random.Random(2), sleep=clock.sleep)
    try:
        await again.restore()
        again.show_restored_tables()
        await clock.advance(again, 1.0)
        assert closed(again, table_id)
        assert (await store.tables.get(table_id)).closed_reason == "channel gone"
    finally:
        await again.close()
    last = TableService(store, RecordingOutbox(), sleep=ManualClock().sleep)
    try:
        assert await last.restore() == 0
    finally:
        await last.close()
