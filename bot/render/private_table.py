"""A table and one player's hand in one picture, for a game played alone in a private message.

A phone shows a message's two pictures side by side at half their width each, too small to
read, so a player alone at a table (the daily deal) gets one picture: the table as everyone
would see it (`table_picture.paint_table`), and their own cards under it, made no wider than
the table. A nine-card hand is about 960 px wide and comes down to 720: its words, 28 px,
stay above the table's smallest, 20 px (`table_picture.LABEL`).
"""

from __future__ import annotations

from PIL import Image

from bot.render.canvas import Placed, felt, to_png
from bot.render.hand import hand_layout, paint_hand
from bot.render.scenes import HandScene, TableScene
from bot.render.style import FELT_DARK
from bot.render.table_picture import WIDTH, paint_table, picture_size, table_layout


def hand_scale(hand: Image.Image) -> float:
    """How much the hand is made smaller to be no wider than the table (1: not at all)."""
    return min(1.0, WIDTH / hand.width)


def paint_private_table(table: TableScene, hand: HandScene) -> Image.Image:
    """The table, and the hand under it, centred."""
    top = paint_table(table)
    cards = paint_hand(hand)
    scale = hand_scale(cards)
    if scale < 1:
        size = (round(cards.width * scale), round(cards.height * scale))
        cards = cards.resize(size, Image.Resampling.LANCZOS)
    image, _ = felt((WIDTH, top.height + cards.height), FELT_DARK)
    image.paste(top, (0, 0))
    image.paste(cards, ((WIDTH - cards.width) // 2, top.height))
    return image


def private_table_layout(table: TableScene, hand: HandScene) -> list[Placed]:
    """Everything the picture writes and shows, the hand's at the size it is drawn there (for
    layout tests)."""
    cards = paint_hand(hand)
    scale = hand_scale(cards)
    offset = ((WIDTH - round(cards.width * scale)) // 2, picture_size(len(table.sides))[1])
    return table_layout(table) + [placed.moved(scale, offset) for placed in hand_layout(hand)]


def render_private_table(table: TableScene, hand: HandScene) -> bytes:
    """The table and the hand as PNG bytes, 720 px wide."""
    return to_png(paint_private_table(table, hand))
