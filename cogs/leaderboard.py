"""``/cinch leaderboard``, ``/cinch stats``, ``/cinch history`` and ``/cinch boards ...``.

The figures come from ``bot.stats`` (kept up to date at each game's end); this cog only asks
for them, draws them off the event loop, and answers. Leaderboard pages and history entries are
``DynamicItem`` buttons whose custom ids say everything needed to answer a click, so they keep
working after a restart.
"""

from __future__ import annotations

import asyncio
import io
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot import stats
from bot.engine.cards import Suit
from bot.errors import UserFacingError
from bot.i18n import picture_words, t, tn
from bot.render import GameSummaryScene, SideScene, Words, render_game_summary
from bot.render.board import render_board
from bot.render.player_card import render_player_card
from bot.stats.pictures import board_scene, card_scene, metric_name, period_name
from bot.store import UNSET
from cogs.errors import ReportsErrors, reports_errors, require_table_permissions
from cogs.group import CinchCog
from cogs.preferences import interaction_locale
from cogs.translator import command_strings, localised_choices, localised_options

if TYPE_CHECKING:
    from bot.factory import CinchBot

CONFIRM_SECONDS = 120
HISTORY_BUTTONS_PER_ROW = 5

METRIC_CHOICES = localised_choices({f"board.metric.{m.value}": m.value for m in stats.Metric})
PERIOD_CHOICES = localised_choices({f"board.period.{p.value}": p.value for p in stats.Period})


def _store(interaction: discord.Interaction) -> Any:
    return interaction.client.store  # type: ignore[attr-defined]


def _png(data: bytes, name: str, description: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name, description=description)


# ---------------------------------------------------------------------------- leaderboard


async def _viewer_note(
    interaction: discord.Interaction, page: stats.BoardPage, locale: str
) -> str | None:
    """Why the viewer is not on the board, if they are not."""
    if page.viewer is not None:
        return None
    name = interaction.user.display_name
    preferences = await _store(interaction).preferences.get(interaction.user.id)
    if preferences.hidden_from_boards:
        return t("board.viewer_hidden", locale, name=name)
    missing = stats.min_games(page.metric) - page.viewer_games
    if missing > 0:
        return tn("board.viewer_needs_games", missing, locale, name=name)
    return t("board.viewer_not_ranked", locale, name=name)


async def board_reply(
    interaction: discord.Interaction, metric: stats.Metric, period: stats.Period, page: int
) -> dict[str, Any]:
    """The leaderboard message (picture, note, page buttons) as the clicker or caller sees it."""
    locale = await interaction_locale(interaction)
    board = await stats.leaderboard(
        _store(interaction),
        interaction.guild_id,
        metric,
        period,
        page=page,
        viewer=stats.user_key(interaction.user.id),
    )
    png = await asyncio.to_thread(render_board, board_scene(board, locale))
    description = t(
        "board.alt",
        locale,
        metric=metric_name(metric, locale),
        period=period_name(period, locale),
        page=board.page + 1,
        pages=board.pages,
    )
    view = discord.ui.View(timeout=None)
    for step in (-1, 1):
        view.add_item(BoardPageButton(metric, period, board.page, step, board.pages, locale))
    return {
        "content": await _viewer_note(interaction, board, locale),
        "attachments": [_png(png, "leaderboard.png", description)],
        "view": view,
    }


class BoardPageButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:board:(?P<metric>[a-z_]+):(?P<period>[a-z]+):(?P<page>\d+):(?P<step>-1|1)",
):
    """Previous (step -1) or Next (step 1) from a board page; anyone may page."""

    def __init__(
        self,
        metric: stats.Metric,
        period: stats.Period,
        page: int,
        step: int,
        pages: int = 1,
        locale: str | None = None,
    ) -> None:
        target = page + step
        super().__init__(
            discord.ui.Button(
                label=t("board.previous" if step < 0 else "board.next", locale),
                style=discord.ButtonStyle.secondary,
                disabled=not 0 <= target < pages,
                custom_id=f"cinch:board:{metric.value}:{period.value}:{page}:{step}",
            )
        )
        self.metric, self.period, self.target = metric, period, target

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> BoardPageButton:
        return cls(
            stats.Metric(match["metric"]),
            stats.Period(match["period"]),
            int(match["page"]),
            int(match["step"]),
        )

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        reply = await board_reply(interaction, self.metric, self.period, max(self.target, 0))
        await interaction.response.edit_message(**reply)


# ---------------------------------------------------------------------------- history


def _side_text(side: stats.HistorySide, locale: str) -> str:
    names = t("picture.names_joiner", locale).join(side.names)
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
        name=line.maker,
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
    """Shows one listed game hand by hand, to whoever clicks, privately."""

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
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]
    ) -> HistoryGameButton:
        return cls(int(match["game"]))

    @reports_errors
    async def callback(self, interaction: discord.Interaction) -> None:
        locale = await interaction_locale(interaction)
        detail = await stats.game_hands(_store(interaction), interaction.guild_id, self.game_id)
        if detail is None:
            raise UserFacingError("history.not_found")
        heading = f"{_date(detail.game)} · {_game_text(detail.game, locale)}"
        embed = discord.Embed(
            title=t("history.hands_title", locale),
            description="\n".join([heading, *(_hand_text(hand, locale) for hand in detail.hands)]),
        )
        png = await asyncio.to_thread(_game_summary, detail, locale)
        files = []
        if png is not None:
            files.append(_png(png, "game.png", t("history.chart_alt", locale)))
            embed.set_image(url="attachment://game.png")
        await interaction.response.send_message(embed=embed, files=files, ephemeral=True)


# ---------------------------------------------------------------------------- boards admin


