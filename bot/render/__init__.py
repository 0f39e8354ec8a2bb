"""Pictures of the game, drawn with Pillow from plain data and returned as PNG bytes.

Each function takes a frozen scene (see `scenes`) and nothing else, always draws the same
picture for the same scene (not always the same compressed bytes: docs/pictures.md), and knows
nothing of Discord: call it with `asyncio.to_thread`. Every word drawn comes from the scene's
`words` (English by default), so translations plug in unchanged.
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
