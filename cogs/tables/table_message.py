"""The table message in Discord: the lobby with its buttons, or the table picture with its
summary and "Show my hand".

Its components are :class:`discord.ui.DynamicItem` whose ``custom_id`` carries what they need,
so the buttons of any table message, even one sent before a restart, keep working without the
bot remembering any view:

- ``cinch:show:<table>``: "Show my hand";
- ``cinch:lobby:<table>:<join|leave|addbot|start>[:<seat>]``: the lobby.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import t
from bot.service import PublicTable
from cogs.shared.error_replies import check_table_permissions, reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, person
from cogs.shared.message_parts import Parts
from cogs.tables.hand_message import answer_with_hand
from cogs.tables.seat_requests import answer_seated


def table_parts(public: PublicTable) -> Parts:
    """The table message: the lobby with its buttons, or the table picture and its summary,
    in the table's language."""
    locale = public.locale
    view = discord.ui.View(timeout=None)
    if public.playing:
        view.add_item(ShowHandButton(public.table_id, locale))
        if any(seat.away for seat in public.seats):
            view.add_item(LobbyButton(public.table_id, "join", None, locale, row=0))
    else:
        for item in lobby_items(public, locale):
            view.add_item(item)
    # The mention in the text shows who is to act. It notifies nobody unless the delivery
    # allows it, on the new message that starts a person's turn (see `bot.service.showing.turns`).
    return Parts(public.text, public.picture, "table.png", view)


def lobby_items(public: PublicTable, locale: str | None) -> list[discord.ui.Item[Any]]:
    items: list[discord.ui.Item[Any]] = []
    if public.manual_seats:
        for seat in public.seats:
            button = LobbyButton(
                public.table_id,
                "join",
                seat.seat,
                locale,
                row=0,
                label=t("lobby.join_seat", locale, seat=seat.label),
            )
            button.item.disabled = not seat.takeable or seat.user_id is not None
            items.append(button)
    else:
        items.append(LobbyButton(public.table_id, "join", None, locale, row=0))
    leave = LobbyButton(public.table_id, "leave", None, locale, row=1)
    add = LobbyButton(public.table_id, "addbot", None, locale, row=1)
    add.item.disabled = public.full
    start = LobbyButton(public.table_id, "start", None, locale, row=1)
    start.item.disabled = not public.full
    start.item.style = discord.ButtonStyle.success
    items.extend([leave, add, start])
    return items


_LOBBY_LABELS = {
    "join": "lobby.join",
    "leave": "lobby.leave",
    "addbot": "lobby.add_computer",
    "start": "lobby.start",
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:lobby:(?P<table>\d+):(?P<what>join|leave|addbot|start)(?::(?P<seat>\d))?",
):
    """Join (a seat), Leave, Add computer player, Start."""

    def __init__(
        self,
        table_id: int,
        what: str,
        seat: int | None,
        locale: str | None,
        *,
        row: int | None = None,
        label: str | None = None,
    ) -> None:
        suffix = f":{seat}" if seat is not None else ""
        style = discord.ButtonStyle.primary if what == "join" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label or t(_LOBBY_LABELS[what], locale),
                style=style,
                custom_id=f"cinch:lobby:{table_id}:{what}{suffix}",
            ),
            row=row,
        )
        self.table_id, self.what, self.seat = table_id, what, seat

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        seat = int(match["seat"]) if match["seat"] is not None else None
        return cls(int(match["table"]), match["what"], seat, None)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await lobby_action(interaction, self.table_id, self.what, self.seat)


class ShowHandButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"cinch:show:(?P<table>\d+)"
):
    """ "Show my hand": any seated player, at any time, gets their hand privately."""

    def __init__(self, table_id: int, locale: str | None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("lobby.show_hand", locale),
                style=discord.ButtonStyle.primary,
                custom_id=f"cinch:show:{table_id}",
            )
        )
        self.table_id = table_id

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ShowHandButton:
        return cls(int(match["table"]), None)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        reply = await interaction.client.tables.show_hand(self.table_id, person(interaction))
        await answer_with_hand(interaction, reply, edit=False)


async def lobby_action(
    interaction: CinchInteraction, table_id: int, what: str, seat: int | None = None
) -> None:
    """Join, Leave, Add computer player or Start, from a button.

    The table message itself shows the change, so the click is only acknowledged, except
    when the clicker now has cards to see (they started the game, or took a seat in one).
    """
    check_table_permissions(interaction)
    service = interaction.client.tables
    who = person(interaction)
    match what:
        case "join":
            if await answer_seated(interaction, await service.join(table_id, who, seat)):
                return
        case "leave":
            await service.leave(table_id, who.user_id)
        case "addbot":
            await service.add_computer(table_id, who.user_id)
        case "start":
            reply = await service.start(table_id, who)
            if reply is not None:
                await answer_with_hand(interaction, reply, edit=False)
                return
    await interaction.response.defer()
