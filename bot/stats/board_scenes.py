"""The leaderboard and player card pictures' scenes, in the reader's language.

Turns a :class:`BoardPage` or :class:`PlayerCard` into the renderer's scene: every label from
the message catalogue, every figure formatted the reader's way (``24.6`` / ``24,6``,
``62%`` / ``62 %``). The renderer itself knows no language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from babel.numbers import format_decimal, format_percent

from bot.ai import LEVELS
from bot.i18n import normalise_locale, t
from bot.i18n.messages import template
from bot.render.board import BoardRow, BoardScene, BoardWords
from bot.render.player_card import CardWords, PlayerCardScene
from bot.stats.boards import BoardEntry, BoardPage, Metric, min_games
from bot.stats.periods import Period
from bot.stats.player_cards import PlayerCard
from bot.stats.players import COMPUTER_PREFIX, is_computer

#: `BoardWords` field → catalogue key.
BOARD_WORD_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "title": "picture.board.title",
        "page": "picture.board.page",
        "player": "picture.board.player",
        "games": "picture.board.games",
        "computer": "picture.computer",
        "empty": "picture.board.empty",
    }
)

#: `CardWords` field → catalogue key.
CARD_WORD_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "rating": "board.metric.rating",
        "rank": "picture.card.rank",
        "unranked": "picture.card.unranked",
        "computer": "picture.computer",
        "games": "picture.board.games",
        "wins": "board.metric.wins",
        "win_rate": "picture.card.win_rate",
        "hands": "picture.card.hands",
        "as_maker": "picture.card.as_maker",
        "contracts": "picture.card.contracts",
        "contracts_set": "picture.card.contracts_set",
        "points": "board.metric.points",
        "pedros": "picture.card.pedros",
        "streak": "picture.card.streak",
        "provisional": "picture.card.provisional",
        "rating_chart": "picture.card.rating_chart",
        "no_rating_history": "picture.card.no_rating_history",
        "bids_chart": "picture.card.bids_chart",
        "no_bids": "picture.card.no_bids",
        "card_play_chart": "picture.card.card_play_chart",
        "best_partner": "picture.card.best_partner",
        "partner_record": "picture.card.partner_record",
        "no_partner": "picture.card.no_partner",
    }
)


def metric_name(metric: Metric, locale: object = None) -> str:
    return t(f"board.metric.{metric.value}", locale)


def period_name(period: Period, locale: object = None) -> str:
    return t(f"board.period.{period.value}", locale)


def board_words(locale: object = None) -> BoardWords:
    return BoardWords(**{field: template(key, locale) for field, key in BOARD_WORD_KEYS.items()})


def card_words(locale: object = None) -> CardWords:
    return CardWords(**{field: template(key, locale) for field, key in CARD_WORD_KEYS.items()})


def one_decimal(value: float, locale: object = None) -> str:
    return format_decimal(value, format="0.0", locale=normalise_locale(locale))


def percent(value: float, locale: object = None) -> str:
    return format_percent(value, format="0%", locale=normalise_locale(locale))


def figure(metric: Metric, value: float, locale: object = None) -> str:
    """A board figure as the reader writes numbers."""
    if metric is Metric.WINS:
        return str(round(value))
    if metric in (Metric.WIN_RATE, Metric.CONTRACTS):
        return percent(value, locale)
    return one_decimal(value, locale)


def shown_name(player: str, stored: str, locale: object = None) -> str:
    """How the boards name a player: a person by their name, and every computer player of one
    level (one rated player, whatever seats it sat in) by its level, "Computer (hard)", never
    by the seat one of them last sat in."""
    level = player.removeprefix(COMPUTER_PREFIX)
    if is_computer(player) and level in LEVELS:
        return t(f"player.computer_level.{level}", locale)
    return stored


def _row(entry: BoardEntry, metric: Metric, viewer: str | None, locale: object) -> BoardRow:
    return BoardRow(
        rank=entry.rank,
        name=shown_name(entry.player, entry.name, locale),
        value=figure(metric, entry.value, locale),
        games=entry.games,
        is_computer=entry.is_computer,
        is_viewer=entry.player == viewer,
    )


def board_scene(page: BoardPage, locale: object = None) -> BoardScene:
    """The picture of a board page; the viewer's row goes beneath when not on the page."""
    viewer = page.viewer.player if page.viewer is not None else None
    rows = tuple(_row(entry, page.metric, viewer, locale) for entry in page.entries)
    beneath = None
    if page.viewer is not None and page.viewer not in page.entries:
        beneath = _row(page.viewer, page.metric, viewer, locale)
    return BoardScene(
        metric=metric_name(page.metric, locale),
        period=period_name(page.period, locale),
        page=page.page + 1,
        pages=page.pages,
        rows=rows,
        viewer=beneath,
        words=board_words(locale),
    )


def card_scene(
    card: PlayerCard, locale: object = None, card_play: Sequence[float] = ()
) -> PlayerCardScene:
    """The card's picture scene; ``card_play`` is the points lost by card play per hand in
    each of the player's latest reviewed games, oldest first (`card_play_losses`)."""
    partner = card.best_partner
    average = sum(card_play) / len(card_play) if card_play else 0.0
    return PlayerCardScene(
        name=shown_name(card.player, card.name, locale),
        is_computer=card.is_computer,
        rating=one_decimal(card.rating, locale),
        rank=card.rank,
        ranked_players=card.ranked_players,
        games=card.games,
        wins=card.wins,
        win_rate=percent(card.win_rate, locale),
        hands=card.hands,
        hands_as_maker=card.hands_as_maker,
        contracts_made=card.contracts_made,
        contracts_set=card.contracts_set,
        points_per_hand=one_decimal(card.average_points, locale),
        pedros=card.pedros,
        longest_streak=card.longest_streak,
        bids=card.bids,
        rating_history=card.rating_history,
        best_partner=None if partner is None else shown_name(partner.player, partner.name, locale),
        partner_is_computer=partner is not None and partner.is_computer,
        partner_wins=0 if partner is None else partner.wins,
        partner_games=0 if partner is None else partner.games,
        card_play=tuple(card_play),
        card_play_average=one_decimal(average, locale),
        games_to_rank=min_games(Metric.RATING),
        words=card_words(locale),
    )
