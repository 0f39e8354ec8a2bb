"""A newcomer's request for a seat in a game going on: a message in the channel that the people
playing answer with "Let them in" or "Refuse".

Its buttons are :class:`discord.ui.DynamicItem` whose ``custom_id`` carries the whole request,
so one posted before a restart can still be answered:

- ``cinch:seat:<table>:<game>:<seat>:<user>:<yes|no>``.

People are named by mention (which Discord shows as their name and which pings nobody here), so
the request never repeats a name someone typed.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import UserFacingError
from bot.i18n import t
from bot.presentation.names import seat_name
from bot.service import Person, Seated, SeatRequest
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, guild_of, person
from cogs.shared.message_parts import Parts
from cogs.tables.hand_message import answer_with_hand


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


async def ask_for_seat(interaction: CinchInteraction, request: SeatRequest) -> None:
    """Answer a newcomer's join with their request, in the channel for the people playing."""
    locale = request.locale
    newcomer = interaction.user.id
    view = discord.ui.View(timeout=None)
    for accept in (True, False):
        view.add_item(SeatAnswerButton(request, newcomer, accept))
    seat = seat_name(request.seat, request.players, locale)
    text = t("seat_request.asked", locale, player=mention(newcomer), seat=seat)
    await interaction.response.send_message(**Parts(text, view=view).send_kwargs())


class SeatAnswerButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=(
        r"cinch:seat:(?P<table>\d+):(?P<game>\d+):(?P<seat>\d):(?P<user>\d+):(?P<answer>yes|no)"
    ),
):
    """Let the newcomer take the seat they asked for, or refuse."""

    def __init__(self, request: SeatRequest, newcomer: int, accept: bool) -> None:
        answer = "yes" if accept else "no"
        key = "seat_request.accept" if accept else "seat_request.refuse"
        super().__init__(
            discord.ui.Button(
                label=t(key, request.locale),
                style=discord.ButtonStyle.success if accept else discord.ButtonStyle.secondary,
                custom_id=(
                    f"cinch:seat:{request.table_id}:{request.game_id}:{request.seat}"
                    f":{newcomer}:{answer}"
                ),
            )
        )
        self.request, self.newcomer, self.accept = request, newcomer, accept

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SeatAnswerButton:
        # Only the ids matter to answer it; the service knows the table's seats and language.
        request = SeatRequest(int(match["table"]), int(match["game"]), int(match["seat"]), 0, None)
        return cls(request, int(match["user"]), match["answer"] == "yes")

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        bot, request = interaction.client, self.request
        name = ""
        if self.accept:
            # Seated under the name the server gives them, if they are still a member.
            found = await bot.memberships.name(guild_of(interaction), self.newcomer)
            if found is None:
                raise UserFacingError("errors.newcomer_gone")
            name = found
        seated = await bot.tables.answer_seat_request(
            request.table_id,
            person(interaction),
            newcomer=Person(self.newcomer, name),
            seat=request.seat,
            game_id=request.game_id,
            accept=self.accept,
            can_manage=interaction.permissions.manage_messages,
        )
        table = bot.tables.facts(request.table_id)
        locale = table.locale
        key = "seat_request.refused" if seated is None else "seat_request.accepted"
        text = t(
            key,
            locale,
            answering=mention(interaction.user.id),
            player=mention(self.newcomer),
            seat=seat_name(request.seat, table.players, locale),
        )
        await interaction.response.edit_message(**Parts(text).edit_kwargs())


async def answer_seated(interaction: CinchInteraction, seated: Seated | SeatRequest) -> bool:
    """Answer someone who asked to join a game going on: put their request to the table, or
    show them their hand; False when they sat down in a lobby (nothing more to show)."""
    if isinstance(seated, SeatRequest):
        await ask_for_seat(interaction, seated)
        return True
    if seated.hand is not None:
        await answer_with_hand(interaction, seated.hand, edit=False)
        return True
    return False
