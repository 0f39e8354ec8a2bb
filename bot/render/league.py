"""The league's pictures: a season's end, and a tournament's standings and bracket.

Each is drawn from a frozen scene and nothing else: names, figures already formatted for the
reader, and every label already translated. They are 720 px wide and read on a phone: nothing
is written smaller than `SMALL` (20 px, 11 px at 400 px wide), and a name too long for its room
ends in an ellipsis. Every painter records what it draws (`season_layout`, ...) so the layout
tests check it without reading pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.render.canvas import Painter, Placed, felt, to_png
from bot.render.style import (
    FELT_DARK,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    RGB,
    TEXT,
    TEXT_DIM,
)

WIDTH = 720
MARGIN = 24
#: Nothing smaller: 11 px high on a phone that shows the picture 400 px wide.
SMALL, NORMAL, LARGE, TITLE = 20, 24, 28, 36
HEADER = 112
SECTION_GAP = 18
SECTION_TITLE = 40
ROW = 64
#: Discs behind the first three places: gold, silver, bronze.
MEDALS: tuple[RGB, ...] = ((255, 200, 61), (200, 206, 214), (214, 140, 74))
MEDAL_TEXT: RGB = (28, 28, 28)


@dataclass(frozen=True, slots=True)
class AwardLine:
    """One line of an award: who won it (a partnership names two) and by what figure."""

    names: tuple[str, ...]
    #: Already worded and formatted for the reader ("Rating 18.4 · 12 games").
    figure: str


@dataclass(frozen=True, slots=True)
class SeasonWords:
    champions: str = "Champions"
    partnership: str = "Best partnership"
    improved: str = "Most improved"
    nobody: str = "Nobody this season"
    names_joiner: str = " & "


@dataclass(frozen=True, slots=True)
class SeasonScene:
    """A season's end: its title and dates, and its awards (none where nobody won one)."""

    title: str
    dates: str
    champions: tuple[AwardLine, ...]
    partnership: AwardLine | None
    improved: AwardLine | None
    words: SeasonWords = SeasonWords()


class _Canvas(Painter):
    """What the league's painters share: a dark felt page, a title, sections of rows."""

    def __init__(self, height: int) -> None:
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def header(self, title: str, subtitle: str) -> None:
        self.text((MARGIN, 44), title, TITLE, HIGHLIGHT, max_width=WIDTH - 2 * MARGIN)
        self.text((MARGIN, 88), subtitle, SMALL, TEXT_DIM, max_width=WIDTH - 2 * MARGIN)

    def section(self, top: int, title: str, rows: int) -> int:
        """A panel with its title, for ``rows`` rows; the y of its first row's middle."""
        bottom = top + SECTION_TITLE + ROW * rows + 8
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, bottom), radius=14, fill=PANEL, outline=PANEL_EDGE
        )
        self.text((MARGIN + 16, top + 22), title, NORMAL, TEXT_DIM, max_width=WIDTH - 4 * MARGIN)
        self.place("section", (MARGIN, top, WIDTH - MARGIN, bottom), title)
        return top + SECTION_TITLE + ROW // 2

    def medal(self, centre: tuple[int, int], place: int) -> int:
        """A numbered disc, gold to bronze for the first three; its width."""
        x, y = centre
        radius = 16
        fill = MEDALS[place - 1] if place <= len(MEDALS) else PANEL_EDGE
        self.draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=fill)
        self.text(
            (x, y), str(place), SMALL, MEDAL_TEXT if place <= len(MEDALS) else TEXT, align="centre"
        )
        return 2 * radius

    def award_row(self, y: int, line: AwardLine, joiner: str, place: int | None = None) -> None:
        """The winners' names, and beneath them the figure they won by."""
        left = MARGIN + 16
        if place is not None:
            left += self.medal((left + 16, y), place) + 12
        room = WIDTH - MARGIN - 16 - left
        self.names((left, y - 12), line.names, joiner, LARGE, TEXT, room)
        self.text((left, y + 17), line.figure, SMALL, HIGHLIGHT, room)


def _season_height(scene: SeasonScene) -> int:
    rows = max(len(scene.champions), 1) + 1 + 1
    return HEADER + 3 * (SECTION_TITLE + 8 + SECTION_GAP) + ROW * rows + MARGIN


class _SeasonPainter(_Canvas):
    def __init__(self, scene: SeasonScene) -> None:
        super().__init__(_season_height(scene))
        self.scene = scene

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.scene.words
        self.header(scene.title, scene.dates)
        top = HEADER
        y = self.section(top, words.champions, max(len(scene.champions), 1))
        for place, line in enumerate(scene.champions, 1):
            self.award_row(y, line, words.names_joiner, place)
            y += ROW
        if not scene.champions:
            self.text((MARGIN + 16, y), words.nobody, NORMAL, TEXT_DIM)
            y += ROW
        for title, award in (
            (words.partnership, scene.partnership),
            (words.improved, scene.improved),
        ):
            top = y - ROW // 2 + 8 + SECTION_GAP
            y = self.section(top, title, 1)
            if award is None:
                self.text((MARGIN + 16, y), words.nobody, NORMAL, TEXT_DIM)
            else:
                self.award_row(y, award, words.names_joiner)
            y += ROW
        return self.image


def render_season(scene: SeasonScene) -> bytes:
    """A season's end as PNG bytes (720 wide)."""
    return to_png(_SeasonPainter(scene).paint())


def season_layout(scene: SeasonScene) -> list[Placed]:
    """Everything the season picture writes, and where (for layout tests)."""
    painter = _SeasonPainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout
