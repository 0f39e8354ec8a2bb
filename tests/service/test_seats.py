"""Who may sit where during a game: a seat someone stepped away from stays theirs, a newcomer
takes a seat only with the agreement of someone playing (unless the table is open to all), and
a vote to end counts the people who were playing."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from bot.service import TableOptions, TableService

from .conftest import ALICE, BOB, ManualClock, open_table


async def alice_bob_and_computers(service: TableService, **options: object) -> int:
    table_id = await open_table(service, options=TableOptions(**options))  # type: ignore[arg-type]
    await service.join(table_id, BOB)
    for _ in range(2):
        await service.add_computer(table_id, ALICE.user_id)
    await service.start(table_id, ALICE)
    return table_id


async def test_a_computer_cannot_replace_a_creator_who_stepped_away_so_nobody_ends_alone(
    service: TableService, clock: ManualClock
):
    table_id = await alice_bob_and_computers(service)
    await service.leave(table_id, ALICE.user_id)
    with pytest.raises(UserFacingError) as refused:
        await service.add_computer(table_id, BOB.user_id)
    assert refused.value.key == "errors.seat_kept"
    assert refused.value.params == {"player": "alice"}
    table = service.registry.table(table_id)
    assert table.seats[table.seat_of(ALICE.user_id)].away
    vote = await service.end(table_id, BOB, can_manage=False)
    assert (vote.ended, vote.votes, vote.needed) == (False, 1, 2)
    assert service.holds(table_id)
