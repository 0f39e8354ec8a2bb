"""Tournament matches at the table service: a match's table opens with its players in their
seats and its game dealt at once, its seats are theirs alone, it offers no rematch, it is
opened without the server's limits, and the league can stop it, its score kept."""

from __future__ import annotations

import pytest

from bot.engine import HouseRules
from bot.errors import UserFacingError
from bot.service import Person, TableOptions, TableService, Teams
from bot.store import Store
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    GUILD,
    ManualClock,
    RecordingOutbox,
    play_until,
)

ERIN = Person(200, "erin")
MATCH = TableOptions(
    teams=Teams.MANUAL,
    thread=True,
    match=True,
    computer_pause=0.0,
    rules=HouseRules(target_score=5),
)


async def open_match(service: TableService, channel: int, seats=(ALICE, BOB, CAROL, DAVE)) -> int:
    facts = await service.open_match(
        guild_id=GUILD,
        channel_id=channel,
        organiser=ERIN.user_id,
        seats=list(seats),
        options=MATCH,
        language="en",
        turn_timer=60,
    )
    return facts.table_id


async def test_a_match_opens_dealt_with_its_players_in_their_seats(service: TableService):
    table_id = await open_match(service, 500, (ALICE, None, CAROL, None))
    table = service.registry.table(table_id)
    assert table.playing
    assert [table.user_at(seat) for seat in range(4)] == [ALICE.user_id, None, CAROL.user_id, None]
    assert table.names("en")[1] == "Computer 2"
    assert table.record.creator_id == ERIN.user_id
    # Opened again (a restart before the match was stored as placed): the same table.
    assert await open_match(service, 500, (ALICE, None, CAROL, None)) == table_id


async def test_a_match_is_opened_without_the_servers_limits(service: TableService, store: Store):
    await store.limits.update(GUILD, tables_per_member=1, tables_per_server=1)
    opened = {await open_match(service, channel) for channel in (501, 502, 503)}
    assert len(opened) == 3


async def test_only_its_players_sit_at_a_match(service: TableService):
    table_id = await open_match(service, 504, (ALICE, BOB, CAROL, None))
    with pytest.raises(UserFacingError) as refused:
        await service.join(table_id, ERIN)
    assert refused.value.key == "errors.match_seats"
    with pytest.raises(UserFacingError) as refused:
        await service.add_computer(table_id, ALICE.user_id, 3)
    assert refused.value.key == "errors.match_seats"
    # A player who stepped away takes their own seat back.
    await service.leave(table_id, BOB.user_id)
    assert service.registry.table(table_id).seats[1].away
    await service.join(table_id, BOB)
    assert not service.registry.table(table_id).seats[1].away


async def test_only_the_organiser_or_its_players_vote_end_a_match(service: TableService):
    table_id = await open_match(service, 507, (ALICE, BOB, None, None))
    moderator = Person(300, "moderator")
    # Managing messages is not enough: ending a match decides it.
    with pytest.raises(UserFacingError) as refused:
        await service.end(table_id, moderator, can_manage=True)
    assert refused.value.key == "errors.match_end_not_yours"
    vote = await service.end(table_id, ALICE, can_manage=True)
    assert not vote.ended and vote.votes == 1
    assert service.holds(table_id)
    assert (await service.end(table_id, ERIN, can_manage=False)).ended
    assert not service.holds(table_id)


async def test_the_league_stops_a_match_keeping_its_score(
    service: TableService, store: Store, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await open_match(service, 505)
    game_id = service.registry.table(table_id).game_id
    await service.stop(table_id, "Time is up", reason="round deadline")
    await clock.settle(service)
    assert not service.holds(table_id)
    record = await store.tables.get(table_id)
    assert record is not None and record.closed_reason == "round deadline"
    assert game_id is not None
    result = await store.games.result(game_id)
    assert result is not None and result.status == "abandoned"
    assert list(result.final_scores) == [0, 0]
    assert outbox.announcements()[-1] == "Time is up"
    assert outbox.archived == [505]
    await service.stop(table_id, "again", reason="round deadline")  # already closed: nothing


@pytest.mark.slow
async def test_a_match_played_to_its_end_offers_no_rematch(
    service: TableService, outbox: RecordingOutbox, clock: ManualClock
):
    table_id = await open_match(service, 506, (ALICE, None, None, None))
    await play_until(service, clock, table_id, lambda table: table.closed, people=(ALICE,))
    await clock.settle(service)
    assert all(item.rematch is None for item in outbox.shown)
