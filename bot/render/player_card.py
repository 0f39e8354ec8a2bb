"""The player card: a player's figures on one server, their rating over their latest games,
the amounts they bid, and their best partner.

Figures arrive already formatted for the reader's language (decimal commas, percent signs);
counts are plain integers; every label comes from `CardWords`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from bot.render.canvas import Painter, Placed, chip_width, felt, recorded, to_png
from bot.render.lettering import wrapped
from bot.render.style import (
    FELT_DARK,
    HIGHLIGHT,
    PANEL,
    PANEL_EDGE,
    TEXT,
    TEXT_DIM,
    side_colour,
)

WIDTH = 720
MARGIN = 24
GAP = 12
#: Nothing smaller than `SMALL`: 11 px high on a phone that shows the picture 400 px wide.
SMALL, NAME, VALUE, LARGE, TITLE, HUGE = 20, 24, 28, 30, 30, 44
HEADER = 136
TILE_COLUMNS = 2
TILE_HEIGHT = 76
CHART_HEIGHT = 210
PANEL_TITLE = 44
LINE = 26
CARD_PLAY_BARS = 80
PARTNER_HEIGHT = 84
#: The partner's record, on a line of its own.
PARTNER_LINE = 30
SCALE = 3
RATING_LINE = side_colour(1)
MIN_BARS = 6
MAX_BAR_SLOT = 44
LOWEST_BID, HIGHEST_BID = 1, 14
CONTENT = WIDTH - 2 * MARGIN


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
    provisional: str = "Provisional rating · ranked after {games} games"
    rating_chart: str = "Rating over time"
    no_rating_history: str = "No game to chart here: their games were played in other channels."
    bids_chart: str = "Bids by amount"
    no_bids: str = "No bids to chart yet."
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
    #: The games a player needs to be ranked: until then their rating is provisional.
    games_to_rank: int = 0
    words: CardWords = field(default_factory=CardWords)

    @property
    def provisional(self) -> bool:
        return self.games < self.games_to_rank


class _CardPainter(Painter):
    """Draws one `PlayerCardScene` from the top down, recording what it writes
    (`player_card_layout`): the name and rating, the figures' tiles two by two, then each
    chart across the whole width, and the best partner."""

    def __init__(self, scene: PlayerCardScene) -> None:
        self.scene = scene
        self.words = scene.words
        self.tiles = self.tile_texts()
        rows = -(-len(self.tiles) // TILE_COLUMNS)
        self.rating_top = HEADER + rows * (TILE_HEIGHT + GAP) + 4
        self.bids_top = self.rating_top + CHART_HEIGHT + GAP
        self.card_play_top = self.bids_top + CHART_HEIGHT + GAP
        self.card_play_title = wrapped(self.card_play_label(), SMALL, CONTENT - 28)
        card_play = self.card_play_height() + GAP if scene.card_play else 0
        self.partner_top = self.card_play_top + card_play
        height = self.partner_top + self.partner_height() + MARGIN
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

    def card_play_label(self) -> str:
        return self.words.card_play_chart.format(average=self.scene.card_play_average)

    def card_play_height(self) -> int:
        return PANEL_TITLE + LINE * (len(self.card_play_title) - 1) + CARD_PLAY_BARS + 12

    def paint(self) -> Image.Image:
        self.header()
        for position, tile in enumerate(self.tiles):
            self.tile(position, *tile)
        self.rating_chart()
        self.bids_chart()
        if self.scene.card_play:
            self.card_play_chart()
        self.partner()
        return self.image

    def header(self) -> None:
        """The name (and a computer player's chip) on its own line, the rating beneath."""
        scene, words = self.scene, self.words
        chip = chip_width(words.computer, SMALL) + 12 if scene.is_computer else 0
        width = self.text((MARGIN, 40), scene.name, TITLE, TEXT, CONTENT - chip)
        if scene.is_computer:
            self.chip((MARGIN + width + 12, 40), words.computer, SMALL, (PANEL_EDGE, TEXT), "left")
        if scene.provisional:
            # Only a few games in: the figure is drawn small and dim, and said to be provisional.
            rating = self.text((MARGIN, 96), scene.rating, LARGE, TEXT_DIM, 160)
            label = words.provisional.format(games=scene.games_to_rank)
        else:
            rating = self.text((MARGIN, 96), scene.rating, HUGE, HIGHLIGHT, 200)
            if scene.rank is None:
                standing = words.unranked
            else:
                standing = words.rank.format(rank=scene.rank, players=scene.ranked_players)
            label = f"{words.rating} · {standing}"
        left = MARGIN + rating + 16
        lines = wrapped(label, SMALL, WIDTH - MARGIN - left)[:2]
        for index, line in enumerate(lines):
            y = 98 + (2 * index - len(lines) + 1) * LINE / 2
            self.text((left, y), line, SMALL, TEXT_DIM, WIDTH - MARGIN - left)

    def tile(self, position: int, label: str, value: str, detail: str) -> None:
        width = (CONTENT - (TILE_COLUMNS - 1) * GAP) // TILE_COLUMNS
        row, column = divmod(position, TILE_COLUMNS)
        left = MARGIN + column * (width + GAP)
        top = HEADER + row * (TILE_HEIGHT + GAP)
        self.draw.rounded_rectangle(
            (left, top, left + width, top + TILE_HEIGHT), radius=10, fill=PANEL, outline=PANEL_EDGE
        )
        self.text((left + 14, top + 22), label, SMALL, TEXT_DIM, width - 28)
        value_width = self.text((left + 14, top + 52), value, VALUE, TEXT, width - 28)
        if detail:
            room = width - 42 - value_width
            self.text((left + width - 14, top + 54), detail, SMALL, HIGHLIGHT, room, "right")

    def panel(self, top: int, height: int, title: list[str]) -> None:
        """A chart's panel across the card, its title (one line or more) at its top."""
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, top + height), radius=10, fill=PANEL
        )
        for index, line in enumerate(title):
            self.text((MARGIN + 14, top + 22 + index * LINE), line, SMALL, TEXT_DIM, CONTENT - 28)

    def missing(self, top: int, what: str) -> None:
        """Said in a chart's panel when there is nothing to draw, so it never shows empty."""
        middle = top + (PANEL_TITLE + CHART_HEIGHT) / 2
        lines = wrapped(what, SMALL, CONTENT - 48)
        first = middle - (len(lines) - 1) * LINE / 2
        for index, line in enumerate(lines):
            y = first + index * LINE
            self.text((WIDTH / 2, y), line, SMALL, TEXT, CONTENT - 48, "centre")

    def rating_chart(self) -> None:
        """The rating after each game, the line drawn large and reduced to be smooth."""
        history, top = self.scene.rating_history, self.rating_top
        self.panel(top, CHART_HEIGHT, [self.words.rating_chart])
        if not history:
            self.missing(top, self.words.no_rating_history)
            return
        low, high = min(history), max(history)
        if high - low < 1:
            low, high = low - 0.5, high + 0.5
        plot = (MARGIN + 64, top + PANEL_TITLE + 6, WIDTH - MARGIN - 16, top + CHART_HEIGHT - 18)
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
        self.image.paste(area.reduce(s), (plot[0], plot[1]))
        for value, y in ((high, plot[1] + 10), (low, plot[3] - 10)):
            self.text((plot[0] - 10, y), str(round(value)), SMALL, TEXT_DIM, 50, "right")

    def bids_chart(self) -> None:
        """One bar per amount from the lowest to the highest the player bid."""
        top = self.bids_top
        self.panel(top, CHART_HEIGHT, [self.words.bids_chart])
        if not self.scene.bids:
            self.missing(top, self.words.no_bids)
            return
        counts = dict(self.scene.bids)
        first, last = _bar_range(min(counts), max(counts))
        amounts = range(first, last + 1)
        bottom = top + CHART_HEIGHT - 34
        slot = min((CONTENT - 28) / len(amounts), MAX_BAR_SLOT)
        left_edge = MARGIN + (CONTENT - slot * len(amounts)) / 2
        most = max(counts.values())
        for index, amount in enumerate(amounts):
            left = left_edge + index * slot
            bar = (bottom - top - PANEL_TITLE - 6) * counts.get(amount, 0) / most
            if bar:
                self.draw.rounded_rectangle(
                    (left + slot * 0.18, bottom - bar, left + slot * 0.82, bottom),
                    radius=min(4, slot / 4),
                    fill=HIGHLIGHT if counts[amount] == most else RATING_LINE,
                )
            self.text(
                (left + slot / 2, bottom + 18), str(amount), SMALL, TEXT_DIM, round(slot), "centre"
            )

    def card_play_chart(self) -> None:
        """One bar per game, the points its player's cards lost per hand against perfect play:
        lower is better, so improvement shows as bars going down. The latest game stands out."""
        losses, top = self.scene.card_play, self.card_play_top
        height = self.card_play_height()
        self.panel(top, height, self.card_play_title)
        bottom = top + height - 12
        plot_top = bottom - CARD_PLAY_BARS + 8
        slot = min((CONTENT - 28) / len(losses), 2 * MAX_BAR_SLOT)
        worst = max(max(losses), 1.0)
        for index, lost in enumerate(losses):
            left = MARGIN + 14 + index * slot
            bar = max((bottom - plot_top) * lost / worst, 2)
            colour = HIGHLIGHT if index == len(losses) - 1 else RATING_LINE
            self.draw.rounded_rectangle(
                (left + slot * 0.2, bottom - bar, left + slot * 0.8, bottom),
                radius=min(4, slot / 4),
                fill=colour,
            )

    def partner(self) -> None:
        """The best partner: the label, their name, and what they won together, a line each."""
        scene, words = self.scene, self.words
        top = self.partner_top
        self.draw.rounded_rectangle(
            (MARGIN, top, WIDTH - MARGIN, top + self.partner_height()), radius=10, fill=PANEL
        )
        x, room = MARGIN + 14, CONTENT - 28
        self.text((x, top + 22), words.best_partner, SMALL, TEXT_DIM, room)
        if scene.best_partner is None:
            self.text((x, top + 58), words.no_partner, NAME, TEXT_DIM, room)
            return
        chip = chip_width(words.computer, SMALL) + 10 if scene.partner_is_computer else 0
        width = self.text((x, top + 58), scene.best_partner, NAME, TEXT, room - chip)
        if scene.partner_is_computer:
            self.chip((x + width + 10, top + 58), words.computer, SMALL, (PANEL_EDGE, TEXT), "left")
        record = words.partner_record.format(wins=scene.partner_wins, games=scene.partner_games)
        self.text((x, top + 92), record, SMALL, HIGHLIGHT, room)

    def partner_height(self) -> int:
        return PARTNER_HEIGHT + (PARTNER_LINE if self.scene.best_partner is not None else 0)


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
    """A player's card as PNG bytes (720 wide)."""
    return to_png(_CardPainter(scene).paint())


def player_card_layout(scene: PlayerCardScene) -> list[Placed]:
    """Everything the player card of `scene` writes, and where (for layout tests)."""
    return recorded(_CardPainter(scene))
