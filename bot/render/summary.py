"""The end-of-hand and end-of-game pictures."""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from bot.engine.trumps import PointCard
from bot.render import deck
from bot.render.canvas import Painter, felt, paste_card, suit_badge, to_png
from bot.render.lettering import draw_text
from bot.render.scenes import (
    GameSummaryScene,
    HandSummaryScene,
    PointAward,
    PointFate,
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
TILE_COLUMNS = 3
TILE_GAP = 12
TILE_HEIGHT = 96
TILE_CARD = 52
TRICK_CARD = 64
#: The label, the cards and their players' names.
LAST_TRICK_HEIGHT = 34 + deck.card_height(TRICK_CARD) + 40
ROW_HEIGHT = 40
CHART_HEIGHT = 230
CHART_SCALE = 3
TINY, SMALL, NORMAL, LARGE, TITLE = 14, 16, 20, 26, 30


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
    def __init__(self, scene: HandSummaryScene) -> None:
        self.scene = scene
        self.words = scene.words
        tile_rows = math.ceil(len(scene.awards) / TILE_COLUMNS)
        self.trick_top = 108
        trick_height = LAST_TRICK_HEIGHT if scene.last_trick else 0
        self.tiles_top = self.trick_top + trick_height
        self.table_top = self.tiles_top + tile_rows * (TILE_HEIGHT + TILE_GAP) + 16
        height = self.table_top + ROW_HEIGHT * (len(scene.sides) + 1) + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.words
        title = words.hand_title.format(number=scene.hand_number)
        title_width = draw_text(self.image, (MARGIN, 40), title, TITLE, TEXT)
        suit_badge(self.image, (MARGIN + title_width + 14, 20, 40), scene.trump, scene.four_colour)
        template = words.contract_made if scene.made else words.contract_set
        result = template.format(name=scene.maker_name, bid=scene.contract)
        self.text((MARGIN, 84), result, NORMAL, GOOD if scene.made else BAD, WIDTH - 2 * MARGIN)
        self.last_trick()
        for position, award in enumerate(scene.awards):
            self.tile(position, award)
        self.results()
        return self.image

    def last_trick(self) -> None:
        """The hand's last trick, its winner's card ringed, each card over its player's name:
        the next deal clears the table, so this is where everyone sees how the hand ended."""
        plays = self.scene.last_trick
        if not plays:
            return
        top = self.trick_top
        self.text((MARGIN, top + 12), self.words.last_trick, NORMAL, TEXT_DIM, WIDTH - 2 * MARGIN)
        column = (WIDTH - 2 * MARGIN) // len(plays)
        card_top = top + 34
        height = deck.card_height(TRICK_CARD)
        for position, play in enumerate(plays):
            centre = MARGIN + column * position + column // 2
            left = centre - TRICK_CARD // 2
            if play.won:
                ring = (left - 4, card_top - 4, left + TRICK_CARD + 4, card_top + height + 4)
                self.draw.rounded_rectangle(ring, radius=8, fill=HIGHLIGHT)
            paste_card(self.image, play.card, (left, card_top), TRICK_CARD, self.scene.four_colour)
            colour = side_colour(play.side)
            name_y = card_top + height + 18
            self.text((centre, name_y), play.name, NORMAL, colour, column - 8, "centre")


    def tile(self, position: int, award: PointAward) -> None:
        width = (WIDTH - 2 * MARGIN - (TILE_COLUMNS - 1) * TILE_GAP) // TILE_COLUMNS
        row, column = divmod(position, TILE_COLUMNS)
        left = MARGIN + column * (width + TILE_GAP)
        top = self.tiles_top + row * (TILE_HEIGHT + TILE_GAP)
        self.draw.rounded_rectangle(
            (left, top, left + width, top + TILE_HEIGHT), radius=10, fill=PANEL, outline=PANEL_EDGE
        )
        captured = award.fate is PointFate.CAPTURED
        card_top = top + (TILE_HEIGHT - deck.card_height(TILE_CARD)) // 2
        paste_card(
            self.image,
            award.card,
            (left + 12, card_top),
            TILE_CARD,
            self.scene.four_colour,
            dimmed=not captured,
        )
        x = left + TILE_CARD + 26
        text_width = left + width - x - 10
        value = self.text(
            (left + width - 12, top + 26), f"{award.value}", NORMAL, HIGHLIGHT, align="right"
        )
        name = _point_name(self.words, award.kind)
        self.text((x, top + 26), name, SMALL, TEXT, text_width - value - 6)
        if captured and award.side is not None:
            side = self.scene.sides[award.side]
            self.draw.ellipse((x, top + 57, x + 12, top + 69), fill=side_colour(award.side))
            self.text(
                (x + 18, top + 63), side.name, SMALL, side_colour(award.side), text_width - 18
            )
        else:
            self.text(
                (x, top + 63), _fate_word(self.words, award.fate), SMALL, TEXT_DIM, text_width
            )

    def results(self) -> None:
        words = self.words
        columns = (WIDTH - MARGIN - 260, WIDTH - MARGIN - 130, WIDTH - MARGIN)
        y = self.table_top + ROW_HEIGHT // 2
        for x, label in zip(columns, (words.points, words.change, words.total), strict=True):
            self.text((x, y), label, SMALL, TEXT_DIM, 120, align="right")
        for index, side in enumerate(self.scene.sides):
            y += ROW_HEIGHT
            self.draw.ellipse((MARGIN, y - 8, MARGIN + 16, y + 8), fill=side_colour(index))
            self.text((MARGIN + 26, y), side.name, NORMAL, TEXT, columns[0] - MARGIN - 150)
            self.text((columns[0], y), str(side.points), NORMAL, TEXT, align="right")
            self.text(
                (columns[1], y),
                _change_text(side.change),
                NORMAL,
                _change_colour(side.change),
                align="right",
            )
            self.text((columns[2], y), str(side.total), LARGE, TEXT, align="right")


def render_hand_summary(scene: HandSummaryScene) -> bytes:
    """The end of a hand as PNG bytes (800 wide)."""
    return to_png(_HandSummaryPainter(scene).paint())


def winners_headline(scene: GameSummaryScene) -> str:
    """The end-of-game picture's headline, naming the winning sides by their players. Its own
    function so the words a reader sees can be checked without reading them off the picture."""
    words = scene.words
    names = words.names_joiner.join(scene.sides[side].name for side in scene.winners)
    return words.winner.format(names=names)


class _GameSummaryPainter:
    def __init__(self, scene: GameSummaryScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.chart_top = 116 + ROW_HEIGHT * len(scene.sides)
        height = self.chart_top + CHART_HEIGHT + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def paint(self) -> Image.Image:
        scene, words = self.scene, self.words
        headline = winners_headline(scene)
        draw_text(
            self.image, (MARGIN, 42), headline, TITLE, HIGHLIGHT, max_width=WIDTH - 2 * MARGIN
        )
        draw_text(
            self.image,
            (MARGIN, 88),
            words.final_score,
            SMALL,
            TEXT_DIM,
            max_width=WIDTH - 2 * MARGIN,
        )
        y = 88
        for index, side in enumerate(scene.sides):
            y += ROW_HEIGHT
            colour = side_colour(index)
            self.draw.ellipse((MARGIN, y - 8, MARGIN + 16, y + 8), fill=colour)
            draw_text(self.image, (MARGIN + 26, y), side.name, NORMAL, TEXT, max_width=WIDTH - 200)
            draw_text(
                self.image,
                (WIDTH - MARGIN, y),
                str(side.score),
                LARGE,
                HIGHLIGHT if index in scene.winners else TEXT,
                align="right",
            )
        self.image.paste(self.chart(), (MARGIN, self.chart_top))
        return self.image

    def chart(self) -> Image.Image:
        """Each side's total after every hand, drawn large and reduced for smooth lines."""
        scene = self.scene
        width, height = WIDTH - 2 * MARGIN, CHART_HEIGHT
        s = CHART_SCALE
        chart = Image.new("RGB", (width * s, height * s), PANEL)
        draw = ImageDraw.Draw(chart)
        plot = (44, 16, width - 16, height - 40)  # left, top, right, bottom in chart pixels
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
        chart = chart.reduce(s)
        draw_text(
            chart, (plot[0] - 8, target_y / s), str(scene.target), TINY, TEXT_DIM, align="right"
        )
        draw_text(chart, (plot[0] - 8, plot[3]), "0", TINY, TEXT_DIM, align="right")
        step = max(1, math.ceil(hands / 12))
        for hand in range(step, hands + 1, step):
            label_x = point(hand, 0)[0] / s
            draw_text(chart, (label_x, plot[3] + 14), str(hand), TINY, TEXT_DIM, align="centre")
        draw_text(
            chart,
            ((plot[0] + plot[2]) / 2, height - 12),
            self.words.hand_axis,
            SMALL,
            TEXT_DIM,
            align="centre",
            max_width=width,
        )
        return chart


def render_game_summary(scene: GameSummaryScene) -> bytes:
    """The end of a game as PNG bytes (800 wide)."""
    return to_png(_GameSummaryPainter(scene).paint())
