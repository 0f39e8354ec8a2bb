"""A season's pictures in the reader's language: its end (the awards) and its board.

Every label comes from the message catalogue and every figure is formatted the reader's way;
the renderer knows no language. A person kept off the boards is left out of a season's
pictures as of every board, also when they asked for it after the season ended.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.i18n import t, tn
from bot.league.season_boards import Award, Awards
from bot.league.windows import Window
from bot.render.board import BoardScene
from bot.render.league import AwardLine, SeasonScene, SeasonWords
from bot.stats import BoardPage
from bot.stats.board_scenes import board_scene, one_decimal


def season_name(number: int, window: Window, locale: object = None) -> str:
    """ "Season 3 · Jan 1 – 31, 2026"."""
    return t("season.name", locale, number=number, dates=window.named(locale))


def season_words(locale: object = None) -> SeasonWords:
    return SeasonWords(
        champions=t("picture.season.champions", locale),
        partnership=t("picture.season.partnership", locale),
        improved=t("picture.season.improved", locale),
        nobody=t("picture.season.nobody", locale),
        names_joiner=t("picture.names_joiner", locale),
    )


def _line(award: Award, names: Mapping[str, str], figure: str) -> AwardLine | None:
    """An award's line, or None when one of its players is no longer shown."""
    if not all(player in names for player in award.players):
        return None
    return AwardLine(tuple(names[player] for player in award.players), figure)


def season_scene(
    number: int, window: Window, awards: Awards, names: Mapping[str, str], locale: object = None
) -> SeasonScene:
    """The end of season ``number``: ``names`` holds the name of each player still shown."""
    champions = [
        _line(
            award,
            names,
            tn(
                "picture.season.champion_figure",
                award.games,
                locale,
                rating=one_decimal(award.value, locale),
            ),
        )
        for award in awards.champions
    ]
    partnership = awards.partnership
    improved = awards.improved
    return SeasonScene(
        title=t("picture.season.title", locale, number=number),
        dates=window.named(locale),
        champions=tuple(line for line in champions if line is not None),
        partnership=None
        if partnership is None
        else _line(
            partnership,
            names,
            tn(
                "picture.season.partnership_figure",
                partnership.games,
                locale,
                wins=partnership.wins,
            ),
        ),
        improved=None
        if improved is None
        else _line(
            improved,
            names,
            t("picture.season.improved_figure", locale, rating=one_decimal(improved.value, locale)),
        ),
        words=season_words(locale),
    )


def season_end_text(number: int, window: Window, scene: SeasonScene, locale: object = None) -> str:
    """The post above a season's picture, saying what the picture shows: congratulations only
    when it names champions (a season may have a best partnership without enough games for
    any champion, and a champion kept off the boards is not shown)."""
    if scene.champions:
        key = "season.ended"
    elif scene.partnership is not None or scene.improved is not None:
        key = "season.ended_no_champions"
    else:
        key = "season.ended_empty"
    return t(key, locale, number=number, dates=window.named(locale))


def season_board_scene(
    page: BoardPage, number: int, window: Window, locale: object = None
) -> BoardScene:
    """A season's board page, drawn like every board, its period named after the season."""
    return replace(board_scene(page, locale), period=season_name(number, window, locale))
