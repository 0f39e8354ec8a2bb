"""The daily deal's pictures show only what belongs to a single deal: no target a game is
played to ("Playing to 51"), no game score or progress bar ("+0 this hand"); each side's row
holds the points it took in the deal, once the play has begun."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.daily import DEALS_PER_DAY, DailyDeals, DealShown
from bot.daily.scenes import deal_replay_scene, deal_scenes
from bot.i18n import t
from bot.i18n.locale_codes import SUPPORTED_LOCALES
from bot.render.canvas import Placed
from bot.render.private_table import private_table_layout
from bot.render.replay_picture import replay_layout
from bot.render.table_picture import table_layout
from tests.daily.play import play_deal, random_choice

GUILD, ANN = 10, 1


def game_words(layout: list[Placed], locale: str) -> list[str]:
    """The words of `layout` that belong to a game, not to a deal: the target, and the points
    of this hand under a game's score."""
    game = {t("picture.target", locale, target=51)} | {
        t("picture.hand_points", locale, points=points) for points in range(30)
    }
    return [placed.text for placed in layout if placed.text in game]


@pytest.mark.slow
async def test_a_deal_in_play_shows_no_target_and_no_game_score(daily: DailyDeals):
    shown = await daily.open(GUILD, ANN, "ann")
    rng = random.Random(3)
    for locale in itertools.cycle(SUPPORTED_LOCALES):  # each move read in another language
        if not isinstance(shown, DealShown) or shown.over is not None:
            break
        table, hand = deal_scenes(shown, locale)
        assert table.target is None
        assert game_words(private_table_layout(table, hand), locale) == []
        playing = (
            shown.table.points_taken if shown.view.trick or shown.view.previous_trick else None
        )
        if playing is not None:
            written = {placed.text for placed in table_layout(table)}
            assert {str(points) for points in playing} <= written
        shown = await daily.act(ANN, shown.day, shown.deal, shown.moves, random_choice(shown, rng))


@pytest.mark.slow
@pytest.mark.one_engine
async def test_a_deals_replay_shows_no_target_and_no_game_score(daily: DailyDeals):
    rng = random.Random(5)
    shown = await daily.open(GUILD, ANN, "ann")
    for _ in range(DEALS_PER_DAY):
        assert isinstance(shown, DealShown)
        await play_deal(daily, ANN, shown, rng)
        shown = await daily.open(GUILD, ANN, "ann")
    replay = await daily.replay(ANN, daily.today(), 0, "fr")
    for step in range(replay.step_count):
        scene = deal_replay_scene(replay, step, "fr")
        assert scene.table.target is None
        assert game_words(table_layout(scene.table) + replay_layout(scene), "fr") == []
