"""Drawing helpers shared by the pictures: felt backgrounds, panels, cards and PNG output."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from PIL import Image, ImageDraw

from bot.engine.cards import Card, Suit
from bot.render import deck
from bot.render.lettering import Fill, aligned_left, clean, draw_text, fit, text_width
from bot.render.png import png_bytes
from bot.render.style import CARD_FACE, FELT, MEDAL_TEXT, MEDALS, RGB, TEXT_DIM, suit_colour
from bot.render.suits import paste_suit

PALETTE_SAMPLE_STEP = 3
CHIP_PADDING = 8
CHIP_MAX_WIDTH = 200
NEAREST = Image.Resampling.NEAREST


Box = tuple[int, int, int, int]
#: A point's coordinates: whole pixels, or (for text and chips) placed between them.
Coordinate = TypeVar("Coordinate", int, float)


@dataclass(frozen=True, slots=True)
class Placed:
    """One thing a painter drew, where a layout test can check it: a line of text (the size it
    was drawn at, and whether it had to be shortened to fit), a card, a chip or a badge."""

    kind: str
    box: Box
    text: str = ""
    size: int = 0
    shortened: bool = False

    def moved(self, scale: float, offset: tuple[int, int]) -> Placed:
        """Where this lands once its picture is drawn `scale` times as large at `offset` in
        another (a hand under the table), and the size its text is drawn at there."""
        left, top, right, bottom = (round(edge * scale) for edge in self.box)
        box = (left + offset[0], top + offset[1], right + offset[0], bottom + offset[1])
        return Placed(self.kind, box, self.text, round(self.size * scale), self.shortened)


class Painter:
    """What every picture's painter shares: the picture it draws on, and writing on it.

    A painter whose `layout` is a list records there everything it writes (and whatever else
    it chooses to record with `place`), so a test can check that nothing is too small, cut
    off or overlapping without reading pixels.
    """

    image: Image.Image
    layout: list[Placed] | None = None
    #: Where `image` lies in the picture: a painter may paint only a part of its picture, on an
    #: image holding just that part; it places everything where it lies in the whole (what
    #: lies outside the part is clipped) and records it there. Text is placed by rounding
    #: halves to even (`draw_text`), which moves with the picture only by an even number of
    #: pixels: a part begins on an even row and column.
    origin: tuple[int, int] = (0, 0)

    def paint(self) -> Image.Image:
        """Draw the whole picture (each painter's own)."""
        raise NotImplementedError

    def on_image(self, xy: tuple[Coordinate, Coordinate]) -> tuple[Coordinate, Coordinate]:
        """Where the picture's point ``xy`` lies on `image`."""
        return xy[0] - self.origin[0], xy[1] - self.origin[1]

    def box_on_image(self, box: Box) -> Box:
        """Where the picture's ``box`` lies on `image`."""
        left, top = self.origin
        return box[0] - left, box[1] - top, box[2] - left, box[3] - top

    def place(
        self, kind: str, box: Box, text: str = "", size: int = 0, shortened: bool = False
    ) -> None:
        if self.layout is not None:
            self.layout.append(Placed(kind, box, text, size, shortened))

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        fill: Fill,
        max_width: int | None = None,
        align: str = "left",
    ) -> int:
        """Draw one line (see `draw_text`), shortened to `max_width`; returns its width."""
        width = draw_text(self.image, self.on_image(xy), text, size, fill, align, max_width)
        if self.layout is not None and text.strip():
            left = round(aligned_left(xy[0], width, align))
            shortened = max_width is not None and fit(text, size, max_width) != clean(text).strip()
            box = (left, round(xy[1] - size / 2), left + width, round(xy[1] + size / 2))
            self.place("text", box, text, size, shortened)
        return width

    def names(
        self,
        xy: tuple[float, float],
        names: Sequence[str],
        joiner: str,
        size: int,
        fill: Fill,
        max_width: int,
    ) -> int:
        """A side's players on one line from `xy` (left-aligned), joined by `joiner`, each
        name drawn (and recorded) by itself; returns the width drawn.

        When the line does not fit, each name is shortened to its share of the room (a short
        name keeps all it needs), so two partners never read as one player cut short."""
        widths = [text_width(fit(name, size, max_width), size) for name in names]
        room = max_width - text_width(joiner, size) * (len(names) - 1)
        x = xy[0]
        for index, (name, share) in enumerate(zip(names, name_shares(widths, room), strict=True)):
            if index:
                x += self.text((x, xy[1]), joiner, size, fill)
            x += self.text((x, xy[1]), name, size, fill, share)
        return round(x - xy[0])

    def place_number(
        self, centre: tuple[float, float], place: int, size: int, radius: int, width: int
    ) -> None:
        """A place on a board: the first three on a gold, silver or bronze disc of ``radius``,
        the others as a bare number at most ``width`` wide."""
        if place <= len(MEDALS):
            x, y = self.on_image(centre)
            disc = (x - radius, y - radius, x + radius, y + radius)
            ImageDraw.Draw(self.image).ellipse(disc, fill=MEDALS[place - 1])
            self.text(centre, str(place), size, MEDAL_TEXT, 2 * radius, "centre")
        else:
            self.text(centre, str(place), size, TEXT_DIM, width, "centre")

    def chip(
        self,
        xy: tuple[float, float],
        label: str,
        size: int,
        colours: tuple[RGB, RGB],
        align: str = "centre",
    ) -> int:
        """A `chip` (`colours` = fill, text) recorded in the layout; returns its width."""
        width = chip(self.image, self.on_image(xy), label, size, colours[0], colours[1], align)
        left = round(aligned_left(xy[0], width, align))
        top, half = round(xy[1]), (size + CHIP_PADDING) // 2
        self.place("chip", (left, top - half, left + width, top + half), label, size)
        return width


