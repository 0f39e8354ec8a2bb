"""``/cinch-boards history``: the server's recent games, and one game hand by hand on a click, with
a choice of its hands to replay.

Each listed game has a ``DynamicItem`` button whose custom id names the game, so the list keeps
working after a restart.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot import stats
from bot.engine.cards import Suit
from bot.errors import UserFacingError
from bot.i18n import picture_words, t
from bot.presentation.user_text import in_message
from bot.render import GameSummaryScene, SideScene, Words, render_game_summary
from cogs.records.replay import ReplayPickSelect
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.game_access import sees_game
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import CONTENT_LIMIT, EMBED_DESCRIPTION_LIMIT, fit, png_file

HISTORY_BUTTONS_PER_ROW = 5


def history_message(games: list[stats.HistoryGame], locale: str) -> tuple[str, discord.ui.View]:
    """The list of recent games, numbered, with a button per game to see its hands: as many
    of the latest as Discord's limit of a message's length allows."""
    view = discord.ui.View(timeout=None)
    lines = [f"**{t('history.title', locale)}**"]
    length = len(lines[0])
    for number, game in enumerate(games, start=1):
        line = f"{number}. {_date(game)} · {_game_text(game, locale)}"
        length += len(line) + 1
        if length > CONTENT_LIMIT:
            break
        lines.append(line)
        button = HistoryGameButton(game.game_id, number)
        button.item.row = (number - 1) // HISTORY_BUTTONS_PER_ROW
        view.add_item(button)
    return "\n".join(lines), view


def _side_text(side: stats.HistorySide, locale: str) -> str:
    names = t("picture.names_joiner", locale).join(in_message(name) for name in side.names)
    text = f"{names} {side.score}"
    return f"**{text}**" if side.won else text


def _game_text(game: stats.HistoryGame, locale: str) -> str:
    """The sides and their scores, winners in bold, and whether the game ended early."""
    sides = " – ".join(_side_text(side, locale) for side in game.sides)
    if not game.finished:
        sides = f"{sides} {t('history.ended_early', locale)}"
    return sides


def _date(game: stats.HistoryGame) -> str:
    """A date each reader's Discord shows in their own time zone and language."""
    return discord.utils.format_dt(game.ended_at, "d")


def _hand_text(line: stats.HandLine, locale: str) -> str:
    scores = " / ".join(
        f"{change:+d} → {total}" for change, total in zip(line.changes, line.totals, strict=True)
    )
    if line.maker is None or line.contract is None:
        return t("history.hand_without_bid", locale, number=line.number, scores=scores)
    result = t(
        "picture.contract_made" if line.made else "picture.contract_set",
        locale,
        name=in_message(line.maker),
        bid=line.contract,
    )
    trump = Suit(line.trump).symbol if line.trump else ""
    return t(
        "history.hand_line", locale, number=line.number, result=result, trump=trump, scores=scores
    )


def _game_summary(detail: stats.GameHands, locale: str) -> bytes | None:
    """The existing end-of-game picture with its score chart, for games someone won."""
    game = detail.game
    winners = tuple(index for index, side in enumerate(game.sides) if side.won)
    if not winners or not detail.hands:
        return None
    joiner = t("picture.names_joiner", locale)
    scene = GameSummaryScene(
        sides=tuple(SideScene(joiner.join(side.names), side.score) for side in game.sides),
        winners=winners,
        progression=tuple(line.totals for line in detail.hands),
        target=detail.target,
        words=Words(**picture_words(locale)),
    )
    return render_game_summary(scene)


class HistoryGameButton(
    discord.ui.DynamicItem[discord.ui.Button], template=r"cinch:history:(?P<game>\d+)"
):
    """Shows one listed game hand by hand, privately, to whoever clicks and may see it."""

    def __init__(self, game_id: int, number: int = 0) -> None:
        super().__init__(
            discord.ui.Button(
                label=str(number),
                style=discord.ButtonStyle.secondary,
                custom_id=f"cinch:history:{game_id}",
            )
        )
        self.game_id = game_id

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> HistoryGameButton:
        return cls(int(match["game"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        locale = await interaction_locale(interaction)
        detail = await interaction.client.boards.game(guild_of(interaction), self.game_id)
        if not await sees_game(interaction, detail.game.channel_id):
            raise UserFacingError("history.not_found")
        heading = f"{_date(detail.game)} · {_game_text(detail.game, locale)}"
        hands = "\n".join([heading, *(_hand_text(hand, locale) for hand in detail.hands)])
        embed = discord.Embed(
            title=t("history.hands_title", locale), description=fit(hands, EMBED_DESCRIPTION_LIMIT)
        )
        png = await asyncio.to_thread(_game_summary, detail, locale)
        files = []
        if png is not None:
            files.append(png_file(png, "game.png", t("history.chart_alt", locale)))
            embed.set_image(url="attachment://game.png")
        view = discord.ui.View(timeout=None)
        if detail.hands:
            numbers = [hand.number for hand in detail.hands]
            view.add_item(ReplayPickSelect(self.game_id, numbers, locale))
        await interaction.response.send_message(
            embed=embed, files=files, view=view, ephemeral=True
        )
