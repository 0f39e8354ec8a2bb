"""The player card: a player's figures on one server, their rating over their latest games,
the amounts they bid, and their best partner.

Figures arrive already formatted for the reader's language (decimal commas, percent signs);
counts are plain integers; every label comes from `CardWords`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.render.canvas import Painter, chip, felt, to_png
from bot.render.lettering import draw_text
from bot.render.style import (
    FELT_DARK,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    side_colour,
)

WIDTH = 800
MARGIN = 24
GAP = 12
TILE_COLUMNS = 4
TILE_HEIGHT = 78
TILES_TOP = 112
CHART_HEIGHT = 210
CARD_PLAY_HEIGHT = 110
RATING_CHART_WIDTH = 470
PARTNER_HEIGHT = 56
SCALE = 3
TINY, SMALL, NORMAL, LARGE, TITLE, HUGE = 13, 16, 20, 26, 30, 40
RATING_LINE = side_colour(1)
MIN_BARS = 6
MAX_BAR_SLOT = 36
LOWEST_BID, HIGHEST_BID = 1, 14


@dataclass(frozen=True, slots=True)
class CardWords:
    """Every label of the player card; `{fields}` are filled in by the renderer."""

    rating: str = "Rating"
    rank: str = "#{rank} of {players}"
    unranked: str = "Not ranked yet"
    computer: str = "BOT"
    games: str = "Games"
    wins: str = "Wins"
    win_rate: str = "{rate} won"
    hands: str = "Hands played"
    as_maker: str = "Bids won"
    contracts: str = "Contracts made"
    contracts_set: str = "{count} set"
    points: str = "Points per hand"
    pedros: str = "Pedros captured"
    streak: str = "Best win streak"
    rating_chart: str = "Rating over time"
    bids_chart: str = "Bids by amount"
    card_play_chart: str = "Points lost by card play per hand, latest games · average {average}"
    best_partner: str = "Best partner"
    partner_record: str = "won {wins} of {games} together"
    no_partner: str = "No partner games yet"


@dataclass(frozen=True, slots=True)
class PlayerCardScene:
    name: str
    is_computer: bool
    #: The current rating, formatted ("24.6").
    rating: str
    #: Rank on the server's rating board and how many are ranked; `None` when unranked.
    rank: int | None
    ranked_players: int
    games: int
    wins: int
    #: Share of games won, formatted ("62 %").
    win_rate: str
    hands: int
    hands_as_maker: int
    contracts_made: int
    contracts_set: int
    #: Average points taken per hand, formatted ("6.4").
    points_per_hand: str
    pedros: int
    longest_streak: int
    #: (amount, times bid) for every amount the player bid.
    bids: tuple[tuple[int, int], ...] = ()
    #: The rating after each of the latest games, oldest first.
    rating_history: tuple[float, ...] = ()
    best_partner: str | None = None
    partner_is_computer: bool = False
    partner_wins: int = 0
    partner_games: int = 0
    #: Points lost by card play per hand (the hand review) in each of the latest reviewed
    #: games, oldest first; no chart without any.
    card_play: tuple[float, ...] = ()
    #: Their average, formatted ("1.4").
    card_play_average: str = ""
    words: CardWords = field(default_factory=CardWords)


class _CardPainter(Painter):
    def __init__(self, scene: PlayerCardScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.tiles = self.tile_texts()
        rows = -(-len(self.tiles) // TILE_COLUMNS)
        self.charts_top = TILES_TOP + rows * (TILE_HEIGHT + GAP) + 4
        self.card_play_top = self.charts_top + CHART_HEIGHT + GAP
        card_play = CARD_PLAY_HEIGHT + GAP if scene.card_play else 0
        self.partner_top = self.card_play_top + card_play
        height = self.partner_top + PARTNER_HEIGHT + MARGIN
        self.image, self.draw = felt((WIDTH, height), FELT_DARK)

    def tile_texts(self) -> list[tuple[str, str, str]]:
        """(label, value, detail) of each figure tile, in reading order."""
        scene, words = self.scene, self.words
        return [
            (words.games, str(scene.games), ""),
            (words.wins, str(scene.wins), words.win_rate.format(rate=scene.win_rate)),
            (words.hands, str(scene.hands), ""),
            (words.as_maker, str(scene.hands_as_maker), ""),
            (
                words.contracts,
                str(scene.contracts_made),
                words.contracts_set.format(count=scene.contracts_set),
            ),
            (words.points, scene.points_per_hand, ""),
            (words.pedros, str(scene.pedros), ""),
            (words.streak, str(scene.longest_streak), ""),
        ]

    def paint(self) -> Image.Image:
        self.header()
        for position, tile in enumerate(self.tiles):
            self.tile(position, *tile)
        chart_width = RATING_CHART_WIDTH
        self.image.paste(self.rating_chart(chart_width), (MARGIN, self.charts_top))
        bids_left = MARGIN + chart_width + GAP
        self.image.paste(self.bids_chart(WIDTH - MARGIN - bids_left), (bids_left, self.charts_top))
        if self.scene.card_play:
            chart = self.card_play_chart(WIDTH - 2 * MARGIN)
            self.image.paste(chart, (MARGIN, self.card_play_top))
        self.partner()
        return self.image


    def header(self) -> None:
        scene, words = self.scene, self.words
        rating_width = self.text((WIDTH - MARGIN, 42), scene.rating, HUGE, HIGHLIGHT, 200, "right")
        if scene.rank is None:
            standing = words.unranked
        else:
            standing = words.rank.format(rank=scene.rank, players=scene.ranked_players)
        label = f"{words.rating} · {standing}"
        self.text((WIDTH - MARGIN, 84), label, SMALL, TEXT_DIM, 320, "right")
        name_room = WIDTH - 3 * MARGIN - rating_width - (70 if scene.is_computer else 0)
        width = self.text((MARGIN, 44), scene.name, TITLE, TEXT, name_room)
        if scene.is_computer:
            chip(
                self.image,
                (MARGIN + width + 12, 44),
                words.computer,
                TINY,
                PANEL_EDGE,
                TEXT,
                "left",
            )

    def tile(self, position: int, label: str, value: str, detail: str) -> None:
        width = (WIDTH - 2 * MARGIN - (TILE_COLUMNS - 1) * GAP) // TILE_COLUMNS
        row, column = divmod(position, TILE_COLUMNS)
        left = MARGIN + column * (width + GAP)
        top = TILES_TOP + row * (TILE_HEIGHT + GAP)
        self.draw.rounded_rectangle(
            (left, top, left + width, top + TILE_HEIGHT), radius=10, fill=PANEL, outline=PANEL_EDGE
        )
        self.text((left + 12, top + 20), label, SMALL, TEXT_DIM, width - 24)
        value_width = self.text((left + 12, top + 52), value, LARGE, TEXT, width - 24)
        if detail:
            room = width - 36 - value_width
            self.text((left + width - 12, top + 54), detail, SMALL, HIGHLIGHT, room, "right")

    def panel(
        self, width: int, title: str, height: int = CHART_HEIGHT
    ) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        panel = Image.new("RGB", (width, height), PANEL)
        draw_text(panel, (14, 20), title, SMALL, TEXT_DIM, max_width=width - 28)
        return panel, ImageDraw.Draw(panel)

    def rating_chart(self, width: int) -> Image.Image:
        """The rating after each game, drawn large and reduced for a smooth line."""
        history = self.scene.rating_history
        panel, _ = self.panel(width, self.words.rating_chart)
        if not history:
            return panel
        low, high = min(history), max(history)
        if high - low < 1:
            low, high = low - 0.5, high + 0.5
        plot = (48, 44, width - 16, CHART_HEIGHT - 18)
        s = SCALE
        area = Image.new("RGB", ((plot[2] - plot[0]) * s, (plot[3] - plot[1]) * s), PANEL)
        draw = ImageDraw.Draw(area)
        steps = max(len(history) - 1, 1)

        inset = 6 * s  # room for the dot on the latest game

        def point(index: int, value: float) -> tuple[float, float]:
            span = area.width - 2 * inset
            x = inset + (span * index / steps if len(history) > 1 else span / 2)
            y = inset + (area.height - 2 * inset) * (high - value) / (high - low)
            return (x, y)

        if low < 0 < high:
            zero = point(0, 0)[1]
            draw.line([(0, zero), (area.width, zero)], fill=PANEL_EDGE, width=s)
        line = [point(index, value) for index, value in enumerate(history)]
        if len(line) > 1:
            draw.line(line, fill=RATING_LINE, width=3 * s, joint="curve")
        x, y = line[-1]
        draw.ellipse((x - 5 * s, y - 5 * s, x + 5 * s, y + 5 * s), fill=HIGHLIGHT)
        panel.paste(area.reduce(s), (plot[0], plot[1]))
        for value, y in ((high, plot[1] + 3), (low, plot[3] - 3)):
            draw_text(panel, (plot[0] - 8, y), str(round(value)), TINY, TEXT_DIM, "right")
        return panel

    def bids_chart(self, width: int) -> Image.Image:
        """One bar per amount from the lowest to the highest the player bid."""
        panel, draw = self.panel(width, self.words.bids_chart)
        if not self.scene.bids:
            return panel
        counts = dict(self.scene.bids)
        first, last = _bar_range(min(counts), max(counts))
        amounts = range(first, last + 1)
        plot = (14, 44, width - 14, CHART_HEIGHT - 28)
        slot = min((plot[2] - plot[0]) / len(amounts), MAX_BAR_SLOT)
        plot = (round((width - slot * len(amounts)) / 2), *plot[1:])
        most = max(counts.values())
        label_every = 1 if slot >= 18 else 2
        for index, amount in enumerate(amounts):
            left = plot[0] + index * slot
            centre = left + slot / 2
            bar = (plot[3] - plot[1]) * counts.get(amount, 0) / most
            if bar:
                draw.rounded_rectangle(
                    (left + slot * 0.18, plot[3] - bar, left + slot * 0.82, plot[3]),
                    radius=min(4, slot / 4),
                    fill=HIGHLIGHT if counts[amount] == most else RATING_LINE,
                )
            if (amount - first) % label_every == 0:
                draw_text(panel, (centre, plot[3] + 14), str(amount), TINY, TEXT_DIM, "centre")
        return panel

    def card_play_chart(self, width: int) -> Image.Image:
        """One bar per game, the points its player's cards lost per hand against perfect play:
        lower is better, so improvement shows as bars going down. The latest game stands out."""
        losses = self.scene.card_play
        title = self.words.card_play_chart.format(average=self.scene.card_play_average)
        panel, draw = self.panel(width, title, CARD_PLAY_HEIGHT)
        plot = (14, 40, width - 14, CARD_PLAY_HEIGHT - 12)
        slot = min((plot[2] - plot[0]) / len(losses), 2 * MAX_BAR_SLOT)
        worst = max(max(losses), 1.0)
        for index, lost in enumerate(losses):
            left = plot[0] + index * slot
            bar = max((plot[3] - plot[1]) * lost / worst, 2)
            colour = HIGHLIGHT if index == len(losses) - 1 else RATING_LINE
            draw.rounded_rectangle(
                (left + slot * 0.2, plot[3] - bar, left + slot * 0.8, plot[3]),
                radius=min(4, slot / 4),
                fill=colour,
            )
        return panel

    def partner(self) -> None:
        scene, words = self.scene, self.words
        top = self.partner_top
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, top + PARTNER_HEIGHT), radius=10, fill=PANEL
        )
        middle = top + PARTNER_HEIGHT / 2
        x = MARGIN + 16
        x += self.text((x, middle), words.best_partner, SMALL, TEXT_DIM, 220) + 16
        if scene.best_partner is None:
            self.text((x, middle), words.no_partner, NORMAL, TEXT_DIM, WIDTH - MARGIN - x - 16)
            return
        record = words.partner_record.format(wins=scene.partner_wins, games=scene.partner_games)
        record_width = self.text(
            (WIDTH - MARGIN - 16, middle), record, SMALL, HIGHLIGHT, 300, "right"
        )
        room = WIDTH - MARGIN - 16 - record_width - x - 70
        x += self.text((x, middle), scene.best_partner, NORMAL, TEXT, room)
        if scene.partner_is_computer:
            chip(self.image, (x + 10, middle), words.computer, TINY, PANEL_EDGE, TEXT, "left")


def _bar_range(first: int, last: int) -> tuple[int, int]:
    """The amounts to draw bars for: those bid, widened to at least `MIN_BARS` so one or two
    amounts do not fill the whole chart."""
    while last - first + 1 < MIN_BARS and (first > LOWEST_BID or last < HIGHEST_BID):
        if last < HIGHEST_BID:
            last += 1
        if last - first + 1 < MIN_BARS and first > LOWEST_BID:
            first -= 1
    return first, last


def render_player_card(scene: PlayerCardScene) -> bytes:
    """A player's card as PNG bytes (800 wide)."""
    return to_png(_CardPainter(scene).paint())
