"""The line after a puzzle's answer: each trick to the end of the hand, one row each, with who
played what, the winning card framed, and who took how many points.

720 px wide and nothing written under 20 px, so it reads on a phone (11 px at 400 px wide);
every word comes from the scene, already in the reader's language. `line_layout` records what
is written where, for layout tests.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.engine.cards import Card
from bot.render import deck
from bot.render.canvas import Painter, Placed, felt, paste_card, to_png
from bot.render.lettering import wrapped
from bot.render.style import FELT_DARK, HIGHLIGHT, PANEL, TEXT, TEXT_DIM, side_colour

WIDTH = 720
MARGIN = 20
SMALL, BODY, TITLE = 20, 22, 28
HEAD = 70
CARD = 84
CARD_STEP = 112
CARDS_LEFT = 170
PAD = 12
LABEL_ROOM = 30
ROW = 2 * PAD + deck.card_height(CARD) + LABEL_ROOM
SIDE_BAR = 6


@dataclass(frozen=True, slots=True)
class LineTrick:
    #: "Trick 4".
    label: str
    #: Who played each card ("North"), in the order they were played.
    plays: tuple[tuple[str, Card], ...]
    #: Which of `plays` won the trick.
    winner: int
    #: "North +3", or the winner alone when the trick held no point.
    result: str
    #: The winner's side (the row's colour).
    side: int


@dataclass(frozen=True, slots=True)
class LineScene:
    title: str
    tricks: tuple[LineTrick, ...]
    #: Lines under the tricks, each broken to the picture's width.
    footer: tuple[str, ...] = ()
    four_colour: bool = False


def _footer_lines(scene: LineScene) -> list[str]:
    return [part for line in scene.footer for part in wrapped(line, BODY, WIDTH - 2 * MARGIN)]


class _LinePainter(Painter):
    def __init__(self, scene: LineScene) -> None:
        self.scene = scene
        footer = len(_footer_lines(scene))
        height = HEAD + len(scene.tricks) * (ROW + 8) + footer * (BODY + 12) + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)
        self.layout = None

    def paint(self) -> Image.Image:
        scene = self.scene
        self.text((MARGIN, HEAD / 2), scene.title, TITLE, TEXT, WIDTH - 2 * MARGIN)
        top = HEAD
        for trick in scene.tricks:
            self.trick(trick, top)
            top += ROW + 8
        for line in _footer_lines(scene):
            self.text((MARGIN, top + BODY / 2), line, BODY, TEXT_DIM, WIDTH - 2 * MARGIN)
            top += BODY + 12
        return self.image

    def trick(self, trick: LineTrick, top: int) -> None:
        bottom = top + ROW
        self.draw.rounded_rectangle((8, top, WIDTH - 8, bottom), radius=12, fill=PANEL)
        self.draw.rounded_rectangle(
            (MARGIN, top + PAD, MARGIN + SIDE_BAR, bottom - PAD),
            radius=3,
            fill=side_colour(trick.side),
        )
        label_left = MARGIN + SIDE_BAR + 12
        room = CARDS_LEFT - label_left - 10
        self.text((label_left, top + ROW / 2 - 16), trick.label, BODY, TEXT, room)
        self.text((label_left, top + ROW / 2 + 16), trick.result, SMALL, HIGHLIGHT, room)
        height = deck.card_height(CARD)
        for index, (seat, card) in enumerate(trick.plays):
            x, y = CARDS_LEFT + index * CARD_STEP, top + PAD
            if index == trick.winner:
                self.draw.rounded_rectangle(
                    (x - 5, y - 5, x + CARD + 5, y + height + 5), radius=9, fill=HIGHLIGHT
                )
            paste_card(self.image, card, (x, y), CARD, self.scene.four_colour)
            self.place("card", (x, y, x + CARD, y + height), card.code)
            colour = HIGHLIGHT if index == trick.winner else TEXT_DIM
            self.text(
                (x + CARD / 2, y + height + LABEL_ROOM / 2 + 4),
                seat,
                SMALL,
                colour,
                CARD_STEP - 8,
                "centre",
            )


def paint_line(scene: LineScene) -> Image.Image:
    return _LinePainter(scene).paint()


def line_layout(scene: LineScene) -> list[Placed]:
    """Everything the picture of `scene` writes or shows, and where (for layout tests)."""
    painter = _LinePainter(scene)
    painter.layout = []
    painter.paint()
    return painter.layout


def render_line(scene: LineScene) -> bytes:
    """The line as PNG bytes, 720 px wide."""
    return to_png(paint_line(scene))
