"""The daily deals' messages in Discord (docs/daily.md): each deal as the player plays it, the
day's results and boards, their replays. ``/cinch daily`` (``cogs/cinch/daily.py``) and
``/cinch-boards daily`` (``cogs/boards/daily.py``) open them; where the end of each day is posted
is a setting of the server's boards (``/cinch-server boards settings``).

A player plays alone, privately: the deal is one message (an ephemeral answer, or a direct
message for those who take their hands by DM) edited in place at each click, with the table,
their cards and exactly what they may do now. Nothing goes to the channel while they play.

Every component is a ``DynamicItem`` whose custom id says all it needs, so a message sent
before a restart keeps working; the clicker is always the player (these messages are theirs
alone), and the daily service judges each click against the deal as stored:

- ``cinch:dd:<day>:<deal>:<moves>:<kind>:<arg>``: an action on the deal as it stood after
  ``moves`` actions (a bid, pass, trump, card, or the Confirm of a discard or a rob);
- ``cinch:dd-pick:<day>:<deal>:<moves>:<discard|keep>``: the select before Confirm;
- ``cinch:dd-next:<day>``: the next deal, or the results after the last;
- ``cinch:dd-board:<server>:<day>``: the server's board of the day;
- ``cinch:dd-replay:<day>`` and ``cinch:dd-step:<day>:<deal>:<step>:<f|p|n|l>``: the player's
  own deals replayed, with their review.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

import discord

from bot.daily import DayShown, DealShown
from bot.daily.deals import DEALS_PER_DAY
from bot.daily.scenes import (
    board_scene,
    day_scene,
    day_text,
    day_text_lines,
    deal_over_scene,
    deal_replay_scene,
    deal_scenes,
    deal_text,
)
from bot.engine import Card
from bot.errors import UserFacingError
from bot.i18n import t
from bot.render import display_order, render_hand_summary
from bot.render.day_result import render_day_result
from bot.render.private_table import render_private_table
from bot.render.ranking import render_ranking
from bot.render.replay_picture import render_replay
from cogs.records.replay import step_buttons
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, interaction_locale
from cogs.shared.message_parts import Parts, png_file
from cogs.tables.hand_message import (
    ACTION_ID,
    action_button,
    action_of,
    card_select,
    choice_items,
    remember_choice,
)

#: How a day is written in custom ids.
DAY_FORMAT = "%Y%m%d"
DAY = r"(?P<day>\d{8})"
#: The lines of a day's board shown in a picture.
BOARD_LINES = 10


def day_id(day: date) -> str:
    return day.strftime(DAY_FORMAT)


def day_of_id(text: str) -> date:
    return datetime.strptime(text, DAY_FORMAT).date()


# --------------------------------------------------------------------------- the messages


async def daily_parts(
    interaction: CinchInteraction, shown: DealShown | DayShown, locale: str | None
) -> Parts:
    """The player's message for what `shown` holds: a deal in play, a deal over, or their day,
    with a note when the play counts in another server than this one."""
    settings = await interaction.client.people.settings(interaction.user.id)
    notes = []
    if interaction.guild_id is not None and shown.guild_id != interaction.guild_id:
        notes.append(t("daily.elsewhere", locale))
    if isinstance(shown, DayShown):
        parts = await _day_parts(shown, locale)
    elif shown.over is not None:
        parts = await _over_parts(shown, locale)
    else:
        parts = await _deal_parts(shown, locale, four_colour=settings.four_colour)
    return Parts(
        "\n".join([*notes, parts.content]), parts.picture, parts.filename, parts.view, alt=parts.alt
    )


async def _deal_parts(shown: DealShown, locale: str | None, *, four_colour: bool) -> Parts:
    table, hand = deal_scenes(shown, locale, four_colour)
    picture = await asyncio.to_thread(render_private_table, table, hand)
    view = discord.ui.View(timeout=None)
    key = DealKey(shown.day, shown.deal, shown.moves)
    cards = display_order(shown.view.hand, shown.view.trump)
    for item in choice_items(shown.view.decision, cards, locale, _DealChoices(key)):
        view.add_item(item)
    return Parts(
        deal_text(shown, locale), picture, "daily.png", view, alt=t("daily.alt.deal", locale)
    )


async def _over_parts(shown: DealShown, locale: str | None) -> Parts:
    assert shown.over is not None
    picture = await asyncio.to_thread(render_hand_summary, deal_over_scene(shown, locale))
    label = "daily.button.results" if shown.over.last else "daily.button.next"
    view = discord.ui.View(timeout=None)
    view.add_item(NextButton(shown.day, t(label, locale)))
    return Parts(
        deal_text(shown, locale), picture, "daily.png", view, alt=t("daily.alt.over", locale)
    )


async def _day_parts(shown: DayShown, locale: str | None) -> Parts:
    picture = await asyncio.to_thread(render_day_result, day_scene(shown, locale))
    view = discord.ui.View(timeout=None)
    view.add_item(BoardButton(shown.guild_id, shown.day, t("daily.button.board", locale)))
    played = [outcome.deal for outcome in shown.deals if outcome.score is not None]
    if played:
        view.add_item(ReplaySelect(shown.day, played, locale))
    text = day_text_lines(shown, locale)
    return Parts(text, picture, "daily.png", view, alt=t("daily.alt.result", locale))


async def board_parts(interaction: CinchInteraction, guild_id: int, day: date) -> Parts:
    """The server's board of `day`, as the member asking may see it."""
    locale = await interaction_locale(interaction)
    board = await interaction.client.daily.board(guild_id, day, interaction.user.id)
    scene = board_scene(board, locale, limit=BOARD_LINES)
    picture = await asyncio.to_thread(render_ranking, scene)
    heading = f"**{scene.title}** · {day_text(day, locale)}"
    return Parts(heading, picture, "board.png", alt=t("daily.alt.board", locale))


