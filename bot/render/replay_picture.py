"""One step of a finished hand's replay: the public table, and every hand under it.

The top is the table picture itself (`table_picture.paint_table`); under it each seat has a row
with its cards face up, in the order its own hand shows them (`display_order`), the card it
played to the trick raised and framed, and a short note (what it drew, or what the review says
about its card). A replay is only ever drawn once the hand is over, so showing every card is
what it is for.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.engine.cards import Card
from bot.render import deck
from bot.render.canvas import Painter, felt, paste_card, to_png
from bot.render.hand import display_order
from bot.render.scenes import TableScene
from bot.render.style import BAD, FELT_DARK, HIGHLIGHT, PANEL, TEXT, TEXT_DIM, side_colour
from bot.render.table_picture import paint_table

ROW_CARD = 56
#: The widest step between cards: side by side, just apart.
ROW_STEP = 62
ROW_HEIGHT = 136
ROW_MARGIN = 16
#: The name sits above the cards, which fill the left of the row; the notes the right.
NAME_TOP = 22
CARDS_TOP = 44
CARDS_LEFT = ROW_MARGIN + 16
NOTE_LEFT = 376
MAX_NOTES = 4
#: Nine cards overlap to fit before the notes; six or fewer sit side by side.
CARDS_ROOM = NOTE_LEFT - 16 - CARDS_LEFT - ROW_CARD
RAISE = 12
FOOTER_LINE = 28
NAME_SIZE, NOTE_SIZE = 20, 17


@dataclass(frozen=True, slots=True)
class ReplayRow:
    """One seat under the table: its cards at this step and a note on what it did."""

    name: str
    side: int
    cards: tuple[Card, ...]
    #: The card the seat played to the trick shown (raised and framed), if any.
    played: Card | None = None
    #: Cards the seat has just drawn (framed), on the draw step.
    drawn: frozenset[Card] = frozenset()
    #: Up to four lines about this seat at this step, already in the reader's language.
    notes: tuple[str, ...] = ()
    #: How many of the first notes say the seat's card cost its side points (drawn in the
    #: warning colour).
    costly_lines: int = 0


@dataclass(frozen=True, slots=True)
class ReplayScene:
    """A replay step: the table as it was, every seat's row, and closing lines."""

    table: TableScene
    rows: tuple[ReplayRow, ...]
    #: Lines under the rows (the hand's review summary), already in the reader's language.
    footer: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.rows) != len(self.table.seats):
            raise ValueError("a replay needs one row per seat")


class _ReplayPainter(Painter):
    """Draws the rows and the footer under a copy of the table picture."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        table = paint_table(scene.table)
        self.width, self.top = table.size
        footer = FOOTER_LINE * len(scene.footer)
        height = self.top + ROW_HEIGHT * len(scene.rows) + footer + 16
        self.image, self.draw = felt((self.width, height), FELT_DARK)
        self.image.paste(table, (0, 0))

    def paint(self) -> Image.Image:
        for index, row in enumerate(self.scene.rows):
            self.row(row, self.top + index * ROW_HEIGHT)
        top = self.top + ROW_HEIGHT * len(self.scene.rows)
        for index, line in enumerate(self.scene.footer):
            y = top + FOOTER_LINE * index + FOOTER_LINE // 2
            width = self.width - 2 * ROW_MARGIN
            self.text((ROW_MARGIN, y), line, NOTE_SIZE, TEXT, max_width=width)
        return self.image

    def row(self, row: ReplayRow, top: int) -> None:
        self.draw.rounded_rectangle(
            (8, top + 4, self.width - 8, top + ROW_HEIGHT - 4), radius=12, fill=PANEL
        )
        self.draw.rounded_rectangle(
            (ROW_MARGIN, top + 14, ROW_MARGIN + 6, top + ROW_HEIGHT - 14),
            radius=3,
            fill=side_colour(row.side),
        )
        name_width = NOTE_LEFT - 16 - CARDS_LEFT
        self.text((CARDS_LEFT, top + NAME_TOP), row.name, NAME_SIZE, TEXT, max_width=name_width)
        self.cards(row, top + CARDS_TOP + RAISE)
        shown = row.notes[:MAX_NOTES]
        middle = top + ROW_HEIGHT // 2
        for index, note in enumerate(shown):
            colour = BAD if index < row.costly_lines else TEXT_DIM
            y = middle + (index - (len(shown) - 1) / 2) * (NOTE_SIZE + 8)
            width = self.width - NOTE_LEFT - 16
            self.text((NOTE_LEFT, y), note, NOTE_SIZE, colour, max_width=width)

    def cards(self, row: ReplayRow, top: int) -> None:
        height = deck.card_height(ROW_CARD)
        trump = self.scene.table.trump
        step = min(ROW_STEP, CARDS_ROOM // max(len(row.cards) - 1, 1))
        for position, card in enumerate(display_order(row.cards, trump)):
            x = CARDS_LEFT + position * step
            y = top - RAISE if card == row.played else top
            if card == row.played or card in row.drawn:
                self.draw.rounded_rectangle(
                    (x - 4, y - 4, x + ROW_CARD + 4, y + height + 4), radius=8, fill=HIGHLIGHT
                )
            paste_card(self.image, card, (x, y), ROW_CARD, self.scene.table.four_colour)


def paint_replay(scene: ReplayScene) -> Image.Image:
    """The replay step in true colour (the frames of an animated replay are these)."""
    return _ReplayPainter(scene).paint()


def render_replay(scene: ReplayScene) -> bytes:
    """The replay step as PNG bytes, as wide as the table picture."""
    return to_png(paint_replay(scene))
