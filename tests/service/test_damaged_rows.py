"""A table whose stored rows are damaged (edited by hand, or written by a version with a
mistake) is set aside on its own: closed, the reason stored, one ERROR line naming it, its
channel told once; every other table plays on. On SQLite and on PostgreSQL."""

from __future__ import annotations

import logging
import random
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest

from bot.engine import Pass
from bot.errors import UserFacingError
from bot.i18n import t
from bot.service import Announcement, TableOptions, TableService
from bot.store import Store
from tests.service.tables import (
    ALICE,
    CHANNEL,
    GUILD,
    ManualClock,
    RecordingOutbox,
    fill_with_computers,
    four_people,
    person_at,
)

pytestmark = pytest.mark.slow

DAMAGED_CHANNEL = 77


class ChannelOutbox(RecordingOutbox):
    """Records which channel each announcement went to."""

    def __init__(self) -> None:
        super().__init__()
        self.channels: list[int] = []

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        self.channels.append(channel_id)
        await super().announce(channel_id, announcement)


async def write(store: Store, sql: str, *params: Any) -> None:
    """Change stored rows behind the bot's back, as a hand edit would."""
    async with store.database.write() as tx:
        await tx.execute(sql, params)


async def computers_in(service: TableService, channel_id: int) -> tuple[int, int]:
    """A table of computer players in the channel, its game started: (table, game)."""
    facts = await service.open_table(
        guild_id=GUILD,
        channel_id=channel_id,
        creator=ALICE,
        options=TableOptions(),
        language="fr",
        turn_timer=None,
    )
    await service.leave(facts.table_id, ALICE.user_id)
    await fill_with_computers(service, facts.table_id)
    await service.start(facts.table_id, ALICE)
    game_id = service.registry.table(facts.table_id).game_id
    assert game_id is not None
    return facts.table_id, game_id


Damage = Callable[[Store, int, int], Awaitable[None]]
_OPTIONS = "UPDATE game_tables SET house_rules = ? WHERE id = ?"


async def options_of_five(store: Store, table_id: int, game_id: int) -> None:
    await write(store, _OPTIONS, '{"players": 5}', table_id)


async def options_not_json(store: Store, table_id: int, game_id: int) -> None:
    await write(store, _OPTIONS, "{players: 4", table_id)


async def pause_in_words(store: Store, table_id: int, game_id: int) -> None:
    await write(store, _OPTIONS, '{"computer_pause": "fast"}', table_id)


async def empty_state(store: Store, table_id: int, game_id: int) -> None:
    await write(store, "UPDATE games SET state = ? WHERE id = ?", "{}", game_id)


async def state_not_json(store: Store, table_id: int, game_id: int) -> None:
    await write(store, "UPDATE games SET state = ? WHERE id = ?", '{"format": 1,', game_id)


async def illegal_action(store: Store, table_id: int, game_id: int) -> None:
    """A bid of 99 stored after the snapshot, from a seat whose turn it is not either."""
    record = await store.games.get(game_id)
    assert record is not None
    to_act = record.state["to_act"]
    bid = {"type": "bid", "amount": 99}
    await store.games.append_action(game_id, bid, seat=(to_act + 1) % 4)


async def action_not_json(store: Store, table_id: int, game_id: int) -> None:
    await store.games.append_action(game_id, {"type": "pass"}, seat=0)
    await write(store, "UPDATE actions SET action = ? WHERE game_id = ?", "pass", game_id)


async def seat_off_the_table(store: Store, table_id: int, game_id: int) -> None:
    await write(store, "UPDATE seats SET seat = 6 WHERE table_id = ? AND seat = 3", table_id)


async def unknown_level(store: Store, table_id: int, game_id: int) -> None:
    await write(
        store, "UPDATE seats SET computer_level = 'grandmaster' WHERE table_id = ?", table_id
    )