class ConfirmReset(ReportsErrors, discord.ui.View):
    """Asks the member who ran ``/cinch boards reset`` to confirm it (their message only)."""

    def __init__(self, locale: str) -> None:
        super().__init__(timeout=CONFIRM_SECONDS)
        self.locale = locale
        self.confirm.label = t("boards.reset.button", locale)
        self.cancel.label = t("boards.reset.cancel", locale)

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await stats.reset(_store(interaction), interaction.guild_id)
        self.stop()
        await interaction.response.edit_message(
            content=t("boards.reset.done", self.locale), view=None
        )

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=t("boards.reset.cancelled", self.locale), view=None
        )


def describe_board_settings(settings: stats.BoardSettings, locale: str) -> str:
    computers = (
        "boards.settings.computers_shown"
        if settings.show_computers
        else ("boards.settings.computers_hidden")
    )
    abandoned = (
        "boards.settings.abandoned_counted"
        if settings.count_abandoned
        else ("boards.settings.abandoned_ignored")
    )
    title = t("boards.settings.title", locale)
    return "\n".join([f"**{title}**", f"- {t(computers, locale)}", f"- {t(abandoned, locale)}"])


manage_server = app_commands.checks.has_permissions(manage_guild=True)


class Leaderboard(CinchCog):
    """Community boards: rankings, player cards, the games played, and their upkeep."""

    boards = app_commands.Group(**command_strings("cinch.boards"))

    @app_commands.command(**command_strings("cinch.leaderboard"))
    @localised_options("cinch.leaderboard", "by", "period")
    @app_commands.choices(by=METRIC_CHOICES, period=PERIOD_CHOICES)
    @require_table_permissions
    async def show_leaderboard(
        self,
        interaction: discord.Interaction,
        by: app_commands.Choice[str] | None = None,
        period: app_commands.Choice[str] | None = None,
    ) -> None:
        metric = stats.Metric(by.value) if by else stats.Metric.RATING
        cut = stats.Period(period.value) if period else stats.Period.ALL
        await interaction.response.defer(thinking=True)
        reply = await board_reply(interaction, metric, cut, page=0)
        await interaction.followup.send(
            content=reply["content"], files=reply["attachments"], view=reply["view"]
        )

    @app_commands.command(**command_strings("cinch.stats"))
    @localised_options("cinch.stats", "player")
    @require_table_permissions
    async def show_stats(
        self, interaction: discord.Interaction, player: discord.Member | None = None
    ) -> None:
        subject = player or interaction.user
        store = self.bot.store
        hidden = (await store.preferences.get(subject.id)).hidden_from_boards
        if hidden and subject.id != interaction.user.id:
            raise UserFacingError("stats.hidden", name=subject.display_name)
        card = await stats.player_card(store, interaction.guild_id, stats.user_key(subject.id))
        if card is None:
            raise UserFacingError("stats.no_games", name=subject.display_name)
        locale = await interaction_locale(interaction)
        # Someone who hides from the boards still sees their own card, just not in public.
        await interaction.response.defer(thinking=True, ephemeral=hidden)
        png = await asyncio.to_thread(render_player_card, card_scene(card, locale))
        alt = t("stats.alt", locale, name=card.name)
        await interaction.followup.send(file=_png(png, "player.png", alt), ephemeral=hidden)

    @app_commands.command(**command_strings("cinch.history"))
    @require_table_permissions
    async def show_history(self, interaction: discord.Interaction) -> None:
        locale = await interaction_locale(interaction)
        games = await stats.recent_games(self.bot.store, interaction.guild_id)
        if not games:
            raise UserFacingError("history.empty")
        view = discord.ui.View(timeout=None)
        lines = [f"**{t('history.title', locale)}**"]
        for number, game in enumerate(games, start=1):
            lines.append(f"{number}. {_date(game)} · {_game_text(game, locale)}")
            button = HistoryGameButton(game.game_id, number)
            button.item.row = (number - 1) // HISTORY_BUTTONS_PER_ROW
            view.add_item(button)
        await interaction.response.send_message("\n".join(lines), view=view)

    @boards.command(**command_strings("cinch.boards.reset"))
    @manage_server
    async def reset_boards(self, interaction: discord.Interaction) -> None:
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(
            t("boards.reset.confirm", locale), view=ConfirmReset(locale), ephemeral=True
        )

    @boards.command(**command_strings("cinch.boards.rebuild"))
    @manage_server
    async def rebuild_boards(self, interaction: discord.Interaction) -> None:
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True, ephemeral=True)
        counted = await stats.rebuild(self.bot.store, interaction.guild_id)
        await interaction.followup.send(tn("boards.rebuild.done", counted, locale), ephemeral=True)

    @boards.command(**command_strings("cinch.boards.settings"))
    @localised_options("cinch.boards.settings", "computers", "abandoned")
    @manage_server
    async def board_settings(
        self,
        interaction: discord.Interaction,
        computers: bool | None = None,
        abandoned: bool | None = None,
    ) -> None:
        locale = await interaction_locale(interaction)
        store = self.bot.store
        if computers is None and abandoned is None:
            settings = await stats.board_settings(store, interaction.guild_id)
            text = describe_board_settings(settings, locale)
        else:
            settings = await stats.update_board_settings(
                store,
                interaction.guild_id,
                show_computers=UNSET if computers is None else computers,
                count_abandoned=UNSET if abandoned is None else abandoned,
            )
            text = f"{t('settings.saved', locale)}\n{describe_board_settings(settings, locale)}"
        await interaction.response.send_message(text, ephemeral=True)


async def setup(bot: CinchBot) -> None:
    bot.add_dynamic_items(BoardPageButton, HistoryGameButton)
    await bot.add_cog(Leaderboard(bot))
