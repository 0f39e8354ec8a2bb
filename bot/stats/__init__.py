"""Leaderboards, player statistics and skill ratings; no Discord here.

Everything is derived from what the store already keeps (results, result players, hands and
their sides), into the ``stat_*`` tables of migration 0002, so any server's boards can be
deleted and rebuilt from its stored games at any time.

At the end of every game, after ``store.games.finish(...)``::

    from bot.stats import record_game
    await record_game(store, game_id)

or, in the transaction that stores the game's end (a game won by an action ends in one commit),
``count_game(tx, game_id)``.

Then read the boards::

    page = await leaderboard(store, guild_id, Metric.WINS, Period.MONTH, viewer=user_key(id))
    card = await player_card(store, guild_id, user_key(id))
"""

from bot.stats.board_settings import BoardSettings
from bot.stats.boards import (
    MIN_GAMES,
    PAGE_SIZE,
    BoardEntry,
    BoardPage,
    Metric,
    leaderboard,
    min_games,
)
from bot.stats.card_play import CARD_PLAY_GAMES, card_play_losses
from bot.stats.game_channels import game_channels
from bot.stats.history import (
    HISTORY_SIZE,
    GameHands,
    HandLine,
    HistoryGame,
    HistorySide,
    game_hands,
    recent_games,
)
from bot.stats.periods import Period, period_start
from bot.stats.player_cards import Partner, PlayerCard, player_card
from bot.stats.players import computer_key, is_computer, user_key
from bot.stats.ratings import Skill
from bot.stats.recorder import (
    board_settings,
    count_game,
    rebuild,
    record_game,
    reset,
    update_board_settings,
)

__all__ = [
    "CARD_PLAY_GAMES",
    "HISTORY_SIZE",
    "MIN_GAMES",
    "PAGE_SIZE",
    "BoardEntry",
    "BoardPage",
    "BoardSettings",
    "GameHands",
    "HandLine",
    "HistoryGame",
    "HistorySide",
    "Metric",
    "Partner",
    "Period",
    "PlayerCard",
    "Skill",
    "board_settings",
    "card_play_losses",
    "computer_key",
    "count_game",
    "game_channels",
    "game_hands",
    "is_computer",
    "leaderboard",
    "min_games",
    "period_start",
    "player_card",
    "rebuild",
    "recent_games",
    "record_game",
    "reset",
    "update_board_settings",
    "user_key",
]
