"""A ranking of players for one day or one kind of play (the daily deal's board, the puzzle
ratings), readable on a phone: 720 px wide and nothing written under 20 px (11 px at 400 px).

Drawn from a frozen scene holding every word already in the reader's language and every figure
already formatted; `ranking_layout` records what is written where, for layout tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render.canvas import Painter, Placed, felt, to_png
from bot.render.lettering import wrapped
from bot.render.style import FELT_DARK, HIGHLIGHT, PANEL, TEXT, TEXT_DIM

WIDTH = 720
MARGIN = 20
SMALL, BODY, LARGE, TITLE = 20, 24, 26, 28
LINE = BODY + 12
HEAD = 118
ROW = 58
RANK_X = MARGIN + 26
NAME_X = MARGIN + 64
VALUE_RIGHT = WIDTH - MARGIN - 206
DETAIL_RIGHT = WIDTH - MARGIN - 14
DETAIL_WIDTH = 184


@dataclass(frozen=True, slots=True)
class RankingRow:
    rank: int
    name: str
    #: What the ranking is by, formatted ("62 %", "1 540").
    value: str
    #: A second figure in smaller letters ("4 deals", "12 puzzles").
    detail: str = ""
    #: The reader's own line, drawn framed.
    is_viewer: bool = False


@dataclass(frozen=True, slots=True)
class RankingScene:
    title: str
    subtitle: str
    rows: tuple[RankingRow, ...]
    #: Said in place of the rows when there are none.
    empty: str
    #: Lines under the rows, each broken to the picture's width.
    footer: tuple[str, ...] = ()


def _footer_lines(scene: RankingScene) -> list[str]:
    return [part for line in scene.footer for part in wrapped(line, BODY, WIDTH - 2 * MARGIN)]


class _RankingPainter(Painter):
    def __init__(self, scene: RankingScene) -> None:
        self.scene = scene
        rows = max(len(scene.rows), 1)
        height = HEAD + rows * ROW + len(_footer_lines(scene)) * LINE + 2 * MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)
        self.layout = None

    def paint(self) -> Image.Image:
        scene = self.scene
        self.text((MARGIN, 40), scene.title, TITLE, TEXT, WIDTH - 2 * MARGIN)
        self.text((MARGIN, 84), scene.subtitle, BODY, HIGHLIGHT, WIDTH - 2 * MARGIN)
        top = HEAD
        if not scene.rows:
            self.text((WIDTH / 2, top + ROW / 2), scene.empty, BODY, TEXT_DIM, WIDTH, "centre")
        for index, row in enumerate(scene.rows):
            self.row(row, top, shaded=index % 2 == 0)
            top += ROW
        top = HEAD + max(len(scene.rows), 1) * ROW + MARGIN
        for line in _footer_lines(scene):
            self.text((MARGIN, top + BODY / 2), line, BODY, TEXT_DIM, WIDTH - 2 * MARGIN)
            top += LINE
        return self.image

    def row(self, row: RankingRow, top: int, shaded: bool) -> None:
        box = (MARGIN - 8, top + 3, WIDTH - MARGIN + 8, top + ROW - 3)
        if row.is_viewer:
            self.draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=HIGHLIGHT, width=3)
        elif shaded:
            self.draw.rounded_rectangle(box, radius=12, fill=PANEL)
        middle = top + ROW / 2
        self.place_number((RANK_X, middle), row.rank, SMALL, radius=17, width=50)
        value_width = self.text((VALUE_RIGHT, middle), row.value, LARGE, HIGHLIGHT, 120, "right")
        self.text((NAME_X, middle), row.name, BODY, TEXT, VALUE_RIGHT - value_width - NAME_X - 16)
        self.text((DETAIL_RIGHT, middle), row.detail, SMALL, TEXT_DIM, DETAIL_WIDTH, "right")


def paint_ranking(scene: RankingScene) -> Image.Image:
    return _RankingPainter(scene).paint()


def ranking_layout(scene: RankingScene) -> list[Placed]:
    """Every word the picture of `scene` writes, and where (for layout tests)."""
    painter = _RankingPainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout


def render_ranking(scene: RankingScene) -> bytes:
    """The ranking as PNG bytes, 720 px wide."""
    return to_png(paint_ranking(scene))
