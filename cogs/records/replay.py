"""Replays of finished hands: one private message of pictures with First / Previous / Next /
Last buttons, edited in place.

Every component is a ``DynamicItem`` whose custom id names the game, the hand and the step, so
a replay opened before a restart keeps working:

- ``cinch:replay:<game>:<hand>:<step>:<f|p|n|l>``: show that step (the letter keeps the four
  buttons' ids apart when two lead to the same step);
- ``cinch:replay-open:<game>:<hand>``: "Replay hand", under a hand's result in the channel;
- ``cinch:replay-pick:<game>``: the hands of a game in ``/cinch-boards history``;
- ``cinch:replay-share:<game>:<hand>``: "Share replay", the whole hand animated in the channel.

Each of them shows the hand only to a member who may read the channel its game was played in,
checked at every click, and Share posts only where every reader could see the game
(``cogs/shared/game_access.py``).
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.errors import UserFacingError
from bot.i18n import t
from bot.presentation.user_text import in_message
from bot.render.replay_animation import render_replay_animation
from bot.render.replay_picture import render_replay
from bot.replays.library import Replay
from bot.replays.scenes import replay_scene
from cogs.shared.error_replies import check_table_permissions, reads_custom_id, reports_errors
from cogs.shared.game_access import sees_game, shows_game_here
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import png_file

#: Discord's limit of options in a select.
MAX_PICKS = 25
#: The four buttons: the letter in their custom id, and their label's key.
_NAV = (
    ("f", "replay.button.first"),
    ("p", "replay.button.previous"),
    ("n", "replay.button.next"),
    ("l", "replay.button.last"),
)


def _target(nav: str, step: int, count: int) -> int:
    """The step a button leads to from `step`."""
    return {"f": 0, "p": step - 1, "n": step + 1, "l": count - 1}[nav]


StepButton = discord.ui.DynamicItem[discord.ui.Button]


def step_buttons(
    step: int, count: int, locale: str | None, make: Callable[[int, str, str], StepButton]
) -> list[StepButton]:
    """First, Previous, Next and Last from `step` of `count`, those leading nowhere disabled;
    ``make(step, nav, label)`` makes the button leading to a step."""
    buttons = []
    for nav, key in _NAV:
        target = _target(nav, step, count)
        button = make(min(max(target, 0), count - 1), nav, t(key, locale))
        button.item.disabled = not 0 <= target < count or target == step
        buttons.append(button)
    return buttons


def replay_view(
    replay: Replay, step: int, locale: str | None, *, shareable: bool
) -> discord.ui.View:
    """The four buttons under a replay, those leading nowhere disabled, and Share where the
    replay may be shared."""
    view = discord.ui.View(timeout=None)
    stored = replay.stored
    number = stored.replay.hand_number
    for button in step_buttons(
        step,
        replay.step_count,
        locale,
        lambda shown, nav, label: ReplayStepButton(stored.game_id, number, shown, nav, label),
    ):
        view.add_item(button)
    if shareable:
        view.add_item(ReplayShareButton(stored.game_id, stored.replay.hand_number, locale))
    return view


async def seen_replay(interaction: CinchInteraction, game_id: int, number: int) -> Replay:
    """Hand `number` of the game, for a member who may see that game (a refusal otherwise, the
    same as for a game that does not exist)."""
    replay = await interaction.client.replays.replay(guild_of(interaction), game_id, number)
    if not await sees_game(interaction, replay.stored.channel_id):
        raise UserFacingError("replay.not_found")
    return replay


async def replay_message(
    interaction: CinchInteraction, replay: Replay, step: int, locale: str | None
) -> dict[str, Any]:
    """The replay message at `step`: its text, picture and buttons (for send or edit), Share
    among them if it may be shared in the interaction's channel."""
    scene = replay_scene(replay, step, locale)
    png = await asyncio.to_thread(render_replay, scene)
    content = t(
        "replay.heading",
        locale,
        number=replay.stored.replay.hand_number,
        step=step + 1,
        steps=replay.step_count,
    )
    return {
        "content": content,
        "attachments": [png_file(png, "replay.png", t("replay.alt", locale))],
        "view": replay_view(
            replay,
            step,
            locale,
            shareable=await shows_game_here(interaction, replay.stored.channel_id),
        ),
    }


