"""The public table picture: seats around the table, the trick, trumps, contract and scores.

Seat 0 sits at the top and the others follow clockwise, so with four players in the engine's
N, E, S, W order the picture matches the compass. A band above the table holds the hand, its
phase, trumps and contract; a band below holds the scores, so the table itself stays clear.

The picture is made to be read on a phone, which shows it about 400 px wide: nothing is
written smaller than `LABEL`, names that do not fit end in an ellipsis, and `table_layout`
records every word and card so tests check that nothing essential is cut or overlaps
(docs/pictures.md, "The table picture").
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.package_data import shipped
from bot.render import deck
from bot.render.canvas import (
    Painter,
    Placed,
    felt,
    palette_swatch,
    paste_card,
    shipped_palette,
    suit_badge,
)
from bot.render.kept import Kept
from bot.render.png import DeflatedRows, deflated_rows, png_of_rows
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

WIDTH = 720
#: Nothing on the table is written smaller than `LABEL`: 11 x 720 / 400 = 19.8 (`PHONE_TEXT`).
LABEL, NAME, TITLE, HUGE = 20, 22, 28, 40
TABLE_PALETTE_FILE = shipped(__package__, "table_palette.png")

HEADER = (8, 8, WIDTH - 8, 104)
HEADER_SPLIT = 392
TRUMP_X, CONTRACT_X = 404, 500
FELT_BOX = (6, 112, WIDTH - 6, 598)
SEAT_BOX = (214, 104)
SEAT_MARGIN = 8
TRICK_CARD = 80
TRICK_OFFSET = (92, 66)
WINNER_RING = 4
CENTRE = (WIDTH // 2, 354)
COUNT_CARD = 18
SCORES_TOP = 606
SCORE_ROW = 50
INSET = 20


class Slot(Enum):
    """Where a seat sits round the table, as on a compass."""

    NORTH = (0, -1)
    EAST = (1, 0)
    SOUTH = (0, 1)
    WEST = (-1, 0)


#: Seats in play order are placed clockwise from the top.
SLOTS = {
    2: (Slot.NORTH, Slot.SOUTH),
    3: (Slot.NORTH, Slot.EAST, Slot.WEST),
    4: (Slot.NORTH, Slot.EAST, Slot.SOUTH, Slot.WEST),
}


def picture_size(sides: int) -> tuple[int, int]:
    """The table is one width; its score panel grows by a row for a third side."""
    return WIDTH, SCORES_TOP + 8 + sides * SCORE_ROW + 12


def _seat_box(slot: Slot) -> tuple[int, int, int, int]:
    width, height = SEAT_BOX
    dx, dy = slot.value
    if dx:
        left = FELT_BOX[0] + SEAT_MARGIN if dx < 0 else FELT_BOX[2] - SEAT_MARGIN - width
        top = CENTRE[1] - height // 2
    else:
        left = CENTRE[0] - width // 2
        top = FELT_BOX[1] + SEAT_MARGIN if dy < 0 else FELT_BOX[3] - SEAT_MARGIN - height
    return left, top, left + width, top + height


def _trick_corner(slot: Slot) -> tuple[int, int]:
    dx, dy = slot.value
    centre_x = CENTRE[0] + dx * TRICK_OFFSET[0]
    centre_y = CENTRE[1] + dy * TRICK_OFFSET[1]
    return centre_x - TRICK_CARD // 2, centre_y - deck.card_height(TRICK_CARD) // 2


#: Seatings whose empty table is kept drawn: each table keeps its seats' sides for a game.
SEATINGS_KEPT = 16


@lru_cache(maxsize=SEATINGS_KEPT)
def _background(sides: int, seat_sides: tuple[int, ...]) -> Image.Image:
    """The empty table, header and score panel, and each seat's panel as it is when it is not
    that seat's turn, with its side's colour (``seat_sides``, in seat order): drawn once per
    seating and copied for every picture, so that only the seat to act is drawn again."""
    size = picture_size(sides)
    image, draw = felt(size, FELT_DARK)
    draw.rounded_rectangle(HEADER, radius=14, fill=PANEL)
    draw.rounded_rectangle(FELT_BOX, radius=120, fill=FELT_EDGE)
    inner = (FELT_BOX[0] + 8, FELT_BOX[1] + 8, FELT_BOX[2] - 8, FELT_BOX[3] - 8)
    draw.rounded_rectangle(inner, radius=112, fill=FELT)
    draw.rounded_rectangle((8, SCORES_TOP, WIDTH - 8, size[1] - 8), radius=14, fill=PANEL)
    for slot, side in zip(SLOTS[len(seat_sides)], seat_sides, strict=True):
        _seat_panel(draw, _seat_box(slot), side, to_act=False)
    return image


def _seat_panel(
    draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], side: int, *, to_act: bool
) -> None:
    """A seat's panel, ringed when it is the seat's turn, with its side's colour bar. The ringed
    panel drawn over the other covers it whole, as if drawn on the bare felt."""
    left, top, _, bottom = box
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if to_act else PANEL_EDGE,
        width=4 if to_act else 2,
    )
    draw.rounded_rectangle(
        (left + 7, top + 10, left + 13, bottom - 10), radius=3, fill=side_colour(side)
    )


class _TablePainter(Painter):
    """Draws one `TableScene`; each method paints one part of the picture."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.slots = SLOTS[len(scene.seats)]
        seat_sides = tuple(seat.side for seat in scene.seats)
        self.image = _background(len(scene.sides), seat_sides).copy()
        self.draw = ImageDraw.Draw(self.image)
        self.layout = []

    def card(
        self, card: Card | None, xy: tuple[int, int], width: int, dimmed: bool = False
    ) -> None:
        paste_card(self.image, card, xy, width, self.scene.four_colour, dimmed)
        box = (xy[0], xy[1], xy[0] + width, xy[1] + deck.card_height(width))
        self.place("card", box, card.code if card else "")

    def paint(self) -> Image.Image:
        for seat in range(len(self.scene.seats)):
            self.seat(seat)
        self.trick_or_last()
        self.header_band()
        self.scores()
        return self.image

    def trick_or_last(self) -> None:
        if self.scene.trick:
            self.trick()
        else:
            self.last_trick()

    def header_band(self) -> None:
        self.header()
        self.trump_and_contract()

    def scores(self) -> None:
        for index, side in enumerate(self.scene.sides):
            self.score_row(index, side, SCORES_TOP + 8 + index * SCORE_ROW)

    def seat(self, seat: int) -> None:
        info = self.scene.seats[seat]
        left, top, right, bottom = _seat_box(self.slots[seat])
        to_act = self.scene.to_act == seat
        if to_act:  # the others' panels are the background's
            _seat_panel(self.draw, (left, top, right, bottom), info.side, to_act=True)
        name_colour = HIGHLIGHT if to_act else TEXT
        self.text((left + 20, top + 22), info.name, NAME, name_colour, right - left - 30)
        self.seat_details(info, left + 20, top + 54)
        if self.scene.dealer == seat:
            dealer = self.words.dealer_chip
            self.chip((right - 10, top + 54), dealer, LABEL, (CARD_FACE, PANEL), "right")
        if info.passed:
            self.text((left + 20, top + 84), self.words.passed, LABEL, TEXT_DIM, right - left - 30)
        elif info.bid is not None:
            bid = self.words.bid.format(bid=info.bid)
            self.text((left + 20, top + 84), bid, LABEL, TEXT, right - left - 30)

    def seat_details(self, info: SeatScene, x: int, y: int) -> None:
        """The seat's second line: cards held and a computer player's tag."""
        if info.card_count:
            self.card(None, (x, y - deck.card_height(COUNT_CARD) // 2), COUNT_CARD)
            x += COUNT_CARD + 6
            x += self.text((x, y), str(info.card_count), LABEL, TEXT) + 10
        if info.is_computer:
            self.chip((x, y), self.words.computer, LABEL, (PANEL_EDGE, TEXT), "left")

    def trick(self) -> None:
        for play in self.scene.trick:
            self.card(play.card, _trick_corner(self.slots[play.seat]), TRICK_CARD)

    def last_trick(self) -> None:
        """Between tricks the last one stays where it was played, its winner's card ringed and
        the others dimmed, as on a real table until the next lead."""
        scene = self.scene
        height = deck.card_height(TRICK_CARD)
        for play in scene.last_trick:
            x, y = _trick_corner(self.slots[play.seat])
            won = play.seat == scene.last_trick_winner
            if won:
                edge = WINNER_RING
                ring = (x - edge, y - edge, x + TRICK_CARD + edge, y + height + edge)
                self.draw.rounded_rectangle(ring, radius=10, fill=HIGHLIGHT)
            self.card(play.card, (x, y), TRICK_CARD, dimmed=not won)

    def header(self) -> None:
        left = HEADER[0] + 12
        title = self.words.hand_title.format(number=self.scene.hand_number)
        width = self.text((left, 36), title, TITLE, TEXT, HEADER_SPLIT - left)
        if self.scene.target is not None:
            target = self.words.target.format(target=self.scene.target)
            after = left + width + 14
            self.text((after, 38), target, LABEL, TEXT_DIM, HEADER_SPLIT - after)
        self.text((left, 76), self.scene.phase, NAME, HIGHLIGHT, HEADER_SPLIT - left)

    def trump_and_contract(self) -> None:
        scene = self.scene
        self.text((TRUMP_X, 30), self.words.trump, LABEL, TEXT_DIM, CONTRACT_X - TRUMP_X - 8)
        badge = (TRUMP_X, 48, 50)
        if scene.trump is not None:
            suit_badge(self.image, badge, scene.trump, scene.four_colour)
            self.place("badge", (badge[0], badge[1], badge[0] + badge[2], badge[1] + badge[2]))
        else:
            self.text((TRUMP_X + 25, 74), self.words.no_trump_yet, HUGE, TEXT_DIM, align="centre")
        width = HEADER[2] - 12 - CONTRACT_X
        self.text((CONTRACT_X, 30), self.words.contract, LABEL, TEXT_DIM, width)
        if scene.contract is not None and scene.maker is not None:
            maker = scene.seats[scene.maker]
            contract = self.words.contract_by.format(bid=scene.contract, name=maker.name)
            self.text((CONTRACT_X, 74), contract, NAME, side_colour(maker.side), width)

    def score_row(self, index: int, side: SideScene, top: int) -> None:
        """A side's name and score, with its progress to the target beneath and, during the
        play, the points it has taken this hand at the end of the bar. A single deal has no
        game score: its row is the side's name and the points it has taken in the deal."""
        colour = side_colour(index)
        left, right = INSET, WIDTH - INSET
        target = self.scene.target
        middle = top + (18 if target is not None else SCORE_ROW // 2 - 2)
        score = side.score if target is not None else side.hand_points
        score_width = 0
        if score is not None:
            score_width = self.text((right, middle), str(score), TITLE, TEXT, align="right")
        self.draw.ellipse((left, middle - 7, left + 14, middle + 7), fill=colour)
        names_width = right - score_width - 14 - left - 22
        self.text((left + 22, middle), side.name, NAME, TEXT, names_width)
        if target is None:
            return
        bar_top, bar_right = top + 38, right
        if side.hand_points is not None:
            points = self.words.hand_points.format(points=side.hand_points)
            bar_right -= self.text((right, bar_top + 4), points, LABEL, TEXT_DIM, 300, "right") + 14
        bar = (left, bar_top, bar_right, bar_top + 8)
        self.draw.rounded_rectangle(bar, radius=4, fill=FELT_DARK)
        reached = min(max(side.score, 0), target) / target
        if reached:
            end = left + max(round((bar_right - left) * reached), 8)
            self.draw.rounded_rectangle((*bar[:2], end, bar[3]), radius=4, fill=colour)


def _palette_scene(number: int, shown: list[Card], four_colour: bool) -> TableScene:
    """A busy table: four seats of 2 or 3 sides, four cards shown (in the trick for an even
    `number`, as the last trick, dimmed but for the winner's, for an odd one), every label."""
    sides = 3 if number % 4 >= 2 else 2
    plays = tuple(PlayedCard(seat, card) for seat, card in enumerate(shown))
    in_trick = number % 2 == 0
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
        trick=plays if in_trick else (),
        last_trick=plays,
        last_trick_winner=number % 4,
        trump=list(Suit)[number % 4],
        contract=6,
        maker=0,
        four_colour=four_colour,
    )


def palette_scenes() -> list[TableScene]:
    """Tables that between them show every colour a table picture can hold: each card of
    both decks in the trick and dimmed in the last trick, every trump, three sides' colours,
    and every kind of label."""
    cards = list(FULL_DECK)
    return [
        _palette_scene(number, [cards[(first + at) % len(cards)] for at in range(4)], four)
        for four in (False, True)
        for number, first in enumerate(
            start for start in range(0, len(cards), 4) for _shown in ("trick", "last trick")
        )
    ]


def build_table_palette() -> Image.Image:
    """The palette `scripts/make_cards.py` saves as `TABLE_PALETTE_FILE`, from `palette_scenes`:
    a 16 x 16 picture using each of its 256 colours once."""
    return palette_swatch(*(paint_table(scene) for scene in palette_scenes()))


@lru_cache(maxsize=1)
def table_palette() -> Image.Image:
    """One palette for every table picture, shipped with the card art.

    Choosing a palette for each picture cost as much as mapping the picture to it. A fixed
    palette chosen from tables that show every card, trump and side colour looks the same (the
    render tests compare pictures with their true colours); building it takes most of a second,
    so it is built once, by the script that draws the cards, not in every process.
    """
    return shipped_palette(TABLE_PALETTE_FILE)


def paint_table(scene: TableScene) -> Image.Image:
    """The public table in true colour, before it is reduced to the table palette."""
    return _TablePainter(scene).paint()


def table_layout(scene: TableScene) -> list[Placed]:
    """Everything the table picture of `scene` writes or shows, and where (for layout tests)."""
    painter = _TablePainter(scene)
    painter.paint()
    return painter.layout or []


def render_table(scene: TableScene) -> bytes:
    """The public table as PNG bytes (`picture_size`): `paint_table` reduced to the table
    palette, band by band (`_bands`).

    Reducing a picture to a palette maps each pixel by itself, and each band of the picture
    shows only what its part of the scene says: a band whose part is as it was in a picture
    drawn lately is taken from `_kept`, reduced and compressed, and only the others are
    painted, reduced and compressed. A move changes the trick and two seats; the header and
    the scores change once a trick."""
    size = picture_size(len(scene.sides))
    painter: _TablePainter | None = None
    rows = []
    for band in _bands(scene, size[1]):
        kept = _kept.get(band.shows)
        if kept is None:
            if painter is None:
                painter = _TablePainter(scene)
            band.paint(painter)
            picture = painter.image.crop((0, band.top, size[0], band.bottom))
            reduced = picture.quantize(palette=table_palette(), dither=Image.Dither.NONE)
            kept = deflated_rows(reduced)
            _kept.keep(band.shows, kept)
        rows.append(kept)
    return png_of_rows(size, table_palette(), rows)


#: Where the bands of a table picture end, top to bottom: the header's panel; the top seat;
#: the side seats and the trick between them; the bottom seat; the scores' panel (to the
#: picture's foot). Nothing is painted across two (`tests/render/test_table_bands.py`).
HEADER_END, TOP_SEAT_END, TRICK_END, BOTTOM_SEAT_END = 112, 226, 484, SCORES_TOP


@dataclass(frozen=True, slots=True)
class _Band:
    """Rows of the table picture (from ``top`` to before ``bottom``), what they show (a key:
    two scenes with the same one paint the band alike; None when it is not worth keeping)
    and how the painter paints them."""

    top: int
    bottom: int
    shows: Hashable
    paint: Callable[[_TablePainter], None]


def _bands(scene: TableScene, height: int) -> list[_Band]:
    """The bands of the picture of ``scene`` (``height`` high): only the seats of a band,
    the trick (between the side seats), the header's and the scores' lines are painted in
    it, and its key names all they show."""
    slots = SLOTS[len(scene.seats)]
    seats = {slot: seat for seat, slot in enumerate(slots)}

    def seat_band(slot: Slot, top: int, bottom: int) -> _Band:
        seat = seats.get(slot)
        if seat is None:
            return _Band(top, bottom, (slot,), lambda painter: None)
        shows = (
            slot,
            scene.seats[seat],
            scene.to_act == seat,
            scene.dealer == seat,
            scene.words,
            scene.four_colour,
        )
        return _Band(top, bottom, shows, lambda painter: painter.seat(seat))

    def side_seats_and_trick(painter: _TablePainter) -> None:
        for slot in (Slot.EAST, Slot.WEST):
            if slot in seats:
                painter.seat(seats[slot])
        painter.trick_or_last()

    maker = scene.seats[scene.maker] if scene.maker is not None else None
    return [
        _Band(
            0,
            HEADER_END,
            (
                "header",
                scene.words,
                scene.hand_number,
                scene.target,
                scene.phase,
                scene.trump,
                scene.four_colour,
                scene.contract,
                maker and (maker.name, maker.side),
            ),
            _TablePainter.header_band,
        ),
        seat_band(Slot.NORTH, HEADER_END, TOP_SEAT_END),
        _Band(TOP_SEAT_END, TRICK_END, None, side_seats_and_trick),
        seat_band(Slot.SOUTH, TRICK_END, BOTTOM_SEAT_END),
        _Band(
            BOTTOM_SEAT_END,
            height,
            ("scores", scene.sides, scene.target, scene.words),
            _TablePainter.scores,
        ),
    ]


#: Bytes of bands kept, compressed (some 4 KB each, four a table: its header, top and bottom
#: seats, scores): a thousand busy tables find the band of a seat kept 98 times in 100, of the
#: header and the scores 89 to 90 with 8,000 bands kept, 82 to 93 with 4,000
#: (`docs/benchmarks.md`).
KEPT_BAND_BYTES = 32 * 2**20
_kept: Kept[DeflatedRows] = Kept(KEPT_BAND_BYTES, lambda rows: len(rows.data))
