"""A table picture put together band by band, some bands kept from earlier pictures, shows the
very pixels of the table painted whole and reduced to the table palette: any seats, sides,
trick, turn, trumps, contract, deck and language, one scene after another."""

from __future__ import annotations

import dataclasses
import io

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from bot.engine.cards import FULL_DECK, Suit
from bot.i18n.picture_words import picture_words
from bot.render import PlayedCard, SeatScene, SideScene, TableScene, Words, examples
from bot.render import table_picture as table
from bot.render.canvas import to_png

LANGUAGES = ("en", "fr", "pt-BR", "nl")
#: Few names and numbers, so that scenes drawn one after the other share bands.
NAMES = ("Ana", "Zoë 🦊", "王小明", "Bartholomew-Maximilian von Hohenzollern")


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes, bytes]:
    with Image.open(io.BytesIO(png)) as picture:
        picture.load()
        assert picture.mode == "P"
        return picture.size, bytes(picture.getpalette() or []), picture.tobytes()


def _painted_whole(scene: TableScene) -> bytes:
    """The plain way: the whole table painted in true colour, then reduced to the palette."""
    return to_png(table.paint_table(scene), table.table_palette())


@st.composite
def tables(draw: st.DrawFn) -> TableScene:
    players = draw(st.integers(2, 4))
    sides = draw(st.integers(2, min(players, 3)))
    seats = tuple(
        SeatScene(
            draw(st.sampled_from(NAMES)),
            seat % sides,
            draw(st.integers(0, 2)),
            draw(st.booleans()),
            draw(st.none() | st.just(6)),
            draw(st.booleans()),
        )
        for seat in range(players)
    )
    cards = draw(st.lists(st.sampled_from(FULL_DECK[:8]), min_size=players, unique=True))

    def trick() -> tuple[PlayedCard, ...]:
        shown = draw(st.integers(0, players))
        return tuple(PlayedCard(seat, cards[seat]) for seat in range(shown))

    target = draw(st.none() | st.just(11))
    maker = draw(st.none() | st.integers(0, players - 1))
    return TableScene(
        seats=seats,
        sides=tuple(
            SideScene(
                draw(st.sampled_from(NAMES)),
                draw(st.integers(-2, 12)),
                draw(st.none() | st.just(3)),
            )
            for _ in range(sides)
        ),
        target=target,
        dealer=draw(st.integers(0, players - 1)),
        hand_number=draw(st.integers(1, 2)),
        phase=draw(st.sampled_from(("Bidding", "Trick 2 · Playing"))),
        to_act=draw(st.none() | st.integers(0, players - 1)),
        trick=trick(),
        last_trick=(last := trick()),
        last_trick_winner=last[0].seat if last else None,
        trump=draw(st.none() | st.sampled_from(Suit)),
        contract=None if maker is None else 6,
        maker=maker,
        four_colour=draw(st.booleans()),
        words=Words(**picture_words(draw(st.sampled_from(LANGUAGES)))),
    )


@settings(max_examples=120, deadline=None)
@given(tables())
def test_a_table_put_together_band_by_band_is_the_table_painted_whole(
    scene: TableScene,
) -> None:
    assert _pixels(table.render_table(scene)) == _pixels(_painted_whole(scene))


def _one_change_at_a_time(scene: TableScene) -> list[TableScene]:
    """The scene with each thing a picture shows changed alone, one after the other."""
    seats, sides = scene.seats, scene.sides
    renamed = dataclasses.replace(sides[0], name="Zed")
    return [
        scene,
        *(dataclasses.replace(scene, to_act=seat) for seat in range(len(seats))),
        *(dataclasses.replace(scene, dealer=seat) for seat in range(len(seats))),
        *(
            dataclasses.replace(scene, seats=(*seats[:seat], changed, *seats[seat + 1 :]))
            for seat in range(len(seats))
            for changed in (
                dataclasses.replace(seats[seat], name="Zed"),
                dataclasses.replace(seats[seat], side=1 - seats[seat].side),
                dataclasses.replace(seats[seat], card_count=seats[seat].card_count + 1),
                dataclasses.replace(seats[seat], is_computer=not seats[seat].is_computer),
                dataclasses.replace(seats[seat], bid=7, passed=False),
                dataclasses.replace(seats[seat], bid=None, passed=True),
            )
        ),
        dataclasses.replace(scene, sides=(renamed, *sides[1:])),
        dataclasses.replace(scene, sides=(dataclasses.replace(sides[0], score=3), *sides[1:])),
        dataclasses.replace(
            scene, sides=(dataclasses.replace(sides[0], hand_points=5), *sides[1:])
        ),
        dataclasses.replace(scene, target=None),
        dataclasses.replace(scene, hand_number=scene.hand_number + 1),
        dataclasses.replace(scene, phase="Zed"),
        dataclasses.replace(scene, trump=None),
        dataclasses.replace(scene, trump=Suit.CLUBS),
        dataclasses.replace(scene, contract=None, maker=None),
        dataclasses.replace(scene, maker=1),
        dataclasses.replace(
            scene, seats=(dataclasses.replace(seats[0], name="Zed"), *seats[1:]), maker=0
        ),
        dataclasses.replace(
            scene, trick=(), last_trick=scene.trick, last_trick_winner=scene.trick[0].seat
        ),
        dataclasses.replace(scene, four_colour=not scene.four_colour),
        *(
            dataclasses.replace(scene, words=Words(**picture_words(language)))
            for language in LANGUAGES
        ),
    ]


def test_each_thing_a_table_shows_changed_alone_is_drawn() -> None:
    """A band kept for a scene is never shown for one that differs in what that band shows."""
    table._kept.clear()
    for scene in _one_change_at_a_time(examples.table_in_play()):
        assert _pixels(table.render_table(scene)) == _pixels(_painted_whole(scene)), scene


