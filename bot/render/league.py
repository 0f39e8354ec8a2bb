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
from bot.render.lettering import text_width
from bot.render.style import (
    FELT_DARK,
    HIGHLIGHT,
    MEDAL_TEXT,
    MEDALS,
    PANEL,
    PANEL_EDGE,
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


# ------------------------------------------------------------------ a tournament's standings

#: The width of each of the standings' figures: points, Buchholz, difference.
COLUMN = 116
RANK_WIDTH = 44


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int
    #: A pair's two names, or one player's.
    names: tuple[str, ...]
    points: int
    buchholz: int
    #: Already signed ("+21", "−8").
    difference: str
    withdrawn: bool = False


@dataclass(frozen=True, slots=True)
class StandingsWords:
    points: str = "Points"
    buchholz: str = "Buchholz"
    difference: str = "+/−"
    withdrawn: str = "withdrew"
    names_joiner: str = " & "


@dataclass(frozen=True, slots=True)
class StandingsScene:
    title: str
    #: Where the tournament stands ("After round 2 of 3").
    subtitle: str
    rows: tuple[StandingRow, ...]
    words: StandingsWords = StandingsWords()
    #: Whether the first three places get their medals: not before a round is over, when
    #: every entrant shares the first place.
    medals: bool = True


class _StandingsPainter(_Canvas):
    def __init__(self, scene: StandingsScene) -> None:
        super().__init__(HEADER + SECTION_TITLE + ROW * max(len(scene.rows), 1) + 8 + MARGIN)
        self.scene = scene

    def columns(self) -> list[int]:
        """The centre of each figure's column: points, Buchholz, difference."""
        right = WIDTH - MARGIN - 16 - COLUMN // 2
        return [right - COLUMN * index for index in (2, 1, 0)]

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.scene.words
        self.header(scene.title, scene.subtitle)
        top = HEADER
        bottom = top + SECTION_TITLE + ROW * max(len(scene.rows), 1) + 8
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, bottom), radius=14, fill=PANEL, outline=PANEL_EDGE
        )
        points, buchholz, difference = self.columns()
        labels = (
            (points, words.points),
            (buchholz, words.buchholz),
            (difference, words.difference),
        )
        for x, label in labels:
            self.text((x, top + 22), label, SMALL, TEXT_DIM, COLUMN - 8, "centre")
        y = top + SECTION_TITLE + ROW // 2
        names_left = MARGIN + 16 + RANK_WIDTH
        room = points - COLUMN // 2 - names_left - 8
        for row in scene.rows:
            colour = TEXT_DIM if row.withdrawn else TEXT
            if scene.medals and row.rank <= len(MEDALS) and not row.withdrawn:
                self.medal((MARGIN + 16 + 16, y), row.rank)
            else:
                self.text((MARGIN + 16 + 16, y), str(row.rank), SMALL, colour, align="centre")
            self.entrant((names_left, y), row, room)
            figures = (str(row.points), str(row.buchholz), row.difference)
            for x, figure in zip((points, buchholz, difference), figures, strict=True):
                self.text((x, y), figure, NORMAL, colour, COLUMN - 8, "centre")
            y += ROW
        return self.image

    def entrant(self, left_middle: tuple[int, int], row: StandingRow, room: int) -> None:
        """An entrant's names, a pair's one above the other (each with the whole room), and
        "withdrew" after the last when they did."""
        left, middle = left_middle
        colour = TEXT_DIM if row.withdrawn else TEXT
        step = 27 if len(row.names) > 1 else 0
        top = middle - step // 2
        for index, name in enumerate(row.names):
            line_room = room
            last = index == len(row.names) - 1
            if last and row.withdrawn:
                note = self.scene.words.withdrawn
                line_room = room - text_width(note, SMALL) - 10
            y = top + step * index
            width = self.text((left, y), name, NORMAL, colour, line_room)
            if last and row.withdrawn:
                self.text((left + width + 10, y), note, SMALL, TEXT_DIM)


def render_standings(scene: StandingsScene) -> bytes:
    """A tournament's standings as PNG bytes (720 wide)."""
    return to_png(_StandingsPainter(scene).paint())


def standings_layout(scene: StandingsScene) -> list[Placed]:
    painter = _StandingsPainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout


# ------------------------------------------------------------------ a bracket

SCORE_WIDTH = 120


@dataclass(frozen=True, slots=True)
class BracketMatch:
    side_a: tuple[str, ...]
    #: None for a bye.
    side_b: tuple[str, ...] | None
    #: "51 – 30", or what stands in its place ("bye", "playing").
    score: str
    #: The side that went through (0 or 1), None while it is played.
    winner: int | None = None


@dataclass(frozen=True, slots=True)
class BracketRound:
    title: str
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True, slots=True)
class BracketScene:
    title: str
    subtitle: str
    rounds: tuple[BracketRound, ...]
    names_joiner: str = " & "


def _bracket_height(scene: BracketScene) -> int:
    rows = sum(max(len(part.matches), 1) for part in scene.rounds)
    return HEADER + len(scene.rounds) * (SECTION_TITLE + 8 + SECTION_GAP) + ROW * rows + MARGIN


class _BracketPainter(_Canvas):
    def __init__(self, scene: BracketScene) -> None:
        super().__init__(_bracket_height(scene))
        self.scene = scene

    def paint(self) -> Image.Image:
        scene = self.scene
        self.header(scene.title, scene.subtitle)
        top = HEADER
        middle = WIDTH // 2
        room = middle - SCORE_WIDTH // 2 - MARGIN - 16 - 8
        for part in scene.rounds:
            y = self.section(top, part.title, max(len(part.matches), 1))
            for match in part.matches:
                a_colour = HIGHLIGHT if match.winner == 0 else TEXT
                b_colour = HIGHLIGHT if match.winner == 1 else TEXT
                self.names(
                    (MARGIN + 16, y), match.side_a, scene.names_joiner, SMALL, a_colour, room
                )
                self.text((middle, y), match.score, SMALL, TEXT_DIM, SCORE_WIDTH - 8, "centre")
                if match.side_b is not None:
                    width = self.names_width(match.side_b, scene.names_joiner, room)
                    left = WIDTH - MARGIN - 16 - width
                    self.names((left, y), match.side_b, scene.names_joiner, SMALL, b_colour, room)
                y += ROW
            top = y - ROW // 2 + 8 + SECTION_GAP
        return self.image

    def names_width(self, names: tuple[str, ...], joiner: str, room: int) -> int:
        """How wide ``names`` will be drawn within ``room`` (to right-align them)."""
        probe = Painter()
        probe.image = Image.new("RGB", (WIDTH, ROW))
        return probe.names((0, ROW // 2), names, joiner, SMALL, TEXT, room)


def render_bracket(scene: BracketScene) -> bytes:
    """A single-elimination bracket, round by round, as PNG bytes (720 wide)."""
    return to_png(_BracketPainter(scene).paint())


def bracket_layout(scene: BracketScene) -> list[Placed]:
    painter = _BracketPainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout
