"""One step of a finished hand's replay: the public table, and every hand under it.

The top is the table picture itself (`table_picture.paint_table`); under it each seat has a row
with its cards face up, in the order its own hand shows them (`display_order`), the card it
played to the trick raised and framed, and short notes under them (what it drew, or what the
review says about its card). Like the table, it is as wide as a phone shows it well, and nothing
is written smaller than the table's `LABEL`. A replay is only ever drawn once the hand is over,
so showing every card is what it is for.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.engine.cards import Card
from bot.render import deck
from bot.render.canvas import Painter, Placed, felt, paste_card, to_png
from bot.render.hand import display_order
from bot.render.scenes import TableScene
from bot.render.style import BAD, FELT_DARK, HIGHLIGHT, PANEL, TEXT, TEXT_DIM, side_colour
from bot.render.table_picture import LABEL, NAME, WIDTH, paint_table

MARGIN = 16
ROW_GAP = 8
ROW_PAD = 12
SIDE_BAR = 6
NAME_LEFT = MARGIN + SIDE_BAR + 12
NAME_WIDTH = 150
CARDS_LEFT = NAME_LEFT + NAME_WIDTH + 12
ROW_CARD = 64
#: The widest step between cards: side by side, just apart. Nine cards (a deal) overlap.
ROW_STEP = 72
CARDS_ROOM = WIDTH - MARGIN - ROW_PAD - CARDS_LEFT - ROW_CARD
RAISE = 12
NOTE_LINE = 28
MAX_NOTES = 4


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


def _row_height(row: ReplayRow) -> int:
    """A row: its cards (the played one raised) with the name beside them, then its notes."""
    notes = len(row.notes[:MAX_NOTES])
    return 2 * ROW_PAD + RAISE + deck.card_height(ROW_CARD) + NOTE_LINE * notes


class _ReplayPainter(Painter):
    """Draws the rows and the footer under a copy of the table picture."""

    def __init__(self, scene: ReplayScene) -> None:
        self.scene = scene
        table = paint_table(scene.table)
        self.table_height = table.height
        rows = sum(_row_height(row) + ROW_GAP for row in scene.rows)
        height = table.height + rows + NOTE_LINE * len(scene.footer) + ROW_PAD
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)
        self.image.paste(table, (0, 0))
        self.layout = []

    def paint(self) -> Image.Image:
        top = self.table_height
        for row in self.scene.rows:
            self.row(row, top)
            top += _row_height(row) + ROW_GAP
        for line in self.scene.footer:
            self.text((MARGIN, top + NOTE_LINE // 2), line, LABEL, TEXT, WIDTH - 2 * MARGIN)
            top += NOTE_LINE
        return self.image

    def row(self, row: ReplayRow, top: int) -> None:
        bottom = top + _row_height(row)
        self.draw.rounded_rectangle((8, top, WIDTH - 8, bottom), radius=12, fill=PANEL)
        self.draw.rounded_rectangle(
            (MARGIN, top + ROW_PAD, MARGIN + SIDE_BAR, bottom - ROW_PAD),
            radius=3,
            fill=side_colour(row.side),
        )
        cards_top = top + ROW_PAD + RAISE
        middle = cards_top + deck.card_height(ROW_CARD) // 2
        self.text((NAME_LEFT, middle), row.name, NAME, TEXT, NAME_WIDTH)
        self.cards(row, cards_top)
        y = cards_top + deck.card_height(ROW_CARD) + NOTE_LINE // 2 + 2
        for index, note in enumerate(row.notes[:MAX_NOTES]):
            colour = BAD if index < row.costly_lines else TEXT_DIM
            self.text((NAME_LEFT, y), note, LABEL, colour, WIDTH - NAME_LEFT - MARGIN)
            y += NOTE_LINE

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
            self.place("card", (x, y, x + ROW_CARD, y + height), card.code)


def paint_replay(scene: ReplayScene) -> Image.Image:
    """The replay step in true colour (the frames of an animated replay are these)."""
    return _ReplayPainter(scene).paint()


def replay_layout(scene: ReplayScene) -> list[Placed]:
    """Everything the replay picture of `scene` writes or shows under the table (the table's
    own is `table_layout`), and where: for layout tests."""
    painter = _ReplayPainter(scene)
    painter.paint()
    return painter.layout or []


def render_replay(scene: ReplayScene) -> bytes:
    """The replay step as PNG bytes, as wide as the table picture."""
    return to_png(paint_replay(scene))