def test_a_band_that_shows_something_else_is_painted_again() -> None:
    """A seat renamed, or whose turn it now is, is a band of its own, not the kept one."""
    table._kept.clear()
    scene = examples.table_in_play()
    table.render_table(scene)
    top = scene.seats[0]
    for changed in (
        dataclasses.replace(scene, seats=(dataclasses.replace(top, name="Zed"), *scene.seats[1:])),
        dataclasses.replace(scene, to_act=0 if scene.to_act != 0 else 1),
    ):
        kept = len(table._kept)
        assert _pixels(table.render_table(changed)) == _pixels(_painted_whole(changed))
        assert len(table._kept) > kept


def _rows_shown_otherwise(scene: TableScene, changed: TableScene) -> set[tuple[int, int]]:
    """The rows of the bands that two scenes' pictures keep by different keys."""
    height = table.picture_size(len(scene.sides))[1]
    shown = {(band.top, band.bottom): band.shows for band in table._bands(scene, height)}
    return {
        (band.top, band.bottom)
        for band in table._bands(changed, height)
        if band.shows != shown[band.top, band.bottom]
    }


def test_a_seats_name_and_the_rest_of_its_panel_are_kept_apart() -> None:
    """The rows of the top and bottom seats' names are kept by who sits there, and the rows
    below them (cards held, bid, dealer) by all else, the same at every table: other people
    at a table alike find those rows kept, and a card played leaves a seat's name's rows
    as they were."""
    scene = dataclasses.replace(examples.table_in_play(), maker=None, contract=None)
    north, south = (table._seat_box(slot)[1] + table.SEAT_NAME_ROWS for slot in table.SLOTS[2])
    names = {(table.HEADER_END, north), (table.TRICK_END, south)}
    below = {(north, table.TOP_SEAT_END), (south, table.BOTTOM_SEAT_END)}
    other_people = tuple(dataclasses.replace(seat, name=f"{seat.name} Zed") for seat in scene.seats)
    assert _rows_shown_otherwise(scene, dataclasses.replace(scene, seats=other_people)) == names
    fewer_cards = tuple(
        dataclasses.replace(seat, card_count=seat.card_count - 1) for seat in scene.seats
    )
    assert _rows_shown_otherwise(scene, dataclasses.replace(scene, seats=fewer_cards)) == below


def _pieces_painted(scene: TableScene) -> int:
    """How many pieces kept packed the picture of ``scene`` paints, once it is checked to be
    the table painted whole."""
    kept = len(table._kept_pieces)
    assert _pixels(table.render_table(scene)) == _pixels(_painted_whole(scene))
    return len(table._kept_pieces) - kept


def test_a_side_seats_name_and_the_rest_of_its_panel_are_kept_apart() -> None:
    """As the top and bottom seats' rows, a side seat's panel is kept in two pieces: its
    name's rows by who sits there, the rest by all else it shows, the same at every table."""
    table._kept.clear()
    table._kept_pieces.clear()
    scene = dataclasses.replace(examples.table_in_play(), maker=None, contract=None)
    east = table.SLOTS[4].index(table.Slot.EAST)

    def with_east(**changes: object) -> TableScene:
        changed = dataclasses.replace(scene.seats[east], **changes)  # type: ignore[arg-type]
        return dataclasses.replace(
            scene,
            seats=tuple(changed if seat == east else info for seat, info in enumerate(scene.seats)),
        )

    _pieces_painted(scene)
    assert _pieces_painted(with_east(name="Zed")) == 1
    assert _pieces_painted(with_east(card_count=scene.seats[east].card_count - 1)) == 1
    assert _pieces_painted(with_east(name="Zed", card_count=scene.seats[east].card_count - 1)) == 0
    assert _pieces_painted(scene) == 0


def test_the_headers_hand_and_its_trumps_are_kept_apart() -> None:
    """The header's two columns are kept alone: a new trick paints the hand's column, found
    kept at the next table at that point of a hand; another contract paints the trumps'."""
    table._kept.clear()
    table._kept_pieces.clear()
    scene = examples.table_in_play()
    _pieces_painted(scene)
    next_trick = dataclasses.replace(scene, phase="Trick 4")
    assert _pieces_painted(next_trick) == 1
    assert _pieces_painted(dataclasses.replace(next_trick, maker=1)) == 1
    assert _pieces_painted(dataclasses.replace(scene, maker=1)) == 0


def test_a_sides_points_this_hand_change_its_bar_alone_and_its_people_its_line_alone() -> None:
    """A side's row of the scores is kept as two bands: its line (name and score, which
    change at a hand's end) and its bar with this hand's points (which change within the
    hand and show no name, the same at every table with that score)."""
    scene = examples.table_in_play()
    assert scene.target is not None
    top = table.score_row_top(1)
    line, bar = (
        (top + rows[0], top + rows[1]) for rows in (table.SCORE_LINE_ROWS, table.SCORE_BAR_ROWS)
    )
    first, second = scene.sides

    def rows_changed(**changes: object) -> set[tuple[int, int]]:
        """The rows shown otherwise once the second side is changed by ``changes``."""
        changed = dataclasses.replace(second, **changes)  # type: ignore[arg-type]
        return _rows_shown_otherwise(scene, dataclasses.replace(scene, sides=(first, changed)))

    assert rows_changed(hand_points=(second.hand_points or 0) + 1) == {bar}
    assert rows_changed(name=f"{second.name} Zed") == {line}
    assert rows_changed(score=second.score + 1) == {line, bar}