async def show(interaction: CinchInteraction, shown: DealShown | DayShown) -> None:
    """Edit the clicked message (already acknowledged) to show `shown`."""
    locale = await interaction_locale(interaction)
    parts = await daily_parts(interaction, shown, locale)
    await interaction.edit_original_response(**parts.edit_kwargs())


# --------------------------------------------------------------------------- the deal's components


class DealKey:
    """Which deal of which day, as it stood after how many actions: ``20260131:2:17``."""

    PATTERN = rf"{DAY}:(?P<deal>\d):(?P<moves>\d+)"

    def __init__(self, day: date, deal: int, moves: int) -> None:
        self.day, self.deal, self.moves = day, deal, moves

    def __str__(self) -> str:
        return f"{day_id(self.day)}:{self.deal}:{self.moves}"

    @classmethod
    def parse(cls, match: re.Match[str]) -> DealKey:
        return cls(day_of_id(match["day"]), int(match["deal"]), int(match["moves"]))


class _DealChoices:
    """The components of a deal of the day (``hand_message.ChoiceComponents``)."""

    def __init__(self, key: DealKey) -> None:
        self._key = key

    def button(self, kind: str, arg: str, label: str, *, row: int | None = None) -> DealButton:
        return DealButton(self._key, kind, arg, label, row=row)

    def select(
        self,
        kind: str,
        options: Sequence[Card],
        count: int,
        placeholder: str,
        locale: str | None,
        pack: frozenset[Card],
    ) -> DealPickSelect:
        select = card_select(
            f"cinch:dd-pick:{self._key}:{kind}", options, count, placeholder, locale, pack
        )
        return DealPickSelect(self._key, kind, item=select)


class DealButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"cinch:dd:{DealKey.PATTERN}{ACTION_ID}"
):
    """One action of a deal of the day: a bid, pass, suit, card, or the Confirm of a choice."""

    def __init__(
        self, key: DealKey, kind: str, arg: str, label: str = "?", *, row: int | None = None
    ) -> None:
        super().__init__(action_button(f"cinch:dd:{key}:{kind}:{arg}", kind, label), row=row)
        self.key, self.kind, self.arg = key, kind, arg

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealButton:
        return cls(DealKey.parse(match), match["kind"], match["arg"])

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        # The computers answer before the message shows the deal again: acknowledge first.
        await interaction.response.defer()
        key = self.key
        shown = await interaction.client.daily.act(
            interaction.user.id, key.day, key.deal, key.moves, action_of(self.kind, self.arg)
        )
        await show(interaction, shown)


class DealPickSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"cinch:dd-pick:{DealKey.PATTERN}:(?P<kind>discard|keep)",
):
    """Choosing the trumps to discard, or the cards a robbing dealer keeps; Confirm applies."""

    def __init__(self, key: DealKey, kind: str, *, item: discord.ui.Select) -> None:
        super().__init__(item, row=0)
        self.key, self.kind = key, kind

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> DealPickSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(DealKey.parse(match), match["kind"], item=item)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        assert self.view is not None
        await remember_choice(
            interaction, self.item, self.view, f"cinch:dd:{self.key}:{self.kind}:"
        )


