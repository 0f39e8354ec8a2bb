"""One card played, traced at the seam between the Discord layer and the table service.

The Discord layer sends an intention in and gets plain data back; the service shows what
changed through its outbox. A card in the middle of a trick crosses that seam a fixed, small
number of times, whatever the table's size: counted here through the real bot over SimCord.
"""

from __future__ import annotations

import functools
import inspect
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from bot.engine import Phase
from bot.service import TableService
from bot.service.outbox import Outbox
from tests.cogs.table_driver import SETTLE, SETTLE_TIMEOUT, TableDriver

pytestmark = [pytest.mark.slow, pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT)]

#: The outbox's ways of showing something (its protocol, less the mention's format).
OUTBOX_METHODS = [
    name
    for name, member in inspect.getmembers(Outbox, inspect.isfunction)
    if not name.startswith("_")
]


def count_calls(target: Any, names: list[str], counts: Counter[str], label: str) -> None:
    """Count every call of ``target``'s ``names`` (coroutines and plain methods alike)."""
    for name in names:
        method = getattr(target, name)

        def counted(*args: Any, _method: Callable[..., Any] = method, _name: str = name,
                    **kwargs: Any) -> Any:
            counts[f"{label}.{_name}"] += 1
            return _method(*args, **kwargs)

        setattr(target, name, functools.wraps(method)(counted))


def public_methods(cls: type) -> list[str]:
    return [
        name
        for name, member in inspect.getmembers(cls)
        if not name.startswith("_") and (inspect.isfunction(member))
    ]


async def test_a_card_crosses_the_seam_twice_each_way_and_reads_two_settings(
    simcord_env, channel, players
):
    driver = TableDriver(simcord_env, channel, players)
    driver.service.seeds = random.Random(5)
    await driver.open_and_fill(players[0], timer=0)
    await players[0].click(driver.table_message(), label="Start")
    await driver.settle()
    while not (driver.game.phase is Phase.PLAY and len(driver.game.trick) == 1):
        await driver.take_turn()
        await driver.settle()
    mover = driver.member_at(driver.game.to_act)
    next_player = driver.member_at((driver.game.to_act + 1) % 4)
    await driver.hand_message(mover)
    await driver.hand_message(next_player)  # their hand is refreshed when their turn comes
    await driver.env.advance_time(2 * SETTLE)

    service: TableService = driver.service
    counts: Counter[str] = Counter()
    count_calls(service, public_methods(TableService), counts, "into the service")
    outbox = service.showing._outbox
    count_calls(outbox, OUTBOX_METHODS, counts, "out to Discord")
    count_calls(service.store.preferences, ["get"], counts, "settings read")
    moves = len(driver.game.log)

    await driver.take_turn()
    await driver.env.advance_time(2 * SETTLE)  # past the edit coalescer's longest wait

    assert len(driver.game.log) == moves + 1 and driver.game.phase is Phase.PLAY
    into = {k: v for k, v in counts.items() if k.startswith("into the service")}
    out = {k: v for k, v in counts.items() if k.startswith("out to Discord")}
    assert into == {"into the service.act": 1, "into the service.hand_shown": 1}
    assert out == {"out to Discord.show_hand": 1, "out to Discord.show_table": 1}
    assert counts["settings read"] <= 2
