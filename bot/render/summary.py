"""The end-of-hand and end-of-game pictures."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.cards import FULL_DECK, Card, Suit
from bot.engine.trumps import PointCard
from bot.package_data import shipped
from bot.render import deck
from bot.render.canvas import (
    Painter,
    Placed,
    felt,
    palette_swatch,
    paste_card,
    recorded,
    shipped_palette,
    suit_badge,
    to_png,
)
from bot.render.lettering import wrapped
from bot.render.scenes import (
    GameSummaryScene,
    HandSummaryScene,
    NamedPlay,
    PointAward,
    PointFate,
    SideResult,
)
from bot.render.style import (
    BAD,
    FELT_DARK,
    GOOD,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    side_colour,
)
from bot.render.words import Words

WIDTH = 800
MARGIN = 24
#: The one palette of the ends of hands, shipped with the card art.
HAND_SUMMARY_PALETTE_FILE = shipped(__package__, "hand_summary_palette.png")

# The end of a hand, read on a phone: nothing is written smaller than `LABEL`
# (11 x 800 / 400 = 22, `PHONE_TEXT`), and a side's names are fitted name by name.
LABEL, NAME, SCORE, HEADLINE = 22, 24, 30, 30
#: The title and the contract's result.
HEADER = 104
#: The line under the result saying that nobody scored on equal points.
NOTE = 30
TRICK_CARD = 64
#: Where the last trick's cards start below its label.
TRICK_CARD_TOP = 32
#: The label, the cards and their players' names.
LAST_TRICK_HEIGHT = TRICK_CARD_TOP + deck.card_height(TRICK_CARD) + 38
TILE_COLUMNS = 2
TILE_GAP = 12
TILE_HEIGHT = 100
TILE_CARD = 52
#: From one line of a tile to the next: the point, then each player of the side that took it.
TILE_LINE = 28
HAND_ROW = 44

# The end of a game, as readable: the headline and final score, a row per side, the chart.
GAME_HEADER = 120
#: From one line of a headline too long for one to the next.
HEADLINE_LINE = 40
ROW_HEIGHT = 44
CHART_HEIGHT = 280
CHART_SCALE = 3
#: At most this many hands are numbered under the chart (every second, third... hand beyond).
HAND_LABELS = 12


def _point_name(words: Words, kind: PointCard) -> str:
    return str(getattr(words, kind.value))


def _fate_word(words: Words, fate: PointFate) -> str:
    return words.dead if fate is PointFate.DEAD else words.not_in_play


def _change_text(change: int) -> str:
    return f"+{change}" if change > 0 else str(change)


def _change_colour(change: int) -> tuple[int, int, int]:
    if change > 0:
        return GOOD
    return BAD if change < 0 else TEXT_DIM


class _HandSummaryPainter(Painter):
    """Draws one `HandSummaryScene`, recording what it writes (`hand_summary_layout`)."""

    def __init__(self, scene: HandSummaryScene) -> None:
        self.scene = scene
        self.words = scene.words
        tile_rows = math.ceil(len(scene.awards) / TILE_COLUMNS)
        self.trick_top = HEADER + (NOTE if scene.equal_points else 0)
        trick_height = LAST_TRICK_HEIGHT if scene.last_trick else 0
        self.tiles_top = self.trick_top + trick_height
        self.table_top = self.tiles_top + tile_rows * (TILE_HEIGHT + TILE_GAP) + 4
        height = self.table_top + HAND_ROW * (len(scene.sides) + 1) + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)
        self.layout = []

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.words
        title = words.hand_title.format(number=scene.hand_number)
        title_width = self.text((MARGIN, 40), title, HEADLINE, TEXT)
        badge = (MARGIN + title_width + 14, 20, 40)
        suit_badge(self.image, badge, scene.trump, scene.four_colour)
        self.place("badge", (badge[0], badge[1], badge[0] + badge[2], badge[1] + badge[2]))
        template = words.contract_made if scene.made else words.contract_set
        result = template.format(name=scene.maker_name, bid=scene.contract)
        self.text((MARGIN, 84), result, NAME, GOOD if scene.made else BAD, WIDTH - 2 * MARGIN)
        if scene.equal_points:
            note = words.equal_points
            self.text((MARGIN, 84 + NOTE), note, LABEL, TEXT_DIM, WIDTH - 2 * MARGIN)
        self.last_trick()
        for position, award in enumerate(scene.awards):
            self.tile(position, award)
        self.results()
        return self.image

    def card(self, card: Card, xy: tuple[int, int], width: int, dimmed: bool = False) -> None:
        paste_card(self.image, card, xy, width, self.scene.four_colour, dimmed)
        box = (xy[0], xy[1], xy[0] + width, xy[1] + deck.card_height(width))
        self.place("card", box, card.code)

    def last_trick(self) -> None:
        """The hand's last trick, its winner's card ringed, each card over its player's name:
        the next deal clears the table, so this is where everyone sees how the hand ended."""
        plays = self.scene.last_trick
        if not plays:
            return
        top = self.trick_top
        self.text((MARGIN, top + 12), self.words.last_trick, LABEL, TEXT_DIM, WIDTH - 2 * MARGIN)
        column = (WIDTH - 2 * MARGIN) // len(plays)
        card_top = top + TRICK_CARD_TOP
        height = deck.card_height(TRICK_CARD)
        for position, play in enumerate(plays):
            centre = MARGIN + column * position + column // 2
            left = centre - TRICK_CARD // 2
            if play.won:
                ring = (left - 4, card_top - 4, left + TRICK_CARD + 4, card_top + height + 4)
                self.draw.rounded_rectangle(ring, radius=8, fill=HIGHLIGHT)
            self.card(play.card, (left, card_top), TRICK_CARD)
            colour = side_colour(play.side)
            name_y = card_top + height + 20
            self.text((centre, name_y), play.name, LABEL, colour, column - 8, "centre")

    def tile(self, position: int, award: PointAward) -> None:
        """A point card, what it is worth, and who took it: each player of the side on a line
        of their own, so partners read as two players however long their names are."""
        width = (WIDTH - 2 * MARGIN - (TILE_COLUMNS - 1) * TILE_GAP) // TILE_COLUMNS
        row, column = divmod(position, TILE_COLUMNS)
        left = MARGIN + column * (width + TILE_GAP)
        top = self.tiles_top + row * (TILE_HEIGHT + TILE_GAP)
        box = (left, top, left + width, top + TILE_HEIGHT)
        self.draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=PANEL_EDGE)
        self.place("tile", box)
        captured = award.fate is PointFate.CAPTURED
        card_top = top + (TILE_HEIGHT - deck.card_height(TILE_CARD)) // 2
        self.card(award.card, (left + 12, card_top), TILE_CARD, dimmed=not captured)
        x = left + 12 + TILE_CARD + 16
        text_width = left + width - 14 - x
        value = self.text(
            (left + width - 14, top + 24), f"{award.value}", NAME, HIGHLIGHT, align="right"
        )
        name = _point_name(self.words, award.kind)
        self.text((x, top + 24), name, LABEL, TEXT, text_width - value - 8)
        first_line = top + 24 + TILE_LINE + 2
        if not captured or award.side is None:
            fate = _fate_word(self.words, award.fate)
            self.text((x, first_line), fate, LABEL, TEXT_DIM, text_width)
            return
        colour = side_colour(award.side)
        self.draw.ellipse((x, first_line - 6, x + 12, first_line + 6), fill=colour)
        for line, member in enumerate(self.scene.sides[award.side].members):
            y = first_line + line * TILE_LINE
            self.text((x + 18, y), member, LABEL, colour, text_width - 18)

    def results(self) -> None:
        """Each side's points, score change and new total, its players' names on one line."""
        words = self.words
        columns = (WIDTH - MARGIN - 220, WIDTH - MARGIN - 110, WIDTH - MARGIN)
        y = self.table_top + HAND_ROW // 2
        for x, label in zip(columns, (words.points, words.change, words.total), strict=True):
            self.text((x, y), label, LABEL, TEXT_DIM, 104, align="right")
        names_left, names_right = MARGIN + 26, columns[0] - 60
        for index, side in enumerate(self.scene.sides):
            y += HAND_ROW
            row = (MARGIN, y - HAND_ROW // 2, WIDTH - MARGIN, y + HAND_ROW // 2)
            self.place("row", row)
            self.draw.ellipse((MARGIN, y - 8, MARGIN + 16, y + 8), fill=side_colour(index))
            joiner = words.names_joiner
            self.names((names_left, y), side.members, joiner, NAME, TEXT, names_right - names_left)
            self.text((columns[0], y), str(side.points), NAME, TEXT, align="right")
            change = _change_text(side.change)
            self.text((columns[1], y), change, NAME, _change_colour(side.change), align="right")
            self.text((columns[2], y), str(side.total), SCORE, TEXT, align="right")


def render_hand_summary(scene: HandSummaryScene) -> bytes:
    """The end of a hand as PNG bytes (800 wide), in `hand_summary_palette`."""
    return to_png(paint_hand_summary(scene), hand_summary_palette())


def hand_summary_layout(scene: HandSummaryScene) -> list[Placed]:
    """Everything the end-of-hand picture of `scene` writes or shows, and where (for layout
    tests), with each point's tile and each side's row as boxes of kind "tile" and "row"."""
    painter = _HandSummaryPainter(scene)
    painter.paint()
    return painter.layout or []


def winners_headline(scene: GameSummaryScene) -> str:
    """The end-of-game picture's headline, naming the winning sides by their players. Its own
    function so the words a reader sees can be checked without reading them off the picture."""
    words = scene.words
    names = words.names_joiner.join(scene.sides[side].name for side in scene.winners)
    return words.winner.format(names=names)


class _GameSummaryPainter(Painter):
    """Draws one `GameSummaryScene`, recording what it writes (`game_summary_layout`): read
    on a phone like the end of a hand, nothing smaller than `LABEL`."""

    def __init__(self, scene: GameSummaryScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.headline = wrapped(winners_headline(scene), HEADLINE, WIDTH - 2 * MARGIN)
        self.header = GAME_HEADER + HEADLINE_LINE * (len(self.headline) - 1)
        self.chart_top = self.header + ROW_HEIGHT * len(scene.sides) + 16
        height = self.chart_top + CHART_HEIGHT + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.words
        for index, line in enumerate(self.headline):
            y = 42 + index * HEADLINE_LINE
            self.text((MARGIN, y), line, HEADLINE, HIGHLIGHT, WIDTH - 2 * MARGIN)
        below = self.header - GAME_HEADER
        self.text((MARGIN, 88 + below), words.final_score, LABEL, TEXT_DIM, WIDTH - 2 * MARGIN)
        y = self.header - ROW_HEIGHT // 2
        for index, side in enumerate(scene.sides):
            y += ROW_HEIGHT
            self.draw.ellipse((MARGIN, y - 8, MARGIN + 16, y + 8), fill=side_colour(index))
            won = index in scene.winners
            score = str(side.score)
            score_width = self.text(
                (WIDTH - MARGIN, y), score, SCORE, HIGHLIGHT if won else TEXT, align="right"
            )
            room = WIDTH - 2 * MARGIN - 26 - score_width - 16
            self.text((MARGIN + 26, y), side.name, NAME, TEXT, room)
        self.chart()
        return self.image

    def chart(self) -> None:
        """Each side's total after every hand, the lines drawn large and reduced for smooth
        lines, then the axes' figures written on the picture at full size."""
        scene = self.scene
        width, height = WIDTH - 2 * MARGIN, CHART_HEIGHT
        s = CHART_SCALE
        chart = Image.new("RGB", (width * s, height * s), PANEL)
        draw = ImageDraw.Draw(chart)
        plot = (56, 20, width - 20, height - 64)  # left, top, right, bottom in chart pixels
        top_value = max([scene.target, *(max(row) for row in scene.progression)])
        hands = max(len(scene.progression), 1)

        def point(hand: int, value: int) -> tuple[float, float]:
            x = plot[0] + (plot[2] - plot[0]) * hand / hands
            y = plot[3] - (plot[3] - plot[1]) * value / top_value
            return (x * s, y * s)

        draw.line([point(0, 0), point(hands, 0)], fill=PANEL_EDGE, width=2 * s)
        target_y = point(0, scene.target)[1]
        for x in range(plot[0] * s, plot[2] * s, 16 * s):
            draw.line([(x, target_y), (x + 8 * s, target_y)], fill=TEXT_DIM, width=s)
        for side in range(len(scene.sides)):
            line = [point(0, 0)] + [
                point(hand + 1, row[side]) for hand, row in enumerate(scene.progression)
            ]
            draw.line(line, fill=side_colour(side), width=4 * s, joint="curve")
            for dot_x, dot_y in line[1:]:
                dot = (dot_x - 5 * s, dot_y - 5 * s, dot_x + 5 * s, dot_y + 5 * s)
                draw.ellipse(dot, fill=side_colour(side))
        left, top = MARGIN, self.chart_top
        self.image.paste(chart.reduce(s), (left, top))
        axis_x = left + plot[0] - 8
        self.text((axis_x, top + target_y / s), str(scene.target), LABEL, TEXT_DIM, align="right")
        self.text((axis_x, top + plot[3]), "0", LABEL, TEXT_DIM, align="right")
        step = max(1, math.ceil(hands / HAND_LABELS))
        for hand in range(step, hands + 1, step):
            label_x = left + point(hand, 0)[0] / s
            self.text((label_x, top + plot[3] + 18), str(hand), LABEL, TEXT_DIM, align="centre")
        middle = left + (plot[0] + plot[2]) / 2
        self.text(
            (middle, top + height - 18), self.words.hand_axis, LABEL, TEXT_DIM, width, "centre"
        )


