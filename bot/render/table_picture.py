"""The public table picture: seats around the table, the trick, trumps, contract and scores.

Seat 0 sits at the top and the others follow clockwise, so with four players in the engine's
N, E, S, W order the picture matches the compass. The right-hand column holds the hand's
state (trumps, contract, scores, the last trick) so the table itself stays uncluttered.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.package_data import shipped
from bot.render import deck
from bot.render.canvas import Painter, chip, felt, fixed_palette, paste_card, suit_badge, to_png
from bot.render.scenes import PlayedCard, SeatScene, SideScene, TableScene
from bot.render.style import (
    CARD_FACE,
    FELT,
    FELT_DARK,
    FELT_EDGE,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    side_colour,
)

SIZE = (1000, 600)
TABLE_PALETTE_FILE = shipped(__package__, "table_palette.png")
TABLE_WIDTH = 700
CENTRE = (TABLE_WIDTH // 2, SIZE[1] // 2)
SEAT_RADII = (245, 248)
TRICK_RADII = (100, 104)
SEAT_BOX = (190, 76)
TRICK_CARD = 92
LAST_TRICK_CARD = 56
COUNT_CARD = 18
SIDEBAR_X = TABLE_WIDTH + 16
SIDEBAR_WIDTH = SIZE[0] - SIDEBAR_X - 16
SIDEBAR_RIGHT = SIDEBAR_X + SIDEBAR_WIDTH
TINY, SMALL, NAME, TITLE, HUGE = 13, 17, 20, 26, 40


def _around(seat: int, seats: int, radii: tuple[int, int]) -> tuple[int, int]:
    """A point on an ellipse round the table centre: seat 0 at the top, then clockwise."""
    angle = -math.pi / 2 + 2 * math.pi * seat / seats
    return (
        round(CENTRE[0] + radii[0] * math.cos(angle)),
        round(CENTRE[1] + radii[1] * math.sin(angle)),
    )


@lru_cache(maxsize=1)
def _background() -> Image.Image:
    """The empty table and sidebar, drawn once and copied for every picture."""
    image, draw = felt(SIZE, FELT_DARK)
    draw.rounded_rectangle((6, 6, TABLE_WIDTH - 6, SIZE[1] - 6), radius=150, fill=FELT_EDGE)
    draw.rounded_rectangle((16, 16, TABLE_WIDTH - 16, SIZE[1] - 16), radius=140, fill=FELT)
    draw.rounded_rectangle((TABLE_WIDTH + 4, 6, SIZE[0] - 6, SIZE[1] - 6), radius=14, fill=PANEL)
    return image


class _TablePainter(Painter):
    """Draws one `TableScene`; each method paints one part of the picture."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.image = _background().copy()
        self.draw = ImageDraw.Draw(self.image)


    def card(self, card: Card | None, xy: tuple[int, int], width: int) -> None:
        paste_card(self.image, card, xy, width, self.scene.four_colour)

    def paint(self) -> Image.Image:
        for seat in range(len(self.scene.seats)):
            self.seat(seat)
        self.trick()
        top = self.header()
        top = self.trump_and_contract(top)
        top = self.scores(top)
        self.last_trick(top)
        return self.image

    def seat(self, seat: int) -> None:
        info = self.scene.seats[seat]
        centre = _around(seat, len(self.scene.seats), SEAT_RADII)
        width, height = SEAT_BOX
        left, top = centre[0] - width // 2, centre[1] - height // 2
        to_act = self.scene.to_act == seat
        self.draw.rounded_rectangle(
            (left, top, left + width, top + height),
            radius=12,
            fill=PANEL,
            outline=HIGHLIGHT if to_act else PANEL_EDGE,
            width=4 if to_act else 2,
        )
        self.draw.rounded_rectangle(
            (left + 7, top + 10, left + 13, top + height - 10),
            radius=3,
            fill=side_colour(info.side),
        )
        name_colour = HIGHLIGHT if to_act else TEXT
        self.text((left + 22, top + 25), info.name, NAME, name_colour, max_width=width - 34)
        self.seat_details(info, left + 22, top + 54, left + width - 12)
        if self.scene.dealer == seat:
            chip(
                self.image,
                (left + width - 4, top + 4),
                self.words.dealer_chip,
                15,
                CARD_FACE,
                PANEL,
            )

    def seat_details(self, info: SeatScene, x: int, y: int, right: int) -> None:
        """The seat's second line: cards held, a computer player's tag, and their bid."""
        if info.card_count:
            self.card(None, (x, y - deck.card_height(COUNT_CARD) // 2), COUNT_CARD)
            x += COUNT_CARD + 6
            x += self.text((x, y), str(info.card_count), SMALL, TEXT) + 10
        if info.is_computer:
            chip(self.image, (x, y), self.words.computer, TINY, PANEL_EDGE, TEXT, align="left")
        if info.passed:
            self.text((right, y), self.words.passed, SMALL, TEXT_DIM, align="right")
        elif info.bid is not None:
            self.text((right, y), self.words.bid.format(bid=info.bid), SMALL, TEXT, align="right")

    def trick(self) -> None:
        height = deck.card_height(TRICK_CARD)
        for play in self.scene.trick:
            x, y = _around(play.seat, len(self.scene.seats), TRICK_RADII)
            self.card(play.card, (x - TRICK_CARD // 2, y - height // 2), TRICK_CARD)

    def header(self) -> int:
        title = self.words.hand_title.format(number=self.scene.hand_number)
        self.text((SIDEBAR_X, 34), title, TITLE, TEXT, max_width=SIDEBAR_WIDTH)
        self.text((SIDEBAR_X, 66), self.scene.phase, NAME, HIGHLIGHT, max_width=SIDEBAR_WIDTH)
        return 92

    def trump_and_contract(self, top: int) -> int:
        scene = self.scene
        self.text((SIDEBAR_X, top + 12), self.words.trump, SMALL, TEXT_DIM, max_width=96)
        if scene.trump is not None:
            suit_badge(self.image, (SIDEBAR_X, top + 28, 64), scene.trump, scene.four_colour)
        else:
            self.text(
                (SIDEBAR_X + 32, top + 60), self.words.no_trump_yet, HUGE, TEXT_DIM, align="centre"
            )
        x = SIDEBAR_X + 110
        width = SIDEBAR_RIGHT - x
        self.text((x, top + 12), self.words.contract, SMALL, TEXT_DIM, max_width=width)
        if scene.contract is not None and scene.maker is not None:
            maker = scene.seats[scene.maker]
            contract = self.words.contract_by.format(bid=scene.contract, name=maker.name)
            self.text((x, top + 60), contract, NAME, side_colour(maker.side), max_width=width)
        return top + 112

    def scores(self, top: int) -> int:
        target = self.words.target.format(target=self.scene.target)
        self.text((SIDEBAR_X, top + 10), target, SMALL, TEXT_DIM, max_width=SIDEBAR_WIDTH)
        y = top + 28
        for index, side in enumerate(self.scene.sides):
            self.score_row(index, side, y)
            y += 62
        return y

    def score_row(self, index: int, side: SideScene, y: int) -> None:
        colour = side_colour(index)
        score = str(side.score)
        score_width = self.text((SIDEBAR_RIGHT, y + 14), score, TITLE, TEXT, align="right")
        self.draw.ellipse((SIDEBAR_X, y + 7, SIDEBAR_X + 14, y + 21), fill=colour)
        self.text(
            (SIDEBAR_X + 22, y + 14),
            side.name,
            NAME - 2,
            TEXT,
            max_width=SIDEBAR_WIDTH - score_width - 32,
        )
        bar_top = y + 32
        self.draw.rounded_rectangle(
            (SIDEBAR_X, bar_top, SIDEBAR_RIGHT, bar_top + 10), radius=5, fill=FELT_DARK
        )
        reached = min(max(side.score, 0), self.scene.target) / self.scene.target
        if reached:
            right = SIDEBAR_X + max(round(SIDEBAR_WIDTH * reached), 10)
            self.draw.rounded_rectangle(
                (SIDEBAR_X, bar_top, right, bar_top + 10), radius=5, fill=colour
            )
        if side.hand_points is not None:
            points = self.words.hand_points.format(points=side.hand_points)
            self.text((SIDEBAR_RIGHT, bar_top + 20), points, TINY, TEXT_DIM, SIDEBAR_WIDTH, "right")

    def last_trick(self, top: int) -> None:
        scene = self.scene
        if not scene.last_trick:
            return
        self.text(
            (SIDEBAR_X, top + 10), self.words.last_trick, SMALL, TEXT_DIM, max_width=SIDEBAR_WIDTH
        )
        step = LAST_TRICK_CARD + 12
        height = deck.card_height(LAST_TRICK_CARD)
        for position, play in enumerate(scene.last_trick):
            x, y = SIDEBAR_X + position * step, top + 26
            if play.seat == scene.last_trick_winner:
                self.draw.rounded_rectangle(
                    (x - 4, y - 4, x + LAST_TRICK_CARD + 4, y + height + 4),
                    radius=8,
                    fill=HIGHLIGHT,
                )
            self.card(play.card, (x, y), LAST_TRICK_CARD)
            player = scene.seats[play.seat]
            self.text(
                (x + LAST_TRICK_CARD // 2, y + height + 14),
                player.name,
                TINY,
                side_colour(player.side),
                LAST_TRICK_CARD + 10,
                "centre",
            )


def _palette_scene(number: int, shown: list[Card], four_colour: bool) -> TableScene:
    """A busy table: four seats of 2 or 3 sides, eight cards shown, every kind of label."""
    sides = 3 if number % 2 else 2
    return TableScene(
        seats=tuple(
            SeatScene(f"Player {seat} ÅÉ 王", seat % sides, 9 - seat, seat == 1, 6, seat == 2)
            for seat in range(4)
        ),
        sides=tuple(SideScene(f"Side {side}", 40 - side, side) for side in range(sides)),
        target=51,
        dealer=number % 4,
        hand_number=number + 1,
        phase="Trick 2 · Playing",
        to_act=(number + 1) % 4,
        trick=tuple(PlayedCard(seat, card) for seat, card in enumerate(shown[:4])),
        last_trick=tuple(PlayedCard(seat, card) for seat, card in enumerate(shown[4:])),
        last_trick_winner=number % 4,
        trump=list(Suit)[number % 4],
        contract=6,
        maker=0,
        four_colour=four_colour,
    )


def palette_scenes() -> list[TableScene]:
    """Tables that between them show every colour a table picture can hold: each card of
    both decks in the trick and in the last trick, every trump, three sides' colours, and
    every kind of label."""
    cards = list(FULL_DECK)
    return [
        _palette_scene(number, [cards[(first + at) % len(cards)] for at in range(8)], four)
        for four in (False, True)
        for number, first in enumerate(range(0, len(cards), 8))
    ]


def build_table_palette() -> Image.Image:
    """The palette `scripts/make_cards.py` saves as `TABLE_PALETTE_FILE`, from `palette_scenes`:
    a 16 x 16 picture using each of its 256 colours once."""
    chosen = fixed_palette(*(paint_table(scene) for scene in palette_scenes()))
    swatch = Image.new("P", (16, 16))
    swatch.putpalette(chosen.getpalette() or [])
    swatch.putdata(range(256))
    return swatch


@lru_cache(maxsize=1)
def table_palette() -> Image.Image:
    """One palette for every table picture, shipped with the card art.

    Choosing a palette for each picture cost as much as mapping the picture to it. A fixed
    palette chosen from tables that show every card, trump and side colour looks the same (the
    render tests compare pictures with their true colours); building it takes most of a second,
    so it is built once, by the script that draws the cards, not in every process.
    """
    with Image.open(TABLE_PALETTE_FILE) as shipped:
        shipped.load()
        return shipped


def paint_table(scene: TableScene) -> Image.Image:
    """The public table in true colour, before it is reduced to the table palette."""
    return _TablePainter(scene).paint()


def render_table(scene: TableScene) -> bytes:
    """The public table as PNG bytes (1000 x 600)."""
    return to_png(paint_table(scene), table_palette())
