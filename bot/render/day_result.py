"""A player's day at the daily deal, as one picture: their percentage, place and streak, and
each deal against par and against the server's other players.

720 px wide and nothing written under 20 px, so it reads on a phone (11 px at 400 px wide);
every word and figure comes from the scene, already in the reader's language.
`day_result_layout` records what is written where, for layout tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render.canvas import Painter, Placed, felt, to_png
from bot.render.style import BAD, FELT_DARK, GOOD, HIGHLIGHT, PANEL, TEXT, TEXT_DIM

WIDTH = 720
MARGIN = 20
SMALL, BODY, LARGE, TITLE, HUGE = 20, 24, 28, 28, 56
HEAD = 196
ROW = 56
#: The right edges and widths of the figures' columns: the player's score, par, matchpoints.
COLUMNS = ((330, 110), (450, 110), (WIDTH - MARGIN - 10, 200))


@dataclass(frozen=True, slots=True)
class DayResultRow:
    #: "Deal 1".
    label: str
    #: "+5", or a dash for a deal not played.
    score: str
    par: str
    #: "75 %", or a dash.
    matchpoints: str
    #: The score against par (drawn green above it, red below), None when not played.
    against_par: int | None = None


@dataclass(frozen=True, slots=True)
class DayResultScene:
    #: "Daily deal · 31 January 2026".
    title: str
    name: str
    #: The day's percentage, "62 %".
    share: str
    #: "2nd of 7".
    place: str
    #: "Streak: 3 days · best 5".
    streak: str
    #: The columns' headings: the deal, the player, par, matchpoints.
    headings: tuple[str, str, str, str]
    rows: tuple[DayResultRow, ...]


class _DayResultPainter(Painter):
    def __init__(self, scene: DayResultScene) -> None:
        self.scene = scene
        height = HEAD + (len(scene.rows) + 1) * ROW + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)
        self.layout = None

    def paint(self) -> Image.Image:
        scene = self.scene
        self.text((MARGIN, 36), scene.title, TITLE, TEXT, WIDTH - 2 * MARGIN)
        self.text((MARGIN, 76), scene.name, BODY, TEXT_DIM, WIDTH - 2 * MARGIN)
        share_width = self.text((MARGIN, 126), scene.share, HUGE, HIGHLIGHT, 260)
        self.text((MARGIN + share_width + 24, 126), scene.place, LARGE, TEXT, 400)
        self.text((MARGIN, 172), scene.streak, BODY, TEXT_DIM, WIDTH - 2 * MARGIN)
        top = HEAD
        self.cells(scene.headings, top, SMALL, (TEXT_DIM,) * 4)
        for index, row in enumerate(scene.rows):
            top += ROW
            if index % 2 == 0:
                self.draw.rounded_rectangle(
                    (MARGIN - 8, top + 3, WIDTH - MARGIN + 8, top + ROW - 3), radius=12, fill=PANEL
                )
            against = row.against_par
            colour = TEXT if not against else GOOD if against > 0 else BAD
            cells = (row.label, row.score, row.par, row.matchpoints)
            self.cells(cells, top, BODY, (TEXT, colour, TEXT_DIM, HIGHLIGHT))
        return self.image

    def cells(
        self,
        cells: tuple[str, str, str, str],
        top: int,
        size: int,
        colours: tuple[tuple[int, int, int], ...],
    ) -> None:
        middle = top + ROW / 2
        label, *figures = cells
        first_right, first_width = COLUMNS[0]
        self.text((MARGIN, middle), label, size, colours[0], first_right - first_width - MARGIN)
        for (right, width), figure, colour in zip(COLUMNS, figures, colours[1:], strict=True):
            self.text((right, middle), figure, size, colour, width, "right")


def paint_day_result(scene: DayResultScene) -> Image.Image:
    return _DayResultPainter(scene).paint()


def day_result_layout(scene: DayResultScene) -> list[Placed]:
    """Every word the picture of `scene` writes, and where (for layout tests)."""
    painter = _DayResultPainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout


def render_day_result(scene: DayResultScene) -> bytes:
    """The day's result as PNG bytes, 720 px wide."""
    return to_png(paint_day_result(scene))
