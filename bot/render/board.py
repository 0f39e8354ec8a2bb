"""The leaderboard picture: one page of ranked players, and the viewer's own row beneath.

Like every picture here it is drawn from a frozen scene and nothing else: names, figures
(already formatted for the reader's language) and `BoardWords` for every label.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image

from bot.render.canvas import Painter, Placed, chip_width, felt, recorded, to_png
from bot.render.style import (
    FELT_DARK,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
)

WIDTH = 720
MARGIN = 20
#: Nothing smaller than `SMALL`: 11 px high on a phone that shows the picture 400 px wide.
SMALL, NAME, VALUE, TITLE = 20, 24, 26, 28
ROW_HEIGHT = 54
ROWS_TOP = 150
VIEWER_GAP = 24
RANK_X = MARGIN + 26
NAME_X = MARGIN + 60
GAMES_X = WIDTH - MARGIN - 14
GAMES_WIDTH = 110
VALUE_X = GAMES_X - GAMES_WIDTH - 16
VALUE_WIDTH = 110
CHIP_GAP = 10


@dataclass(frozen=True, slots=True)
class BoardWords:
    """Every label of the leaderboard picture; `{fields}` are filled in by the renderer."""

    title: str = "Leaderboard"
    page: str = "Page {page} of {pages}"
    player: str = "Player"
    games: str = "Games"
    computer: str = "BOT"
    empty: str = "Nobody is on this board yet."


@dataclass(frozen=True, slots=True)
class BoardRow:
    rank: int
    name: str
    #: The figure the board is ranked by, formatted for the reader ("24.6", "62 %").
    value: str
    games: int
    is_computer: bool = False
    #: The row of the person looking at the board, drawn highlighted.
    is_viewer: bool = False


@dataclass(frozen=True, slots=True)
class BoardScene:
    #: What the board ranks by, already translated ("Rating", "Win rate").
    metric: str
    #: The period, already translated ("All time", "This week").
    period: str
    page: int
    pages: int
    rows: tuple[BoardRow, ...]
    #: The viewer's row when it is not on this page (drawn beneath, after a gap).
    viewer: BoardRow | None = None
    words: BoardWords = field(default_factory=BoardWords)

    def __post_init__(self) -> None:
        if not 1 <= self.page <= self.pages:
            raise ValueError(f"page {self.page} is not between 1 and {self.pages}")


class _BoardPainter(Painter):
    def __init__(self, scene: BoardScene) -> None:
        self.scene = scene
        self.words = scene.words
        rows = max(len(scene.rows), 1)
        height = ROWS_TOP + rows * ROW_HEIGHT + MARGIN
        if scene.viewer is not None:
            height += VIEWER_GAP + ROW_HEIGHT
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.words
        period_width = self.chip(
            (WIDTH - MARGIN, 40), scene.period, SMALL, (PANEL_EDGE, TEXT), "right"
        )
        self.text((MARGIN, 40), words.title, TITLE, TEXT, WIDTH - 3 * MARGIN - period_width)
        page = words.page.format(page=scene.page, pages=scene.pages)
        page_width = self.text((WIDTH - MARGIN, 86), page, SMALL, TEXT_DIM, 240, "right")
        self.text((MARGIN, 86), scene.metric, NAME, HIGHLIGHT, WIDTH - 3 * MARGIN - page_width)
        y = ROWS_TOP
        if scene.rows:
            self.headers()
        else:
            self.text(
                (WIDTH / 2, y + ROW_HEIGHT / 2),
                words.empty,
                NAME,
                TEXT_DIM,
                WIDTH - 2 * MARGIN,
                "centre",
            )
        for index, row in enumerate(scene.rows):
            self.row(row, ROWS_TOP + index * ROW_HEIGHT, shaded=index % 2 == 0)
        y = ROWS_TOP + max(len(scene.rows), 1) * ROW_HEIGHT
        if scene.viewer is not None:
            self.gap_marker(y + VIEWER_GAP / 2 + 2)
            self.row(scene.viewer, y + VIEWER_GAP, shaded=True)
        return self.image

    def headers(self) -> None:
        y = ROWS_TOP - 18
        self.text((RANK_X, y), "#", SMALL, TEXT_DIM, align="centre")
        player = self.text(
            (NAME_X, y), self.words.player, SMALL, TEXT_DIM, VALUE_X - VALUE_WIDTH - NAME_X
        )
        metric_room = VALUE_X - NAME_X - player - 24
        self.text((VALUE_X, y), self.scene.metric, SMALL, TEXT_DIM, metric_room, "right")
        self.text((GAMES_X, y), self.words.games, SMALL, TEXT_DIM, GAMES_WIDTH, "right")

    def row(self, row: BoardRow, top: float, shaded: bool) -> None:
        box = (MARGIN - 8, top + 3, WIDTH - MARGIN + 8, top + ROW_HEIGHT - 3)
        if row.is_viewer:
            self.draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=HIGHLIGHT, width=3)
        elif shaded:
            self.draw.rounded_rectangle(box, radius=12, fill=PANEL)
        middle = top + ROW_HEIGHT / 2
        self.place_number((RANK_X, middle), row.rank, SMALL, radius=17, width=50)
        value_width = self.text(
            (VALUE_X, middle), row.value, VALUE, HIGHLIGHT, VALUE_WIDTH, "right"
        )
        self.text((GAMES_X, middle), str(row.games), NAME, TEXT_DIM, GAMES_WIDTH, "right")
        chip = chip_width(self.words.computer, SMALL) + CHIP_GAP if row.is_computer else 0
        name_room = VALUE_X - value_width - 16 - NAME_X - chip
        width = self.text((NAME_X, middle), row.name, NAME, TEXT, name_room)
        if row.is_computer:
            self.chip(
                (NAME_X + width + CHIP_GAP, middle),
                self.words.computer,
                SMALL,
                (PANEL_EDGE, TEXT),
                "left",
            )

    def gap_marker(self, y: float) -> None:
        """Three dots between the page and the viewer's own row: rows are left out here."""
        for offset in (-12, 0, 12):
            x = RANK_X + offset
            self.draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=TEXT_DIM)


def render_board(scene: BoardScene) -> bytes:
    """One leaderboard page as PNG bytes (720 wide)."""
    return to_png(_BoardPainter(scene).paint())


def board_layout(scene: BoardScene) -> list[Placed]:
    """Everything the leaderboard picture of `scene` writes, and where (for layout tests)."""
    return recorded(_BoardPainter(scene))
