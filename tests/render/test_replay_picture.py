"""The replay picture: the table on top, every seat's cards under it."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from bot.engine.cards import parse_cards
from bot.render import SeatScene, SideScene, TableScene
from bot.render.replay_animation import render_replay_animation
from bot.render.replay_picture import ReplayRow, ReplayScene, render_replay, replay_layout
from bot.render.table_picture import LABEL, WIDTH, picture_size


def _scene(rows: int = 4, footer: tuple[str, ...] = ()) -> ReplayScene:
    table = TableScene(
        seats=tuple(SeatScene(f"P{seat}", seat % 2, 6) for seat in range(4)),
        sides=(SideScene("A", 3, 2), SideScene("B", 5, 0)),
        target=11,
        dealer=0,
        hand_number=2,
        phase="Trick 1",
    )
    hand = tuple(parse_cards("AS 5C 10H 2D 9S JS"))
    return ReplayScene(
        table,
        tuple(
            ReplayRow(f"P{seat}", seat % 2, hand, played=hand[0], notes=("a note",), costly_lines=1)
            for seat in range(rows)
        ),
        footer,
    )


def test_a_step_is_a_png_as_wide_as_the_table_with_a_row_per_seat_and_a_line_per_footer():
    picture = Image.open(io.BytesIO(render_replay(_scene(footer=("one", "two")))))
    plain = Image.open(io.BytesIO(render_replay(_scene())))
    assert picture.width == plain.width == WIDTH
    assert plain.height > picture_size(2)[1] + 4 * 100
    assert picture.height > plain.height


def test_the_same_step_gives_the_same_bytes():
    assert render_replay(_scene()) == render_replay(_scene())


def test_a_replay_needs_one_row_per_seat():
    with pytest.raises(ValueError):
        _scene(rows=3)


def test_a_shared_replay_is_one_frame_per_step_within_the_size_limit():
    scenes = [_scene(), _scene(footer=("one",)), _scene(footer=("one", "two"))]
    animation = Image.open(io.BytesIO(render_replay_animation(scenes)))
    assert animation.format == "PNG" and animation.n_frames == 3
    assert animation.width == WIDTH


@pytest.mark.slow
def test_a_shared_replay_over_the_limit_is_drawn_smaller():
    scenes = [_scene(), _scene(footer=("one",))]
    full = render_replay_animation(scenes)
    smaller = render_replay_animation(scenes, max_bytes=len(full) - 1)
    assert len(smaller) < len(full)
    assert Image.open(io.BytesIO(smaller)).width < WIDTH


def test_every_word_is_readable_on_a_phone_and_every_card_shown_whole():
    notes = ("8♠ cost Bertha & Dana 2 points", "10♠ 2♠ fall to Carol", "Better: J♠")
    hand = tuple(parse_cards("AS 5C 10H 2D 9S JS 3H 4H 5H"))  # nine cards, as dealt
    scene = _scene()
    rows = tuple(
        ReplayRow(f"Player {seat}", seat % 2, hand, notes=notes, costly_lines=3)
        for seat in range(4)
    )
    layout = replay_layout(ReplayScene(scene.table, rows, ("Ann bid 7: made",)))
    texts = [placed for placed in layout if placed.kind == "text"]
    assert texts and all(placed.size >= LABEL for placed in texts)
    assert not any(placed.shortened for placed in texts)
    cards = [placed for placed in layout if placed.kind == "card"]
    assert len(cards) == 4 * len(hand)
    assert all(placed.box[0] >= 0 and placed.box[2] <= WIDTH for placed in cards)
