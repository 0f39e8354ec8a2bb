"""Drawing the card faces and back that `scripts/make_cards.py` saves into `bot/render/cards_img/`.

Cards are drawn at twice the size they are shown (see `ART_SIZE`) so they stay sharp on
high-density screens, and everything is drawn four times larger again and reduced, for smooth
edges. The corner index is oversized ("jumbo") so a card stays readable in a thumbnail only 60
pixels wide; court cards get a tinted panel and an emblem (crown, tiara, sword) so a King, a
Queen and a Jack can be told apart without reading the index.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from bot.engine.cards import JACK, KING, QUEEN, Card, Suit, rank_text
from bot.render.lettering import FONT_DIR
from bot.render.style import CARD_EDGE, CARD_FACE, RGB, suit_colour
from bot.render.suits import paste_suit

ART_SIZE = (240, 336)
SCALE = 4
CORNER_RADIUS = 18
#: The index column: rank on top, suit below, in the top-left corner (and upside down
#: in the bottom-right one).
INDEX_WIDTH, INDEX_HEIGHT = 66, 146
RANK_BOX = (60, 72)
INDEX_SUIT = 48
PIP = 40
PIP_COLUMNS = (94, 120, 146)
PIP_TOP, PIP_BOTTOM = 58, 278
#: Pip layouts of 2..10 as (column, fraction of the way from top to bottom row).
PIP_LAYOUTS: dict[int, tuple[tuple[int, float], ...]] = {
    2: ((1, 0), (1, 1)),
    3: ((1, 0), (1, 0.5), (1, 1)),
    4: ((0, 0), (2, 0), (0, 1), (2, 1)),
    5: ((0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)),
    6: ((0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    7: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)),
    8: ((0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)),
    9: ((0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)),
    10: (
        (0, 0),
        (2, 0),
        (1, 1 / 6),
        (0, 1 / 3),
        (2, 1 / 3),
        (0, 2 / 3),
        (2, 2 / 3),
        (1, 5 / 6),
        (0, 1),
        (2, 1),
    ),
}
COURT_TINT: dict[int, RGB] = {
    KING: (250, 229, 160),
    QUEEN: (246, 206, 222),
    JACK: (196, 230, 226),
}
GOLD, GOLD_DARK = (232, 176, 20), (110, 78, 0)
STEEL, STEEL_DARK = (196, 206, 214), (70, 82, 92)
BACK, BACK_LINE = (28, 58, 122), (70, 108, 186)


class _Canvas:
    """An RGBA card drawn at `SCALE` times its size, with coordinates given at art size."""

    def __init__(self) -> None:
        width, height = ART_SIZE
        self.image = Image.new("RGBA", (width * SCALE, height * SCALE), (0, 0, 0, 0))
        self.draw = ImageDraw.Draw(self.image)

    def box(self, left: float, top: float, right: float, bottom: float) -> list[float]:
        return [left * SCALE, top * SCALE, right * SCALE, bottom * SCALE]

    def points(self, points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * SCALE, y * SCALE) for x, y in points]

    def card_shape(self, fill: RGB, outline: RGB) -> None:
        width, height = ART_SIZE
        self.draw.rounded_rectangle(
            self.box(1, 1, width - 1, height - 1),
            radius=CORNER_RADIUS * SCALE,
            fill=fill,
            outline=outline,
            width=2 * SCALE,
        )

    def suit(
        self, suit: Suit, centre: tuple[float, float], size: int, colour: RGB, flip: bool = False
    ) -> None:
        paste_suit(
            self.image, suit, (centre[0] * SCALE, centre[1] * SCALE), size * SCALE, colour, flip
        )

    def finish(self) -> Image.Image:
        return self.image.reduce(SCALE)


@cache
def _index_font() -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), RANK_BOX[1] * SCALE * 2)


def _glyph_mask(char: str) -> Image.Image:
    font = _index_font()
    left, top, right, bottom = (int(edge) for edge in font.getbbox(char))
    mask = Image.new("L", (right - left, bottom - top), 0)
    ImageDraw.Draw(mask).text((-left, -top), char, font=font, fill=255)
    return mask


def _rank_mask(rank: int) -> Image.Image:
    """The rank's glyphs cropped tight, set close together and fitted into `RANK_BOX`.

    Setting the glyphs of "10" close (rather than at their advance widths) keeps it from being
    squeezed as much to fit the index column.
    """
    glyphs = [_glyph_mask(char) for char in rank_text(rank)]
    gap = glyphs[0].height // 20
    height = max(glyph.height for glyph in glyphs)
    mask = Image.new("L", (sum(g.width for g in glyphs) + gap * (len(glyphs) - 1), height), 0)
    x = 0
    for glyph in glyphs:
        mask.paste(glyph, (x, height - glyph.height))
        x += glyph.width + gap
    box_width, box_height = RANK_BOX[0] * SCALE, RANK_BOX[1] * SCALE
    width = min(box_width, round(mask.width * box_height / mask.height))
    return mask.resize((width, box_height), Image.Resampling.LANCZOS)


def _index(card: Card, colour: RGB) -> Image.Image:
    """The corner index tile at `SCALE`: rank above a suit symbol, centred in its column."""
    tile = Image.new("RGBA", (INDEX_WIDTH * SCALE, INDEX_HEIGHT * SCALE), (0, 0, 0, 0))
    rank = _rank_mask(card.rank)
    centre_x = INDEX_WIDTH * SCALE // 2
    tile.paste(colour, (centre_x - rank.width // 2, 12 * SCALE), rank)
    suit_centre = (centre_x, (12 + RANK_BOX[1] + 10 + INDEX_SUIT / 2) * SCALE)
    paste_suit(tile, card.suit, suit_centre, INDEX_SUIT * SCALE, colour)
    return tile


def _pips(canvas: _Canvas, card: Card, colour: RGB) -> None:
    for column, fraction in PIP_LAYOUTS[card.rank]:
        y = PIP_TOP + fraction * (PIP_BOTTOM - PIP_TOP)
        canvas.suit(card.suit, (PIP_COLUMNS[column], y), PIP, colour, flip=fraction > 0.5)


def _crown(canvas: _Canvas) -> None:
    band = [(84, 132), (156, 132), (160, 112), (80, 112)]
    spikes = [(80, 112), (78, 66), (100, 94), (120, 54), (140, 94), (162, 66), (160, 112)]
    canvas.draw.polygon(canvas.points(spikes), fill=GOLD, outline=GOLD_DARK, width=3 * SCALE)
    canvas.draw.polygon(canvas.points(band), fill=GOLD, outline=GOLD_DARK, width=3 * SCALE)
    for x, y in ((78, 62), (120, 50), (162, 62)):
        canvas.draw.ellipse(
            canvas.box(x - 7, y - 7, x + 7, y + 7), fill=GOLD, outline=GOLD_DARK, width=2 * SCALE
        )


def _tiara(canvas: _Canvas) -> None:
    canvas.draw.pieslice(
        canvas.box(78, 62, 162, 146), 180, 360, fill=GOLD, outline=GOLD_DARK, width=3 * SCALE
    )
    canvas.draw.rounded_rectangle(
        canvas.box(76, 100, 164, 120),
        radius=8 * SCALE,
        fill=GOLD,
        outline=GOLD_DARK,
        width=3 * SCALE,
    )
    for x, y in ((84, 94), (96, 76), (120, 66), (144, 76), (156, 94)):
        canvas.draw.ellipse(
            canvas.box(x - 6, y - 6, x + 6, y + 6),
            fill=CARD_FACE,
            outline=GOLD_DARK,
            width=2 * SCALE,
        )
    canvas.draw.ellipse(
        canvas.box(110, 80, 130, 100), fill=(206, 32, 41), outline=GOLD_DARK, width=2 * SCALE
    )


def _sword(canvas: _Canvas) -> None:
    blade = [(112, 84), (128, 84), (128, 150), (120, 168), (112, 150)]
    canvas.draw.polygon(canvas.points(blade), fill=STEEL, outline=STEEL_DARK, width=3 * SCALE)
    canvas.draw.rounded_rectangle(
        canvas.box(92, 74, 148, 86), radius=5 * SCALE, fill=GOLD, outline=GOLD_DARK, width=3 * SCALE
    )
    canvas.draw.rectangle(canvas.box(115, 50, 125, 74), fill=GOLD_DARK)
    canvas.draw.ellipse(canvas.box(110, 36, 130, 56), fill=GOLD, outline=GOLD_DARK, width=3 * SCALE)


EMBLEMS: dict[int, Callable[[_Canvas], None]] = {KING: _crown, QUEEN: _tiara, JACK: _sword}


def _court(canvas: _Canvas, card: Card, colour: RGB) -> None:
    canvas.draw.rounded_rectangle(
        canvas.box(70, 30, 170, 306),
        radius=10 * SCALE,
        fill=COURT_TINT[card.rank],
        outline=colour,
        width=3 * SCALE,
    )
    EMBLEMS[card.rank](canvas)
    canvas.suit(card.suit, (120, 236), 76, colour)


def draw_face(card: Card, four_colour: bool) -> Image.Image:
    """The face of `card` at `ART_SIZE`, RGBA with transparent rounded corners."""
    canvas = _Canvas()
    canvas.card_shape(CARD_FACE, CARD_EDGE)
    colour = suit_colour(card.suit, four_colour)
    index = _index(card, colour)
    canvas.image.alpha_composite(index, (0, 0))
    width, height = ART_SIZE
    corner = ((width - INDEX_WIDTH) * SCALE, (height - INDEX_HEIGHT) * SCALE)
    canvas.image.alpha_composite(index.transpose(Image.Transpose.ROTATE_180), corner)
    if card.rank in EMBLEMS:
        _court(canvas, card, colour)
    elif card.rank in PIP_LAYOUTS:
        _pips(canvas, card, colour)
    else:
        canvas.suit(card.suit, (width / 2, height / 2), 112, colour)
    return canvas.finish()


def draw_back() -> Image.Image:
    """The back of every card: a navy lattice inside a white border."""
    canvas = _Canvas()
    canvas.card_shape(CARD_FACE, CARD_EDGE)
    width, height = ART_SIZE
    inner = (12, 12, width - 12, height - 12)
    canvas.draw.rounded_rectangle(canvas.box(*inner), radius=10 * SCALE, fill=BACK)
    step = 24
    for offset in range(-height, width + height, step):
        for direction in (1, -1):
            start = (
                (inner[0] + offset, inner[1]) if direction == 1 else (inner[2] - offset, inner[1])
            )
            end = (start[0] + direction * height, inner[1] + height)
            canvas.draw.line(canvas.points([start, end]), fill=BACK_LINE, width=2 * SCALE)
    lattice = canvas.image
    mask = Image.new("L", lattice.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle(canvas.box(*inner), radius=10 * SCALE, fill=255)
    framed = _Canvas()
    framed.card_shape(CARD_FACE, CARD_EDGE)
    framed.image.paste(lattice, (0, 0), mask)
    framed.draw.ellipse(
        framed.box(80, 128, 160, 208), fill=CARD_FACE, outline=BACK_LINE, width=3 * SCALE
    )
    framed.suit(Suit.SPADES, (120, 168), 48, BACK)
    return framed.finish()
