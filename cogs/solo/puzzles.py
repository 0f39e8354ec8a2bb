"""The puzzles in Discord, opened by ``/cinch puzzle`` and ``/cinch-boards puzzles``: the
puzzle's private message with a button per legal card, the answer with the line's picture, and
the server's puzzle board.

Every component is a ``DynamicItem`` whose custom id says all it needs, so a message sent
before a restart keeps working:

- ``cinch:pz:<puzzle>:<card>``: play that card as the puzzle's answer;
- ``cinch:pz-next``: another puzzle, in the same message;
- ``cinch:pz-board``: the server's puzzle board, privately.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot.engine import Card
from bot.i18n import t
from bot.presentation.user_text import one_line
from bot.puzzles import PuzzleShown
from bot.puzzles.scenes import board_scene, line_scene, position_scene, puzzle_text
from bot.render.puzzle_line import render_line
from bot.render.ranking import render_ranking
from bot.render.replay_picture import render_replay
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import Parts


async def puzzle_parts(interaction: CinchInteraction, shown: PuzzleShown) -> Parts:
    """The puzzle's message: the position and a button per legal card; once answered, the
    answer, the line's picture, and the way on."""
    locale = await interaction_locale(interaction)
    view = discord.ui.View(timeout=None)
    position = shown.position
    if shown.answer is None:
        scene = position_scene(position, locale)
        picture = await asyncio.to_thread(render_replay, scene)
        for card in position.legal:
            view.add_item(AnswerButton(shown.puzzle_id, card, locale))
        alt = t("puzzle.alt.position", locale)
    else:
        picture = await asyncio.to_thread(render_line, line_scene(position, locale))
        view.add_item(NextPuzzleButton(locale))
        view.add_item(PuzzleBoardButton(locale))
        alt = t("puzzle.alt.line", locale)
    return Parts(puzzle_text(shown, locale), picture, "puzzle.png", view, alt=alt)


async def puzzle_board_parts(interaction: CinchInteraction) -> Parts:
    locale = await interaction_locale(interaction)
    board = await interaction.client.puzzles.board(guild_of(interaction), interaction.user.id)
    scene = board_scene(board, locale)
    picture = await asyncio.to_thread(render_ranking, scene)
    return Parts(f"**{scene.title}**", picture, "board.png", alt=t("puzzle.alt.board", locale))


async def first_puzzle(interaction: CinchInteraction) -> Parts:
    """Today's puzzle, or a practice one once today's was tried."""
    shown = await interaction.client.puzzles.first(interaction.user.id)
    return await puzzle_parts(interaction, shown)


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:pz:(?P<puzzle>\d+):(?P<card>[0-9A-Z]{2,3})",
):
    """One legal card: the clicker's answer to the puzzle."""

    def __init__(self, puzzle_id: int, card: Card, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("action.play_card", locale, card=card.display),
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:pz:{puzzle_id}:{card.code}",
            )
        )
        self.puzzle_id, self.card = puzzle_id, card

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AnswerButton:
        return cls(int(match["puzzle"]), Card.parse(match["card"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        # The answer is stored and its line drawn: acknowledge first, within Discord's 3 seconds.
        await interaction.response.defer()
        shown = await interaction.client.puzzles.answer(
            guild_of(interaction),
            interaction.user.id,
            one_line(interaction.user.display_name),
            self.puzzle_id,
            self.card,
        )
        parts = await puzzle_parts(interaction, shown)
        await interaction.edit_original_response(**parts.edit_kwargs())


class NextPuzzleButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cinch:pz-next"):
    """After an answer: another puzzle, in the same message."""

    def __init__(self, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("puzzle.button.next", locale),
                style=discord.ButtonStyle.primary,
                custom_id="cinch:pz-next",
            )
        )

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> NextPuzzleButton:
        return cls()

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        # A new puzzle may have to be found in dealt hands first: acknowledge before.
        await interaction.response.defer()
        shown = await interaction.client.puzzles.practice(interaction.user.id)
        parts = await puzzle_parts(interaction, shown)
        await interaction.edit_original_response(**parts.edit_kwargs())


class PuzzleBoardButton(discord.ui.DynamicItem[discord.ui.Button], template=r"cinch:pz-board"):
    """After an answer: the server's puzzle board, privately."""

    def __init__(self, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t("puzzle.button.board", locale),
                style=discord.ButtonStyle.secondary,
                custom_id="cinch:pz-board",
            )
        )

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleBoardButton:
        return cls()

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # a board is drawn
        parts = await puzzle_board_parts(interaction)
        await interaction.followup.send(ephemeral=True, **parts.send_kwargs())


#: Every component of the puzzles, registered by the ``/cinch`` extension.
PUZZLE_COMPONENTS = (AnswerButton, NextPuzzleButton, PuzzleBoardButton)
