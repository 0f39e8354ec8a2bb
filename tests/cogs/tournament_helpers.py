"""Running a tournament through SimCord the way people do: the organiser's commands, the
sign-up message's buttons and menu, and the players at their match's table in its thread."""

from __future__ import annotations

from typing import Any

import simcord

from tests.cogs.table_driver import TableDriver, buttons


def signup_message(channel: simcord.ChannelHandle) -> Any:
    """The tournament's sign-up message in the channel."""
    return next(
        message
        for message in reversed(channel.history())
        if any(item.get("custom_id", "").startswith("cinch:tsign:") for item in buttons(message))
        or "Organised by" in message.content
    )


def component_id(message: Any, prefix: str) -> str:
    return next(b["custom_id"] for b in buttons(message) if b["custom_id"].startswith(prefix))


async def enter_pair(
    channel: simcord.ChannelHandle, player: simcord.MemberActor, partner: simcord.MemberActor
) -> None:
    """``player`` chooses ``partner`` in the sign-up menu; the partner accepts."""
    message = signup_message(channel)
    await player.select(message, [partner], custom_id=component_id(message, "cinch:tpartner:"))
    invitation = channel.last_message
    await partner.click(invitation, label="Accept")


async def play_match(driver: TableDriver, table_id: int, limit: int = 800) -> None:
    """The people at a match's table play (computers on their own) until it closes."""
    service = driver.service
    for _ in range(limit):
        table = service.registry.get(table_id)
        if table is None:
            break
        game = table.game
        if game is not None and driver.member_at(game.to_act) is not None:
            await driver.take_turn()
        await driver.settle()
    await driver.settle()