def recorded(painter: Painter) -> list[Placed]:
    """Everything `painter` writes and shows, and where: what layout tests check, from the
    painter's own record rather than from pixels."""
    painter.layout = []
    painter.paint()
    return painter.layout


def name_shares(widths: Sequence[int], room: int) -> list[int]:
    """How wide each of several names may be drawn side by side in `room` pixels: names
    narrower than an even share keep their width, and the others share what is left evenly."""
    shares = list(widths)
    left = room
    by_width = sorted(range(len(widths)), key=lambda index: widths[index])
    for placed, index in enumerate(by_width):
        shares[index] = min(widths[index], left // (len(widths) - placed))
        left -= shares[index]
    return shares


def felt(size: tuple[int, int], colour: RGB = FELT) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A fresh opaque canvas: readable the same on Discord's dark and light themes."""
    image = Image.new("RGB", size, colour)
    return image, ImageDraw.Draw(image)


def paste_card(
    image: Image.Image,
    card: Card | None,
    xy: tuple[int, int],
    width: int,
    four_colour: bool,
    dimmed: bool = False,
) -> None:
    """Paste a card face (or the back, for `None`) with its shadow, top-left corner at `xy`:
    its opaque middle copied, its border and shadow blended (`deck.pieces`)."""
    cut = deck.pieces(card, width, four_colour, dimmed)
    left, top = xy[0] - deck.SHADOW_BLUR, xy[1] - deck.SHADOW_BLUR
    for edge, (across, down) in cut.edges:
        image.paste(edge, (left + across, top + down), edge)
    if cut.solid is not None:
        image.paste(cut.solid, (left + cut.solid_at[0], top + cut.solid_at[1]))


def suit_badge(
    image: Image.Image, box: tuple[int, int, int], suit: Suit, four_colour: bool
) -> None:
    """A suit symbol on a white rounded square (`box` = left, top, side), readable on felt."""
    left, top, side = box
    ImageDraw.Draw(image).rounded_rectangle(
        (left, top, left + side, top + side), radius=side // 5, fill=CARD_FACE
    )
    centre = (left + side / 2, top + side / 2)
    paste_suit(image, suit, centre, round(side * 0.72), suit_colour(suit, four_colour))


def chip(
    image: Image.Image,
    xy: tuple[float, float],
    label: str,
    size: int,
    fill: RGB,
    text_colour: RGB,
    align: str = "centre",
) -> int:
    """A rounded label ("pill") placed like `draw_text` places text; returns its width."""
    line = fit(label, size, CHIP_MAX_WIDTH)
    width = chip_width(label, size)
    height = size + CHIP_PADDING
    left = aligned_left(xy[0], width, align)
    ImageDraw.Draw(image).rounded_rectangle(
        (left, xy[1] - height / 2, left + width, xy[1] + height / 2), radius=height / 2, fill=fill
    )
    draw_text(image, (left + width / 2, xy[1]), line, size, text_colour, align="centre")
    return width


def chip_width(label: str, size: int) -> int:
    """How wide a `chip` of `label` is drawn."""
    line = fit(label, size, CHIP_MAX_WIDTH)
    return max(text_width(line, size) + 2 * CHIP_PADDING, size + CHIP_PADDING)


def to_png(image: Image.Image, palette: Image.Image | None = None) -> bytes:
    """Encode as a 256-colour PNG (`png_bytes`): a third of the size of true colour, and
    faster to write.

    With `palette` (a "P" image, see `fixed_palette`) the colours are mapped to it; choosing
    a palette costs as much again as mapping to one. Without it the palette is chosen from
    every third pixel (nearest-neighbour sampling adds no blended colours), which costs a
    ninth of choosing it from the whole picture and looks the same. Either way the pixels
    depend only on the picture, so identical scenes give identical pictures.
    """
    if palette is None:
        palette = fixed_palette(image)
    return png_bytes(image.quantize(palette=palette, dither=Image.Dither.NONE))


def fixed_palette(*samples: Image.Image) -> Image.Image:
    """The 256 colours that best cover every third pixel of `samples` (RGB, same width).

    Built once from pictures that show every colour a kind of picture can hold, it replaces
    choosing a palette for each picture of that kind.
    """
    width = max(sample.width for sample in samples) // PALETTE_SAMPLE_STEP
    heights = [max(sample.height // PALETTE_SAMPLE_STEP, 1) for sample in samples]
    strip = Image.new("RGB", (max(width, 1), sum(heights)))
    top = 0
    for sample, height in zip(samples, heights, strict=True):
        small = sample.resize((max(sample.width // PALETTE_SAMPLE_STEP, 1), height), NEAREST)
        strip.paste(small, (0, top))
        top += height
    return strip.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def palette_swatch(*samples: Image.Image) -> Image.Image:
    """The `fixed_palette` of `samples` as a 16 x 16 picture using each of its 256 colours
    once: the form a kind of picture's palette is shipped in (it takes most of a second to
    choose, so it is chosen once, by `scripts/make_cards.py`, not in every process)."""
    chosen = fixed_palette(*samples)
    swatch = Image.new("P", (16, 16))
    swatch.putpalette(chosen.getpalette() or [])
    swatch.putdata(range(256))
    return swatch


def shipped_palette(path: Path) -> Image.Image:
    """A palette saved by `palette_swatch`, loaded."""
    with Image.open(path) as swatch:
        swatch.load()
        return swatch
