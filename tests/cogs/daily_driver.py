"""Playing the daily deals through SimCord as a member does: reading the buttons of their private
message and clicking one of those enabled (a select's first cards, then Confirm)."""

from __future__ import annotations

from typing import Any

import simcord

from tests.cogs.table_driver import buttons, enabled

#: The custom id of every action on a deal of the day begins with this.
ACTION = "cinch:dd:"
NEXT = "cinch:dd-next:"


def actions(message: Any) -> list[dict[str, Any]]:
    """The enabled actions of a deal's message (empty once the deal is over)."""
    return [
        item
        for item in enabled(message)
        if item["type"] == 3 or item.get("custom_id", "").startswith(ACTION)
    ]


def next_button(message: Any) -> dict[str, Any] | None:
    return next(
        (item for item in buttons(message) if item.get("custom_id", "").startswith(NEXT)), None
    )


async def act(member: simcord.MemberActor | simcord.UserActor, message: Any) -> Any:
    """Make the first choice the message offers; the message as it is then."""
    offered = actions(message)
    select = next((item for item in offered if item["type"] == 3), None)
    if select is not None:
        values = [option["value"] for option in select["options"][: select["min_values"]]]
        await member.select(message, values, custom_id=select["custom_id"])
        confirm = next(
            item for item in buttons(message) if item.get("custom_id", "").startswith(ACTION)
        )
        result = await member.click(message, custom_id=confirm["custom_id"])
    else:
        result = await member.click(message, custom_id=offered[0]["custom_id"])
    return result.response or message


async def play_deal(member: simcord.MemberActor | simcord.UserActor, message: Any) -> Any:
    """Play the deal of `message` to its end; its message then offers the next deal."""
    for _ in range(40):
        if next_button(message) is not None:
            return message
        message = await act(member, message)
    raise AssertionError("the deal never ended")


async def play_day(member: simcord.MemberActor, message: Any, deals: int) -> Any:
    """Play every deal from `message` on; the message then shows the member's results."""
    for _ in range(deals):
        message = await play_deal(member, message)
        button = next_button(message)
        assert button is not None
        result = await member.click(message, custom_id=button["custom_id"])
        message = result.response or message
    return message