def render_game_summary(scene: GameSummaryScene) -> bytes:
    """The end of a game as PNG bytes (800 wide)."""
    return to_png(_GameSummaryPainter(scene).paint())


def game_summary_layout(scene: GameSummaryScene) -> list[Placed]:
    """Everything the end-of-game picture of `scene` writes, and where (for layout tests)."""
    return recorded(_GameSummaryPainter(scene))


@lru_cache(maxsize=1)
def hand_summary_palette() -> Image.Image:
    """One palette for the ends of hands, shipped with the card art: choosing one for each
    picture cost more than painting it (some 5 ms of 9), and one chosen from ends of hands
    that show every card, trump, side's colour and result looks the same
    (`tests/render/test_palettes.py`). The end of a game, once a game and mostly flat colours
    a palette of its own renders more closely, keeps choosing its own."""
    return shipped_palette(HAND_SUMMARY_PALETTE_FILE)


def palette_scenes() -> list[HandSummaryScene]:
    """Ends of hands that between them show every colour one can hold: each card of both
    decks on a tile (taken, dead or not in play) or in the last trick (won or not), every
    trump, contracts made and set, scores up, down and unchanged, and two and three sides'
    colours."""
    cards = list(FULL_DECK)
    fates = (PointFate.CAPTURED, PointFate.DEAD, PointFate.NOT_IN_PLAY)
    scenes = []
    for four_colour in (False, True):
        for number, first in enumerate(range(0, len(cards), 10)):
            shown = [cards[(first + at) % len(cards)] for at in range(10)]
            sides = 2 + number % 2
            awards = tuple(
                PointAward(
                    kind,
                    card,
                    1,
                    fate := fates[(number + at) % len(fates)],
                    (number + at) % sides if fate is PointFate.CAPTURED else None,
                )
                for at, (kind, card) in enumerate(zip(PointCard, shown[:6], strict=False))
            )
            scenes.append(
                HandSummaryScene(
                    hand_number=number + 1,
                    trump=list(Suit)[number % 4],
                    awards=awards,
                    sides=tuple(
                        SideResult((f"Player {side}", f"Partner {side}"), 3, change, 20 + change)
                        for side, change in zip(range(sides), (5, -7, 0), strict=False)
                    ),
                    maker_name="Player 0",
                    contract=7,
                    made=number % 2 == 0,
                    target=51,
                    four_colour=four_colour,
                    last_trick=tuple(
                        NamedPlay(f"Player {seat}", seat % sides, card, seat == number % 4)
                        for seat, card in enumerate(shown[6:])
                    ),
                    equal_points=number == 1,
                )
            )
    return scenes


def paint_hand_summary(scene: HandSummaryScene) -> Image.Image:
    """The end of a hand in true colour, before it is reduced to its palette."""
    return _HandSummaryPainter(scene).paint()


def build_hand_summary_palette() -> Image.Image:
    """The palette `scripts/make_cards.py` saves as `HAND_SUMMARY_PALETTE_FILE`, from
    `palette_scenes`."""
    return palette_swatch(*(paint_hand_summary(scene) for scene in palette_scenes()))