async def open_replay(interaction: CinchInteraction, game_id: int, number: int) -> None:
    """Answer with a new private replay message at its first step.

    A hand is reviewed in the background as it ends; opened before that review is done, the
    replay waits for it, so the answer is deferred first.
    """
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await interaction_locale(interaction)
    replay = await seen_replay(interaction, game_id, number)
    message = await replay_message(interaction, replay, 0, locale)
    files = message.pop("attachments")
    await interaction.followup.send(files=files, ephemeral=True, **message)


class ReplayStepButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:replay:(?P<game>\d+):(?P<hand>\d+):(?P<step>\d+):(?P<nav>[fpnl])",
):
    """First, Previous, Next or Last: the replay message shows that step instead."""

    def __init__(self, game_id: int, number: int, step: int, nav: str, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label or nav,
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:replay:{game_id}:{number}:{step}:{nav}",
            )
        )
        self.game_id, self.number, self.step = game_id, number, step

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayStepButton:
        return cls(int(match["game"]), int(match["hand"]), int(match["step"]), match["nav"])

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        locale = await interaction_locale(interaction)
        replay = await seen_replay(interaction, self.game_id, self.number)
        step = min(self.step, replay.step_count - 1)
        await interaction.response.edit_message(
            **await replay_message(interaction, replay, step, locale)
        )


class ReplayOpenButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:replay-open:(?P<game>\d+):(?P<hand>\d+)",
):
    """ "Replay hand" under a hand's result: whoever clicks gets its replay privately."""

    def __init__(self, game_id: int, number: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("replay.button.open", locale),
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:replay-open:{game_id}:{number}",
            )
        )
        self.game_id, self.number = game_id, number

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayOpenButton:
        return cls(int(match["game"]), int(match["hand"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await open_replay(interaction, self.game_id, self.number)


class ReplayPickSelect(
    discord.ui.DynamicItem[discord.ui.Select], template=r"cinch:replay-pick:(?P<game>\d+)"
):
    """The hands of a game in ``/cinch-boards history``: choosing one opens its replay."""

    def __init__(
        self,
        game_id: int,
        numbers: Sequence[int] = (),
        locale: str | None = None,
        *,
        item: discord.ui.Select | None = None,
    ) -> None:
        select = item or discord.ui.Select(
            custom_id=f"cinch:replay-pick:{game_id}",
            placeholder=t("replay.pick", locale),
            options=[
                discord.SelectOption(
                    label=t("replay.pick_option", locale, number=number), value=str(number)
                )
                for number in numbers[:MAX_PICKS]
            ],
        )
        super().__init__(select)
        self.game_id = game_id

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayPickSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(int(match["game"]), item=item)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await open_replay(interaction, self.game_id, int(self.item.values[0]))


def _animation(replay: Replay, locale: str | None) -> bytes:
    scenes = [replay_scene(replay, step, locale) for step in range(replay.step_count)]
    return render_replay_animation(scenes)


class ReplayShareButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:replay-share:(?P<game>\d+):(?P<hand>\d+)",
):
    """ "Share replay": the whole hand as one animated picture in the channel, in the table's
    language, for everyone to see again; only where every reader could see the game."""

    def __init__(self, game_id: int, number: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("replay.button.share", locale),
                style=discord.ButtonStyle.primary,
                custom_id=f"cinch:replay-share:{game_id}:{number}",
                row=1,
            )
        )
        self.game_id, self.number = game_id, number

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ReplayShareButton:
        return cls(int(match["game"]), int(match["hand"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        check_table_permissions(interaction)
        await interaction.response.defer()
        replay = await seen_replay(interaction, self.game_id, self.number)
        if not await shows_game_here(interaction, replay.stored.channel_id):
            raise UserFacingError("replay.share_elsewhere")
        locale = replay.stored.locale
        picture = await asyncio.to_thread(_animation, replay, locale)
        sharer = in_message(interaction.user.display_name)
        text = t("replay.shared", locale, name=sharer, number=self.number)
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(
            content=text,
            file=png_file(picture, "replay.png", t("replay.alt", locale)),
            allowed_mentions=discord.AllowedMentions.none(),
        )


#: Every replay component, registered by the ``/cinch`` extension.
REPLAY_COMPONENTS = (ReplayStepButton, ReplayOpenButton, ReplayPickSelect, ReplayShareButton)
