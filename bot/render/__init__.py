"""Pictures of the game, drawn with Pillow from plain data and returned as PNG bytes.

Each function takes a frozen scene (see `scenes`) and nothing else, always draws the same
picture for the same scene, and knows nothing of Discord: call it with `asyncio.to_thread`. (The
compressed bytes may differ: ISA-L's deflate, compressing in several threads at once, has been
seen to write other bytes for the same rows, which give back the same pixels.) Every word drawn
comes from the scene's `words` (English by default), so translations plug in unchanged.
"""

from bot.render.hand import display_order, render_hand
from bot.render.scenes import (
    GameSummaryScene,
    HandScene,
    HandSummaryScene,
    NamedPlay,
    PlayedCard,
    PointAward,
    PointFate,
    SeatScene,
    SideResult,
    SideScene,
    TableScene,
)
from bot.render.summary import render_game_summary, render_hand_summary
from bot.render.table_picture import render_table
from bot.render.words import ENGLISH, Words

__all__ = [
    "ENGLISH",
    "GameSummaryScene",
    "HandScene",
    "HandSummaryScene",
    "NamedPlay",
    "PlayedCard",
    "PointAward",
    "PointFate",
    "SeatScene",
    "SideResult",
    "SideScene",
    "TableScene",
    "Words",
    "display_order",
    "render_game_summary",
    "render_hand",
    "render_hand_summary",
    "render_table",
]
