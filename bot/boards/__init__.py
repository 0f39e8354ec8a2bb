"""The boards' service: a server's leaderboards, player cards, the games played and their
upkeep, asked for by intention and answered with plain data (:class:`Boards`)."""

from bot.boards.service import Boards
from bot.boards.shown import Absence, BoardShown, Covered

__all__ = ["Absence", "BoardShown", "Boards", "Covered"]