DAMAGES: list[Damage] = [
    options_of_five,
    options_not_json,
    pause_in_words,
    empty_state,
    state_not_json,
    illegal_action,
    action_not_json,
    seat_off_the_table,
    unknown_level,
]


@pytest.fixture
async def restarted(
    store: Store, clock: ManualClock
) -> AsyncIterator[Callable[[], Awaitable[tuple[TableService, ChannelOutbox]]]]:
    """``await restarted()``: a new service over the same store, restored, and its outbox."""
    started: list[TableService] = []

    async def restart() -> tuple[TableService, ChannelOutbox]:
        outbox = ChannelOutbox()
        again = TableService(store, outbox, random_source=random.Random(3), sleep=clock.sleep)
        started.append(again)
        await again.restore()
        return again, outbox

    try:
        yield restart
    finally:
        for service in started:
            await service.close()


@pytest.mark.parametrize("damage", DAMAGES, ids=lambda damage: damage.__name__)
async def test_a_damaged_table_is_set_aside_and_every_other_plays_on(
    damage: Damage, service, clock, store, restarted, caplog
):
    healthy = await four_people(service)
    damaged, game_id = await computers_in(service, DAMAGED_CHANNEL)
    await clock.settle(service)
    await service.close()
    await damage(store, damaged, game_id)

    with caplog.at_level(logging.ERROR):
        again, outbox = await restarted()
    await clock.settle(again)

    assert again.holds(healthy) and not again.holds(damaged)
    errors = [record for record in caplog.records if record.levelno >= logging.ERROR]
    assert len(errors) == 1 and f"Table {damaged} " in errors[0].getMessage()
    assert await closing_of(store, damaged) == ("ended", True)
    game = await store.database.fetch_one("SELECT status FROM games WHERE id = ?", (game_id,))
    assert game is not None and game["status"] == "abandoned"
    notice = t("text.set_aside", "fr")
    assert outbox.announcements() == [notice] and outbox.channels == [DAMAGED_CHANNEL]
    assert outbox.closed == [damaged]

    # The healthy table plays on, and the damaged one's channel can have a new table.
    table = again.registry.table(healthy)
    seat = table.game.to_act
    await again.act(healthy, person_at(again, healthy, seat), Pass())
    assert table.game.to_act != seat
    await again.open_table(
        guild_id=GUILD,
        channel_id=DAMAGED_CHANNEL,
        creator=ALICE,
        options=TableOptions(),
        language="fr",
        turn_timer=None,
    )

    # Set aside once: the next start says nothing more about it.
    await again.close()
    caplog.clear()
    _, later = await restarted()
    assert notice not in later.announcements()
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


async def closing_of(store: Store, table_id: int) -> tuple[str, bool]:
    """The table's status, and whether its reason says it was set aside (read as plain
    columns: the store's records cannot be read from a damaged row)."""
    row = await store.database.fetch_one(
        "SELECT status, closed_reason FROM game_tables WHERE id = ?", (table_id,)
    )
    assert row is not None
    return row["status"], (row["closed_reason"] or "").startswith("unreadable: ")


async def test_a_table_whose_rows_are_damaged_while_it_plays_is_set_aside_when_read_again(
    service, clock, store, restarted
):
    """Reading the table again after a write the store refused (another process moved on)
    finds it damaged: it is set aside and the player told plainly."""
    table_id = await four_people(service)
    other, _ = await restarted()
    game = service.registry.table(table_id).game
    seat = game.to_act
    player = person_at(service, table_id, seat)
    await other.act(table_id, player, Pass())
    await write(store, "UPDATE games SET state = ? WHERE table_id = ?", "{}", table_id)
    with pytest.raises(UserFacingError) as refused:
        await service.act(table_id, player, Pass())
    assert refused.value.key == "errors.table_closed"
    assert not service.holds(table_id)
    assert await closing_of(store, table_id) == ("ended", True)
    assert await store.tables.open_in_channel(CHANNEL) is None
