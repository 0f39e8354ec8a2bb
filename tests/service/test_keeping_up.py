"""Computer players never run ahead of the channel: each moves once the table's previous update
has been shown, so a slow Discord slows the game down instead of piling updates up behind it.
The table message's edits are another matter: they are folded on purpose, and nobody waits
for them."""

from __future__ import annotations

import pytest

from bot.demo import start_computer_game
from bot.engine import HouseRules
from bot.service import Announcement, TableOptions, TableService, TableShown
from tests.service.tables import CHANNEL, GUILD, ManualClock, RecordingOutbox

#: Seconds each Discord call takes.
DELAY = 0.5


class SlowOutbox(RecordingOutbox):
    """Discord answering slowly: every message takes `DELAY` seconds of the test's clock."""

    def __init__(self, clock: ManualClock) -> None:
        super().__init__()
        self._clock = clock

    async def announce(self, channel_id: int, announcement: Announcement) -> None:
        await self._clock.sleep(DELAY)
        await super().announce(channel_id, announcement)

    async def show_table(self, shown: TableShown) -> int | None:
        await self._clock.sleep(DELAY)
        return await super().show_table(shown)


@pytest.fixture
def outbox(clock: ManualClock) -> SlowOutbox:
    return SlowOutbox(clock)


async def test_a_game_of_computers_without_pauses_waits_for_each_update_to_be_shown(
    service: TableService, clock: ManualClock, outbox: SlowOutbox
):
    options = TableOptions(rules=HouseRules(target_score=11), computer_pause=0)
    table_id = await start_computer_game(service, GUILD, CHANNEL, options, level="easy")
    table = service.registry.table(table_id)
    most_waiting = 0
    while table.playing:
        await clock.advance(service, DELAY / 5)
        most_waiting = max(most_waiting, service.updates_to_show(table_id))
    # The game is over: only the update of its last move may still be on its way.
    assert most_waiting == 1
    assert service.updates_to_show(table_id) <= 1
    await clock.advance(service, 60)
    assert service.updates_to_show(table_id) == 0
    assert "Victory for" in outbox.announcements()[-1]
    # Meanwhile the table message was edited far less often than the computers moved.
    assert len(outbox.tables) < len(outbox.shown)