class NextButton(discord.ui.DynamicItem[discord.ui.Button], template=rf"cinch:dd-next:{DAY}"):
    """Under a deal over: the next deal (the computers moved up to the player's turn), or the
    player's results after the last."""

    def __init__(self, day: date, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"cinch:dd-next:{day_id(day)}",
            )
        )
        self.day = day

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NextButton:
        return cls(day_of_id(match["day"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await interaction.response.defer()
        await show(
            interaction, await interaction.client.daily.resume(interaction.user.id, self.day)
        )


# --------------------------------------------------------------------------- results


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"cinch:dd-board:(?P<guild>\d+):{DAY}"
):
    """Under a player's results: the server's board of the day, privately."""

    def __init__(self, guild_id: int, day: date, label: str = "?") -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:dd-board:{guild_id}:{day_id(day)}",
            )
        )
        self.guild_id, self.day = guild_id, day

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(int(match["guild"]), day_of_id(match["day"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        # A board is read and drawn: acknowledge first, within Discord's 3 seconds.
        await interaction.response.defer(ephemeral=True, thinking=True)
        # The custom id names the server: only its own board here, or, elsewhere (a DM), the
        # board of the server where the clicker played that day.
        if self.guild_id != interaction.guild_id:
            await interaction.client.daily.check_played_in(
                interaction.user.id, self.day, self.guild_id
            )
        parts = await board_parts(interaction, self.guild_id, self.day)
        await interaction.followup.send(ephemeral=True, **parts.send_kwargs())


class ReplaySelect(discord.ui.DynamicItem[discord.ui.Select], template=rf"cinch:dd-replay:{DAY}"):
    """Under a player's results: one of their deals to replay, with its review."""

    def __init__(
        self,
        day: date,
        deals: list[int] | None = None,
        locale: str | None = None,
        *,
        item: discord.ui.Select | None = None,
    ) -> None:
        select = item or discord.ui.Select(
            custom_id=f"cinch:dd-replay:{day_id(day)}",
            placeholder=t("daily.replay.pick", locale),
            options=[
                discord.SelectOption(
                    label=t("daily.picture.deal", locale, number=deal + 1), value=str(deal)
                )
                for deal in deals or ()
            ],
        )
        super().__init__(select)
        self.day = day

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplaySelect:
        assert isinstance(item, discord.ui.Select)
        return cls(day_of_id(match["day"]), item=item)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        deal = int(self.item.values[0])
        if not 0 <= deal < DEALS_PER_DAY:
            raise UserFacingError("daily.not_played")
        await interaction.response.defer(ephemeral=True, thinking=True)
        message = await replay_message(interaction, self.day, deal, 0)
        files = message.pop("attachments")
        await interaction.followup.send(files=files, ephemeral=True, **message)


class ReplayStepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=rf"cinch:dd-step:{DAY}:(?P<deal>\d):(?P<step>\d+):(?P<nav>[fpnl])",
):
    """First, Previous, Next or Last in the replay of one of the player's deals."""

    def __init__(self, day: date, deal: int, step: int, nav: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or nav,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:dd-step:{day_id(day)}:{deal}:{step}:{nav}",
            )
        )
        self.day, self.deal, self.step = day, deal, step

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayStepButton:
        return cls(day_of_id(match["day"]), int(match["deal"]), int(match["step"]), match["nav"])

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await interaction.response.defer()
        message = await replay_message(interaction, self.day, self.deal, self.step)
        await interaction.edit_original_response(**message)


async def replay_message(
    interaction: CinchInteraction, day: date, deal: int, step: int
) -> dict[str, Any]:
    """The replay of the clicker's deal `deal` of `day` at `step` (once they may see it)."""
    locale = await interaction_locale(interaction)
    replay = await interaction.client.daily.replay(interaction.user.id, day, deal, locale)
    step = min(step, replay.step_count - 1)
    png = await asyncio.to_thread(render_replay, deal_replay_scene(replay, step, locale))
    view = discord.ui.View(timeout=None)
    for button in step_buttons(
        step,
        replay.step_count,
        locale,
        lambda target, nav, label: ReplayStepButton(day, deal, target, nav, label),
    ):
        view.add_item(button)
    content = t(
        "daily.replay.heading", locale, number=deal + 1, step=step + 1, steps=replay.step_count
    )
    return {
        "content": content,
        "attachments": [png_file(png, "replay.png", t("replay.alt", locale))],
        "view": view,
    }


#: Every component of the daily deals, registered by the ``/cinch`` extension.
DAILY_COMPONENTS = (
    DealButton,
    DealPickSelect,
    NextButton,
    BoardButton,
    ReplaySelect,
    ReplayStepButton,
)
