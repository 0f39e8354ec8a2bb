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
from dataclasses import dataclass, replace
from enum import Enum
from functools import lru_cache, partial

from PIL import Image, ImageDraw

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.package_data import shipped
from bot.render import deck
from bot.render.canvas import (
    Box,
    Painter,
    Placed,
    felt,
    palette_swatch,
    paste_card,
    shipped_palette,
    suit_badge,
)
from bot.render.kept import Kept, PackedPiece
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
#: The header's two columns, each painted and kept alone: the hand and its phase, written
#: before `HEADER_SPLIT`; the trumps and the contract, from `TRUMP_X`.
HEADER_COLUMNS = ((0, (HEADER_SPLIT + TRUMP_X) // 2), ((HEADER_SPLIT + TRUMP_X) // 2, WIDTH))
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
#: A side's row of the scores' panel, from its top (`score_row_top`), with a game's target: its
#: line (name and score) lies in the rows `SCORE_LINE_ROWS`, its bar from `SCORE_BAR_TOP` and
#: this hand's points beside it in `SCORE_BAR_ROWS`, which reach two rows into the next row.
SCORE_LINE_ROWS = (2, 32)
SCORE_BAR_ROWS = (32, 52)
SCORE_BAR_TOP = 38
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
    return WIDTH, score_row_top(sides) + 12


def score_row_top(index: int) -> int:
    """Where the row of the ``index``-th side begins in the scores' panel."""
    return SCORES_TOP + 8 + index * SCORE_ROW


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


class Look(Enum):
    """How a card shows before its seat: played to the trick or, between tricks, the last
    trick's winner (ringed) or a card it beat (dimmed). The last trick stays where it was
    played until the next lead, as on a real table."""

    PLAYED = "played"
    WON = "won"
    BEATEN = "beaten"


def _shown_cards(scene: TableScene) -> list[tuple[Slot, Card, Look]]:
    """The cards before the seats, in the order they are painted: the trick's, or between
    tricks the last one's."""
    slots = SLOTS[len(scene.seats)]
    if scene.trick:
        return [(slots[play.seat], play.card, Look.PLAYED) for play in scene.trick]
    winner = scene.last_trick_winner
    return [
        (slots[play.seat], play.card, Look.WON if play.seat == winner else Look.BEATEN)
        for play in scene.last_trick
    ]


def _card_cell(slot: Slot) -> Box:
    """Where the trick's card before ``slot`` is painted (its shadow, and the winner's ring,
    included), as a box of the picture (right and bottom edges outside it). The cells of
    two slots never meet."""
    x, y = _trick_corner(slot)
    width, height = deck.sprite_size(TRICK_CARD)
    left, top = x - deck.SHADOW_BLUR, y - deck.SHADOW_BLUR
    ring_right = x + TRICK_CARD + WINNER_RING + 1
    ring_bottom = y + deck.card_height(TRICK_CARD) + WINNER_RING + 1
    return (
        min(left, x - WINNER_RING),
        min(top, y - WINNER_RING),
        max(left + width, ring_right),
        max(top + height, ring_bottom),
    )


def _seat_sides(scene: TableScene) -> tuple[int, ...]:
    """Each seat's side, in seat order: with the number of sides, the table's seating."""
    return tuple(seat.side for seat in scene.seats)


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
    """Draws one `TableScene`; each method paints one part of the picture. With ``rows`` (from
    a top, which is even, to before a bottom) it paints those rows only (`Painter.origin`),
    and copies only them of the kept background."""

    def __init__(self, scene: TableScene, rows: tuple[int, int] | None = None) -> None:
        self.scene = scene
        self.words = scene.words
        self.slots = SLOTS[len(scene.seats)]
        background = _background(len(scene.sides), _seat_sides(scene))
        if rows is None:
            self.image = background.copy()
        else:
            top, bottom = rows
            if top % 2:
                raise ValueError(f"a table's rows are painted from an even one, not {top}")
            self.image = background.crop((0, top, background.width, bottom))
            self.origin = (0, top)
        self.draw = ImageDraw.Draw(self.image)
        self.layout = []

    def card(
        self, card: Card | None, xy: tuple[int, int], width: int, dimmed: bool = False
    ) -> None:
        paste_card(self.image, card, self.on_image(xy), width, self.scene.four_colour, dimmed)
        box = (xy[0], xy[1], xy[0] + width, xy[1] + deck.card_height(width))
        self.place("card", box, card.code if card else "")

    def paint(self) -> Image.Image:
        for seat in range(len(self.scene.seats)):
            self.seat(seat)
        self.trick_or_last()
        self.header()
        self.trump_and_contract()
        self.scores()
        return self.image

    def trick_or_last(self) -> None:
        for slot, card, look in _shown_cards(self.scene):
            self.trick_card(slot, card, look)

    def scores(self) -> None:
        for index in range(len(self.scene.sides)):
            self.score_line(index)
            self.score_bar(index)

    def seat(self, seat: int) -> None:
        info = self.scene.seats[seat]
        left, top, right, bottom = _seat_box(self.slots[seat])
        to_act = self.scene.to_act == seat
        if to_act:  # the others' panels are the background's
            box = self.box_on_image((left, top, right, bottom))
            _seat_panel(self.draw, box, info.side, to_act=True)
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

    def trick_card(self, slot: Slot, card: Card, look: Look) -> None:
        """A card of the trick, or of the last one (`Look`) before its seat."""
        x, y = _trick_corner(slot)
        if look is Look.WON:
            edge, height = WINNER_RING, deck.card_height(TRICK_CARD)
            ring = (x - edge, y - edge, x + TRICK_CARD + edge, y + height + edge)
            self.draw.rounded_rectangle(self.box_on_image(ring), radius=10, fill=HIGHLIGHT)
        self.card(card, (x, y), TRICK_CARD, dimmed=look is Look.BEATEN)

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
            left, top = self.on_image(badge[:2])
            suit_badge(self.image, (left, top, badge[2]), scene.trump, scene.four_colour)
            self.place("badge", (badge[0], badge[1], badge[0] + badge[2], badge[1] + badge[2]))
        else:
            self.text((TRUMP_X + 25, 74), self.words.no_trump_yet, HUGE, TEXT_DIM, align="centre")
        width = HEADER[2] - 12 - CONTRACT_X
        self.text((CONTRACT_X, 30), self.words.contract, LABEL, TEXT_DIM, width)
        if scene.contract is not None and scene.maker is not None:
            maker = scene.seats[scene.maker]
            contract = self.words.contract_by.format(bid=scene.contract, name=maker.name)
            self.text((CONTRACT_X, 74), contract, NAME, side_colour(maker.side), width)

    def score_line(self, index: int) -> None:
        """A side's name and score. A single deal has no game score: its line is the side's
        name and the points it has taken in the deal, in the middle of its row."""
        side, target = self.scene.sides[index], self.scene.target
        left, right = INSET, WIDTH - INSET
        top = score_row_top(index)
        middle = top + (18 if target is not None else SCORE_ROW // 2 - 2)
        score = side.score if target is not None else side.hand_points
        score_width = 0
        if score is not None:
            score_width = self.text((right, middle), str(score), TITLE, TEXT, align="right")
        colour = side_colour(index)
        self.draw.ellipse(self.box_on_image((left, middle - 7, left + 14, middle + 7)), fill=colour)
        names_width = right - score_width - 14 - left - 22
        self.text((left + 22, middle), side.name, NAME, TEXT, names_width)

    def score_bar(self, index: int) -> None:
        """Under a side's line, its progress to the target and, during the play, the points it
        has taken this hand at the end of the bar (nothing in a single deal)."""
        side, target = self.scene.sides[index], self.scene.target
        if target is None:
            return
        left, right = INSET, WIDTH - INSET
        bar_top, bar_right = score_row_top(index) + SCORE_BAR_TOP, right
        if side.hand_points is not None:
            points = self.words.hand_points.format(points=side.hand_points)
            bar_right -= self.text((right, bar_top + 4), points, LABEL, TEXT_DIM, 300, "right") + 14
        bar = (left, bar_top, bar_right, bar_top + 8)
        self.draw.rounded_rectangle(self.box_on_image(bar), radius=4, fill=FELT_DARK)
        reached = min(max(side.score, 0), target) / target
        if reached:
            end = left + max(round((bar_right - left) * reached), 8)
            reached_bar = self.box_on_image((*bar[:2], end, bar[3]))
            self.draw.rounded_rectangle(reached_bar, radius=4, fill=side_colour(index))


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
    painted (or put together, `_side_seats_and_trick`), reduced and compressed. A move
    changes a card of the trick and two seats; the header and the scores change once a
    trick."""
    size = picture_size(len(scene.sides))
    rows = []
    for band in _bands(scene, size[1]):
        kept = _kept.get(band.shows)
        if kept is None:
            kept = deflated_rows(band.reduced(scene, band.top, band.bottom))
            _kept.keep(band.shows, kept)
        rows.append(kept)
    return png_of_rows(size, table_palette(), rows)


def _reduced(picture: Image.Image) -> Image.Image:
    """A part of a table picture, in true colour, reduced to the table palette."""
    return picture.quantize(palette=table_palette(), dither=Image.Dither.NONE)


#: A band's rows of a scene's picture (from a top to before a bottom) in the table palette.
Reduced = Callable[[TableScene, int, int], Image.Image]


def _painted(paint: Callable[[_TablePainter], None]) -> Reduced:
    """A band painted by ``paint`` on its own rows, then reduced."""

    def reduced(scene: TableScene, top: int, bottom: int) -> Image.Image:
        return _painted_piece(scene, paint, (0, top, WIDTH, bottom))

    return reduced


def _painted_piece(
    scene: TableScene, paint: Callable[[_TablePainter], None], box: Box
) -> Image.Image:
    """The ``box`` of the picture of ``scene`` (from an even row) with ``paint`` alone painted
    over the background, reduced."""
    painter = _TablePainter(scene, (box[1], box[3]))
    paint(painter)
    piece = painter.image
    if (box[0], box[2]) != (0, piece.width):  # not whole rows, which are not copied again
        piece = piece.crop(painter.box_on_image(box))
    return _reduced(piece)


def _kept_piece(shows: Hashable, painted: Callable[[], Image.Image]) -> Image.Image:
    """The piece kept packed for ``shows`` or, when none is, the ``painted`` one, kept."""
    packed = _kept_pieces.get(shows)
    if packed is not None:
        return packed.unpacked()
    piece = painted()
    _kept_pieces.keep(shows, PackedPiece.of(piece))
    return piece


#: A band of the background's rows alone: nothing is painted over them.
_BARE = _painted(lambda painter: None)


#: Where the bands of a table picture end, top to bottom: the header's panel; the top seat
#: (its name's rows, `SEAT_NAME_ROWS`, then the rest); the top seat's card of the trick (the
#: rows above the side seats' cards); the side seats and the trick's cards between them (the
#: rows of the side seats' cards, to an even row); the bottom seat's card of the trick; the
#: bottom seat (as the top one); the scores' panel (to the picture's foot). Nothing is
#: painted across two (`tests/render/test_table_bands.py`).
HEADER_END, TOP_SEAT_END = 112, 226
SIDE_CARDS_TOP = _card_cell(Slot.WEST)[1]
SIDE_CARDS_END = _card_cell(Slot.WEST)[3] + _card_cell(Slot.WEST)[3] % 2
TRICK_END, BOTTOM_SEAT_END = 484, SCORES_TOP
#: A seat's name is written in its panel's first rows, and nothing else of the seat but the
#: panel, its ring and its side's colour (even, as a band's first row must be).
SEAT_NAME_ROWS = 38


@dataclass(frozen=True, slots=True)
class _Band:
    """Rows of the table picture (from ``top`` to before ``bottom``), what they show (a key:
    two scenes with the same one make the band alike; None when it is not worth keeping)
    and how they are made, in the table palette."""

    top: int
    bottom: int
    shows: Hashable
    reduced: Reduced


def _seat_name_shows(scene: TableScene, seat: int, slot: Slot) -> Hashable:
    """What the rows of ``seat``'s name show, sitting at ``slot`` (`SEAT_NAME_ROWS`): who sits
    there, on a panel of their side's, ringed or not."""
    info = scene.seats[seat]
    return ("seat's name", slot, info.name, info.side, scene.to_act == seat)


def _seat_shows(
    scene: TableScene, seat: int, slot: Slot, *, whoever_sits: bool = False
) -> Hashable:
    """All that the picture of ``scene`` shows of ``seat``, sitting at ``slot``, in its
    panel: two scenes alike in it paint the panel alike. ``whoever_sits``: all but the
    name, for the panel's rows below it (`SEAT_NAME_ROWS`)."""
    info = scene.seats[seat]
    return (
        slot,
        replace(info, name="") if whoever_sits else info,
        scene.to_act == seat,
        scene.dealer == seat,
        scene.words,
        scene.four_colour,
    )


def _bands(scene: TableScene, height: int) -> list[_Band]:
    """The bands of the picture of ``scene`` (``height`` high): only the seats of a band,
    the trick's cards, the header's and the scores' lines are painted in it, and its key
    names all they show."""
    slots = SLOTS[len(scene.seats)]
    seats = {slot: seat for seat, slot in enumerate(slots)}

    def seat_bands(slot: Slot, top: int, bottom: int) -> list[_Band]:
        """A seat's rows: those of its name, kept by who sits there, and those below, kept
        by all else the seat shows, the same at every table (a seat's cards are counted in
        them, and change at every trick)."""
        seat = seats.get(slot)
        if seat is None:
            return [_Band(top, bottom, (slot,), _BARE)]
        split = _seat_box(slot)[1] + SEAT_NAME_ROWS
        paint = _painted(lambda painter: painter.seat(seat))
        return [
            _Band(top, split, _seat_name_shows(scene, seat, slot), paint),
            _Band(split, bottom, _seat_shows(scene, seat, slot, whoever_sits=True), paint),
        ]

    def card_band(slot: Slot, top: int, bottom: int) -> _Band:
        shown = next(((card, look) for at, card, look in _shown_cards(scene) if at is slot), None)
        shows = ("trick card", slot, shown, scene.four_colour)
        if shown is None:
            return _Band(top, bottom, shows, _BARE)
        card, look = shown
        return _Band(
            top, bottom, shows, _painted(lambda painter: painter.trick_card(slot, card, look))
        )

    return [
        _Band(0, HEADER_END, ("header", *_header_shows(scene)), _header),
        *seat_bands(Slot.NORTH, HEADER_END, TOP_SEAT_END),
        card_band(Slot.NORTH, TOP_SEAT_END, SIDE_CARDS_TOP),
        _Band(SIDE_CARDS_TOP, SIDE_CARDS_END, None, _side_seats_and_trick),
        card_band(Slot.SOUTH, SIDE_CARDS_END, TRICK_END),
        *seat_bands(Slot.SOUTH, TRICK_END, BOTTOM_SEAT_END),
        *_score_bands(scene, height),
    ]


def _header_shows(scene: TableScene) -> tuple[Hashable, Hashable]:
    """What the header's columns show (`HEADER_COLUMNS`): the hand, the target and the phase,
    the same at every table at that point of a hand; and the trumps and the contract, the
    same all the hand long."""
    maker = scene.seats[scene.maker] if scene.maker is not None else None
    return (
        ("hand", scene.words, scene.hand_number, scene.target, scene.phase),
        (
            "trumps and contract",
            scene.words,
            scene.trump,
            scene.four_colour,
            scene.contract,
            maker and (maker.name, maker.side),
        ),
    )


def _header(scene: TableScene, top: int, bottom: int) -> Image.Image:
    """The header's rows, in the table palette: each of its columns kept packed by what it
    shows, so that a new trick finds the hand's column kept from another table and the
    trumps' from this table's last picture."""
    band = Image.new("P", (WIDTH, bottom - top))
    columns = zip(
        _header_shows(scene),
        HEADER_COLUMNS,
        (_TablePainter.header, _TablePainter.trump_and_contract),
        strict=True,
    )
    for shows, (left, right), paint in columns:
        box = (left, top, right, bottom)
        band.paste(_kept_piece(shows, partial(_painted_piece, scene, paint, box)), (left, 0))
    return band


def _score_bands(scene: TableScene, height: int) -> list[_Band]:
    """The scores' panel of the picture of ``scene``, from `BOTTOM_SEAT_END` to ``height``.
    In a game, each side's line (its name and score, which change at a hand's end) is a band
    of its own, and its bar with this hand's points (which change within a hand, and show no
    name) another, the same at every table. A single deal's panel is one band."""
    if scene.target is None:
        return [
            _Band(BOTTOM_SEAT_END, height, ("scores", scene.sides), _painted(_TablePainter.scores))
        ]
    first, last = score_row_top(0), score_row_top(len(scene.sides) - 1)
    bands = [
        _Band(
            BOTTOM_SEAT_END,
            first + SCORE_LINE_ROWS[0],
            ("scores' head",),
            _BARE,
        )
    ]
    for index, side in enumerate(scene.sides):
        top = score_row_top(index)
        bands += [
            _Band(
                top + SCORE_LINE_ROWS[0],
                top + SCORE_LINE_ROWS[1],
                ("score's line", index, side.name, side.score),
                _painted(partial(_TablePainter.score_line, index=index)),
            ),
            _Band(
                top + SCORE_BAR_ROWS[0],
                top + SCORE_BAR_ROWS[1],
                (
                    "score's bar",
                    index,
                    index == len(scene.sides) - 1,  # the last reaches the panel's rounded foot
                    side.score,
                    side.hand_points,
                    scene.target,
                    scene.words,
                ),
                _painted(partial(_TablePainter.score_bar, index=index)),
            ),
        ]
    bands.append(
        _Band(
            last + SCORE_BAR_ROWS[1],
            height,
            ("scores' foot", len(scene.sides)),
            _BARE,
        )
    )
    return bands


def _side_seats_and_trick(scene: TableScene, top: int, bottom: int) -> Image.Image:
    """The rows of the side seats and the trick's cards between them, in the table palette,
    put together from pieces kept packed (`_kept_pieces`): the rows of the empty table
    (`_side_rows`), each side seat's panel over them in two pieces, its name's rows
    (`SEAT_NAME_ROWS`) and the rest, as the top and bottom seats' bands are kept, then each
    card of the trick over them. A piece not kept is painted on these rows of the picture and
    reduced.

    Reducing maps each pixel by itself, so a piece reduced alone is that piece of the whole
    reduced, and copying pieces in the order they are painted gives the band's pixels. A
    card's cell (`_card_cell`) meets no other card's; a side seat's card reaches over the
    edge of its seat's panel, where the seat shows only its panel, ringed or not: the
    card's piece is kept for its card, how it shows, and whether its seat is to act. The
    top and bottom seats' cards, which meet no panel in these rows, are kept whoever acts."""
    slots = SLOTS[len(scene.seats)]
    band = _side_rows(len(scene.sides), _seat_sides(scene)).copy()
    painter: _TablePainter | None = None
    seats_painted: set[int] = set()

    def painted_seat(seat: int | None) -> _TablePainter:
        """The painter of these rows, with ``seat`` painted (once)."""
        nonlocal painter
        if painter is None:
            painter = _TablePainter(scene, (top, bottom))
        if seat is not None and seat not in seats_painted:
            painter.seat(seat)
            seats_painted.add(seat)
        return painter

    def painted_card(
        slot: Slot, card: Card, look: Look, cell: Box, seat: int | None
    ) -> Image.Image:
        """The ``cell`` of these rows with ``card`` shown before ``slot``, over ``seat``'s
        panel when it meets it, reduced."""
        card_painter = painted_seat(seat)
        card_painter.trick_card(slot, card, look)
        return _reduced(card_painter.image.crop(card_painter.box_on_image(cell)))

    for seat, slot in enumerate(slots):
        if slot not in (Slot.EAST, Slot.WEST):
            continue
        left, upper, right, lower = _seat_box(slot)
        split = upper + SEAT_NAME_ROWS
        paint = partial(_TablePainter.seat, seat=seat)
        for shows, (piece_top, piece_bottom) in (
            (_seat_name_shows(scene, seat, slot), (upper, split)),
            # a panel's box holds its right and bottom edges
            (_seat_shows(scene, seat, slot, whoever_sits=True), (split, lower + 1)),
        ):
            box = (left, piece_top, right + 1, piece_bottom)
            piece = _kept_piece(shows, partial(_painted_piece, scene, paint, box))
            band.paste(piece, (left, piece_top - top))
    for slot, card, look in _shown_cards(scene):
        left, upper, right, lower = _card_cell(slot)
        cell = (left, max(upper, top), right, min(lower, bottom))
        seat = slots.index(slot)
        over_its_seat = _meet(cell, _seat_box(slot))
        shows = (slot, card, look, scene.four_colour, over_its_seat and scene.to_act == seat)
        painted = partial(painted_card, slot, card, look, cell, seat if over_its_seat else None)
        band.paste(_kept_piece(shows, painted), (cell[0], cell[1] - top))
    return band


def _meet(box: Box, panel: Box) -> bool:
    """Whether ``box`` (right and bottom edges outside it) meets a ``panel``'s box (which
    holds its right and bottom edges)."""
    return box[0] <= panel[2] and panel[0] < box[2] and box[1] <= panel[3] and panel[1] < box[3]


@lru_cache(maxsize=SEATINGS_KEPT)
def _side_rows(sides: int, seat_sides: tuple[int, ...]) -> Image.Image:
    """The rows of the side seats' cards of the empty table of a seating, in the table
    palette: the felt, and the side seats' panels as they are when it is not their turn."""
    background = _background(sides, seat_sides)
    return _reduced(background.crop((0, SIDE_CARDS_TOP, background.width, SIDE_CARDS_END)))


#: Bytes of bands kept, compressed (1 to 4 KB each: a table's header, its top and bottom seats'
#: names, each side's line of the scores; the rest of a seat's panel, the top and bottom seats'
#: cards of the trick and the scores' bars, shared by the tables that show the same): a
#: thousand busy tables, over their first 55 s, found as many kept within 24 MB as within 32
#: (some 10,000 bands; 85 in 100 of the seats' names, whose misses are mostly each table's
#: first pictures), 81 in 100 within 16 MB (`docs/benchmarks.md`, "The side seats' panels and
#: the header's columns kept packed").
KEPT_BAND_BYTES = 24 * 2**20
_kept: Kept[DeflatedRows] = Kept(KEPT_BAND_BYTES, lambda rows: len(rows.data))
#: Bytes of pieces kept packed (`PackedPiece`): the trick's cards (some 600 show all that
#: play shows of a deck, each card before each seat, played, winning or beaten, in 0.6 MB);
#: each side seat's name, its turn or not, and the rest of its panel (the same at every
#: table); the header's column of the hand (the same at every table at that point of a hand)
#: and of the contract (one a table). A thousand busy tables keep some 5,000.
KEPT_PIECE_BYTES = 8 * 2**20
_kept_pieces: Kept[PackedPiece] = Kept(KEPT_PIECE_BYTES, lambda piece: len(piece.data))
