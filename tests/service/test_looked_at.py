"""A table picture is drawn only when someone will see it.

A table whose only person stepped away plays on by itself (the computer players, and the
computer in the away person's seat): nobody looks at it, so its changes are not drawn, however
many. The first person who looks at it (a click, a command in its channel) gets it shown at once,
with every move made meanwhile. A turn passing to a person is always shown: they are notified,
or watch the table.
"""

from __future__ import annotations

from bot.service import TableOptions, TableService
from bot.service.showing.coalesce import MAX_DELAY
from tests.service.tables import (
    ALICE,
    CHANNEL,
    ManualClock,
    RecordingOutbox,
    fill_with_computers,
    open_table,
)


async def _alone_with_computers(service: TableService) -> int:
    """Alice and three computer players, the game started."""
    table_id = await open_table(service, options=TableOptions(computer_pause=1.0))
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    return table_id


async def _left_alone(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock, table_id: int
) -> int:
    """Alice steps away and the computer players play on for a while: how many table
    messages were shown meanwhile."""
    await clock.advance(service, 0)
    await service.leave(table_id, ALICE.user_id)
    # Her leaving is shown (she looked at the table), folded with the computers' moves.
    await clock.advance(service, MAX_DELAY + 1)
    before = len(outbox.tables)
    await clock.advance(service, 15.0)
    return len(outbox.tables) - before


async def test_a_table_nobody_looks_at_is_not_drawn(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
) -> None:
    table_id = await _alone_with_computers(service)
    game = service.registry.table(table_id).game
    assert game is not None
    moves = len(game.log)
    shown = await _left_alone(service, outbox, clock, table_id)
    assert len(game.log) > moves + 10  # the computer players played on
    assert shown == 0
    assert table_id in service.showing.owed


async def test_it_is_drawn_again_when_someone_looks(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
) -> None:
    table_id = await _alone_with_computers(service)
    await _left_alone(service, outbox, clock, table_id)
    table = service.registry.table(table_id)
    before = len(outbox.tables)
    service.facts_in_channel(CHANNEL)  # someone uses a command in the table's channel
    await clock.settle(service)
    shown = outbox.tables[before:]
    assert len(shown) == 1  # every change made meanwhile, folded into one showing
    assert shown[0].table.picture is not None
    game = table.game
    if game is not None:  # the picture shows the game as it is now
        assert shown[0].table.moves == len(game.log)
    assert table_id not in service.showing.owed


async def test_a_click_at_the_table_shows_it_too(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
) -> None:
    table_id = await _alone_with_computers(service)
    await _left_alone(service, outbox, clock, table_id)
    before = len(outbox.tables)
    await service.show_hand(table_id, ALICE)  # "Show my hand": she is back in the channel
    await clock.settle(service)
    assert len(outbox.tables) == before + 1


async def test_a_turn_passing_to_a_person_is_shown_without_a_look(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
) -> None:
    """Alice played, then the computer players: her turn coming back is shown although she
    has not clicked since the table was last drawn."""
    table_id = await _alone_with_computers(service)
    table = service.registry.table(table_id)
    for _ in range(200):
        await clock.advance(service, 1.0)
        game = table.game
        if game is not None and table.user_at(game.to_act) == ALICE.user_id:
            break
    game = table.game
    assert game is not None and table.user_at(game.to_act) == ALICE.user_id
    assert not service.showing.owed
    assert outbox.tables[-1].table.mention == ALICE.user_id
