"""Double-dummy puzzles from dealt hands: a position where exactly one card (or touching cards
worth the same) keeps the side's best result, every hand shown; a daily puzzle the same for
everyone, practice puzzles after it, and an Elo rating per person that only a first answer in
time moves (docs/daily.md). No Discord here.

A wing beside the daily deals: it keeps its own rows in the store (migrations 0012 and 0017),
finds puzzles with the open-hand solver in the computer players' worker processes, and hands
the Discord layer plain data::

    puzzles = Puzzles(store, decisions)
    shown = await puzzles.first(user_id)                 # today's, or a practice one
    shown = await puzzles.answer(guild_id, user_id, "ann", shown.puzzle_id, card)
"""

from bot.puzzles.positions import PuzzlePosition
from bot.puzzles.service import Puzzles
from bot.puzzles.shown import Answer, PuzzleBoard, PuzzleShown, RatingLine

__all__ = ["Answer", "PuzzleBoard", "PuzzlePosition", "PuzzleShown", "Puzzles", "RatingLine"]
