"""The boards: the one object the Discord layer asks for a server's leaderboards, a player's
card, the games played, and the boards' upkeep.

The figures are derived by :mod:`bot.stats` as each game ends, and a season's board by
:mod:`bot.league.season_boards` from the same games; this object takes what a member or an
admin asks for (a page of a board, someone's card, a game's hands, a reset, a setting) and
answers with plain data (:mod:`bot.boards.shown`), refusing in one friendly line what cannot be
shown. Who may see which channel's games is Discord's to say: the Discord layer asks
:meth:`Boards.game_channels`, keeps those the reader may see, and passes them back.
"""

from __future__ import annotations

from collections.abc import Collection

from bot import stats
from bot.boards.shown import Absence, BoardShown, Covered
from bot.errors import UserFacingError
from bot.league.season_boards import season_board
from bot.league.season_scenes import season_board_scene, season_name
from bot.league.seasons import Season, pick_season, seasons
from bot.presentation.user_text import in_message
from bot.render.player_card import PlayerCardScene
from bot.stats.board_scenes import board_scene, card_scene, period_name
from bot.store import UNSET, Store


class Boards:
    """A server's boards, player cards and history, and their upkeep (see the module)."""

    def __init__(self, store: Store) -> None:
        self._store = store

    # ------------------------------------------------------------------ the leaderboards

    async def seasons(self, guild_id: int) -> list[Season]:
        """The server's seasons, the first first (a board may cover any of them)."""
        return await seasons(self._store, guild_id)

    async def season(self, guild_id: int, number: int | None) -> Season:
        """The season a board is asked for: by its number, else the one running (or, between
        seasons, the last one that started); refused when there is no such season."""
        return await pick_season(self._store, guild_id, number)

    async def leaderboard(
        self,
        guild_id: int,
        metric: stats.Metric,
        covered: Covered,
        *,
        page: int,
        viewer_id: int,
        locale: str | None,
    ) -> BoardShown:
        """A page of the board of a period or of a season (by its number), with the reader's
        own row wherever it is, or why they are not on it."""
        viewer = stats.user_key(viewer_id)
        if isinstance(covered, int):
            season = await self.season(guild_id, covered)
            board = await season_board(
                self._store, guild_id, season.window, metric, page=page, viewer=viewer
            )
            scene = season_board_scene(board, season.number, season.window, locale)
            named = season_name(season.number, season.window, locale)
        else:
            board = await stats.leaderboard(
                self._store, guild_id, metric, covered, page=page, viewer=viewer
            )
            scene = board_scene(board, locale)
            named = period_name(covered, locale)
        absence, missing = None, 0
        if board.viewer is None:
            missing = max(stats.min_games(metric) - board.viewer_games, 0)
            if await self._hidden(viewer_id):
                absence, missing = Absence.HIDDEN, 0
            else:
                absence = Absence.TOO_FEW_GAMES if missing else Absence.NOT_RANKED
        return BoardShown(board, scene, named, absence, missing)

    # ------------------------------------------------------------------ the player cards

    async def game_channels(self, guild_id: int) -> frozenset[int]:
        """Every channel the server's games were played in: the Discord layer keeps those
        whose games the reader may see, and passes them to the card and the history."""
        return await stats.game_channels(self._store, guild_id)

    async def card_is_private(self, subject_id: int, subject_name: str, asker_id: int) -> bool:
        """Whether a player's card may be shown to the asker only: it is when the player hides
        from the boards, and then only they may ask for it (anyone else is refused)."""
        hidden = await self._hidden(subject_id)
        if hidden and subject_id != asker_id:
            raise UserFacingError("stats.hidden", name=in_message(subject_name))
        return hidden

    async def player_card(
        self, guild_id: int, subject_id: int, subject_name: str, channels: Collection[int]
    ) -> stats.PlayerCard:
        """The player's card on the server, its chart keeping to the games of ``channels``;
        refused when they have no counted game."""
        card = await stats.player_card(
            self._store, guild_id, stats.user_key(subject_id), channels=channels
        )
        if card is None:
            raise UserFacingError("stats.no_games", name=in_message(subject_name))
        return card

    async def card_picture(
        self,
        guild_id: int,
        card: stats.PlayerCard,
        subject_id: int,
        channels: Collection[int],
        locale: str | None,
    ) -> PlayerCardScene:
        """The card's picture, with the points the player lost by card play in their latest
        reviewed games of ``channels``."""
        losses = await stats.card_play_losses(self._store, guild_id, subject_id, channels=channels)
        return card_scene(card, locale, losses)

    # ------------------------------------------------------------------ the games played

    async def recent_games(
        self, guild_id: int, channels: Collection[int]
    ) -> list[stats.HistoryGame]:
        """The server's latest games played in ``channels``, the latest first; refused when
        there is none."""
        games = await stats.recent_games(self._store, guild_id, channels=channels)
        if not games:
            raise UserFacingError("history.empty")
        return games

    async def game(self, guild_id: int, game_id: int) -> stats.GameHands:
        """One of the server's games, hand by hand; refused when there is no such game (the
        Discord layer then checks the reader may see its channel)."""
        hands = await stats.game_hands(self._store, guild_id, game_id)
        if hands is None:
            raise UserFacingError("history.not_found")
        return hands

    # ------------------------------------------------------------------ the upkeep

    async def settings(self, guild_id: int) -> stats.BoardSettings:
        """Whether the server's boards show computers and count abandoned games."""
        return await stats.board_settings(self._store, guild_id)

    async def change_settings(
        self,
        guild_id: int,
        *,
        show_computers: bool | None = None,
        count_abandoned: bool | None = None,
    ) -> stats.BoardSettings:
        """Change what is given (``None`` keeps it) and return the settings; the boards are
        rebuilt when what counts changed."""
        if show_computers is None and count_abandoned is None:
            return await self.settings(guild_id)
        return await stats.update_board_settings(
            self._store,
            guild_id,
            show_computers=UNSET if show_computers is None else show_computers,
            count_abandoned=UNSET if count_abandoned is None else count_abandoned,
        )

    async def reset(self, guild_id: int) -> None:
        """Start the server's boards over: the games until now count for nothing any more
        (they stay in the history)."""
        await stats.reset(self._store, guild_id)

    async def rebuild(self, guild_id: int) -> int:
        """Count the server's stored games again from scratch; how many were counted."""
        return await stats.rebuild(self._store, guild_id)

    async def _hidden(self, user_id: int) -> bool:
        """Whether the person hides from the boards, as stored now (a choice made through
        another process counts at once)."""
        return (await self._store.preferences.get(user_id)).hidden_from_boards
