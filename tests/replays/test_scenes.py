"""The replay pictures' input: every hand, the trick, and the review's words, in one language."""

from __future__ import annotations

import random

from bot.ai.review import HandReview, Verdict
from bot.engine import Card, Game
from bot.engine.random_player import random_action
from bot.i18n import t, tn
from bot.replays.library import Replay
from bot.replays.scenes import replay_scene
from bot.replays.steps import StepKind, replay_hand
from bot.replays.stored import StoredReplay

NAMES = ("Ann", "Ben", "Cat", "Dan")


def _stored() -> StoredReplay:
    game = Game.new(seed=5, first_dealer=0)
    rng = random.Random(1)
    while not game.history:
        game.apply(game.to_act, random_action(game.decision(), rng))
    replay = replay_hand(game.restarted(), game.log, game.history[0].hand_number)
    return StoredReplay(7, replay, NAMES, target=51, computers=(False, True, False, False))


def test_a_costly_card_is_explained_on_its_trick_only():
    stored = _stored()
    first = stored.replay.plays[0]
    verdict = Verdict(
        0, first.seat, first.card, 5, (Card.parse("AS"),), ((Card.parse("5S"), 1),)
    )
    replay = Replay(stored, HandReview((verdict,), worth=9))
    steps = stored.replay.steps
    first_trick = next(i for i, step in enumerate(steps) if step.kind is StepKind.TRICK)

    row = replay_scene(replay, first_trick, "en").rows[first.seat]

    partners = stored.replay.sides[stored.replay.side_of(first.seat)]
    side = " & ".join(NAMES[seat] for seat in partners)
    points = tn("count.points", 5, "en")
    assert row.notes[:3] == (
        t("review.cost", "en", card=first.card.display, side=side, points=points),
        tn("review.falls", 1, "en", cards="5♠", name="Ben"),
        t("review.better", "en", cards="A♠"),
    )
    assert row.costly_lines == 3
    later = replay_scene(replay, first_trick + 1, "en").rows[first.seat]
    assert later.costly_lines == 0


def test_the_last_step_sums_up_each_player_and_the_makers_bid():
    stored = _stored()
    result = stored.replay.steps[-1].result
    first = stored.replay.plays[0]
    verdict = Verdict(0, first.seat, first.card, 3, (Card.parse("AS"),))
    for worth, key in ((9, "review.maker"), (0, "review.maker_none")):
        scene = replay_scene(Replay(stored, HandReview((verdict,), worth)), -1, "fr")
        maker = NAMES[result.maker]
        assert scene.footer[-1] == t(key, "fr", name=maker, bid=result.contract, worth=worth)
    lines = [row.notes[0] for row in scene.rows]
    for seat, line in enumerate(lines):
        lost = 3 if seat == first.seat else 0
        if lost:
            points = tn("count.points", lost, "fr")
            assert line == t("review.player", "fr", name=NAMES[seat], points=points)
        else:
            assert line == t("review.clean", "fr", name=NAMES[seat])
    assert [seat.is_computer for seat in scene.table.seats] == [False, True, False, False]


def test_without_a_review_the_replay_still_shows_every_step():
    stored = _stored()
    replay = Replay(stored, None)
    scenes = [replay_scene(replay, index, "nl") for index in range(replay.step_count)]
    assert all(row.costly_lines == 0 for scene in scenes for row in scene.rows)
    assert scenes[-1].footer[0].startswith(NAMES[stored.replay.steps[-1].result.maker])
