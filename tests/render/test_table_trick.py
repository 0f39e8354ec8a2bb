"""The table picture during the tricks, made from kept pieces, is the table painted whole: over
whole hands at tables of two, three and four, one picture after each action, the tables taking
turns as a busy bot's do; and each shortcut it takes holds for what it assumes.

The shortcuts (`bot/render/table_picture.py`): each band is painted on its own rows only; the
rows above and below the side seats' cards show only the top and the bottom seat's card of the
trick, kept by the card; the rows between are the empty table's, with each side seat's panel
and each card copied over them from pieces kept in the table palette, a side seat's card kept
for whether its seat is to act, since it reaches over the edge of that seat's panel.
"""

from __future__ import annotations

import dataclasses
import io
import itertools
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.engine import Card, Game
from bot.engine.random_player import random_action
from bot.i18n.picture_words import picture_words
from bot.presentation.scenes import Seating, table_scene
from bot.render import TableScene, Words, examples
from bot.render import table_picture as table
from bot.render.canvas import to_png
from bot.render.scenes import PlayedCard

#: Names that fill a seat's panel to its edge, or nearly, in every script the fonts draw.
LONG_NAMES = (
    "Bartholomew-Maximilian von Hohenzollern",
    "WWWWWWWWWWWWWWWWWWWWWWWW",
    "王小明王小明王小明王小明",
    "Zoë 🦊🦊🦊🦊🦊🦊🦊🦊🦊🦊",
)


def _pixels(png: bytes) -> tuple[tuple[int, int], bytes, bytes]:
    with Image.open(io.BytesIO(png)) as picture:
        picture.load()
        return picture.size, bytes(picture.getpalette() or []), picture.tobytes()


def _painted_whole(scene: TableScene) -> bytes:
    """The plain way: the whole table painted in true colour, then reduced to the palette."""
    return to_png(table.paint_table(scene), table.table_palette())


def _clear_kept() -> None:
    table._kept.clear()
    table._kept_pieces.clear()


def _table_scenes(
    players: int, seed: int, locale: str, four_colour: bool, hands: int
) -> Iterator[TableScene]:
    """The public table after each random legal action of a game's first ``hands`` hands."""
    game = Game.new(players=players, seed=seed, first_dealer=seed % players)
    rng = random.Random(seed)
    names = tuple(LONG_NAMES[(seed + seat) % len(LONG_NAMES)] for seat in range(players))
    seating = Seating(names, tuple(seat % 2 == 1 for seat in range(players)), locale)
    while not game.is_over and game.hand_number <= hands:
        yield table_scene(game.public_view(), seating, four_colour)
        game.apply(game.to_act, random_action(game.decision(), rng))


def _taking_turns(*tables: Iterator[TableScene]) -> Iterator[TableScene]:
    """One picture of each table in turn, until every table's hands are over."""
    going = list(tables)
    while going:
        for scenes in list(going):
            scene = next(scenes, None)
            if scene is None:
                going.remove(scenes)
            else:
                yield scene


def test_whole_hands_at_tables_taking_turns_are_the_tables_painted_whole() -> None:
    """Tables of two, three and four players (two and three sides), both decks and four
    languages, two hands each: every picture, made from the pieces the others left kept, is
    the table painted whole."""
    _clear_kept()
    tables = _taking_turns(
        _table_scenes(4, 1, "en", False, hands=2),
        _table_scenes(4, 2, "fr", True, hands=2),
        _table_scenes(3, 3, "pt-BR", False, hands=2),
        _table_scenes(2, 4, "nl", False, hands=2),
    )
    played = 0
    for scene in tables:
        assert _pixels(table.render_table(scene)) == _pixels(_painted_whole(scene)), scene
        played += bool(scene.trick)
    assert played > 100


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_band_painted_on_its_own_rows_is_those_rows_of_the_table_painted_whole(
    players: int,
) -> None:
    """Over a whole hand: a band painted on an image of its rows alone (only they copied of
    the background, the rest clipped) has the very pixels of those rows painted whole."""
    for scene in _table_scenes(players, players, "en", False, hands=1):
        whole = table.paint_table(scene)
        for band in table._bands(scene, whole.height):
            if band.shows is None:
                continue  # put together from pieces, not painted: the tests below
            rows = whole.crop((0, band.top, table.WIDTH, band.bottom))
            painted = band.reduced(scene, band.top, band.bottom)
            assert painted.tobytes() == table._reduced(rows).tobytes(), (band.top, scene)


def test_a_painter_of_some_rows_begins_on_an_even_row() -> None:
    """Text is placed by rounding halves to even, which a picture moved by an odd number of
    rows would round the other way: such rows are refused."""
    with pytest.raises(ValueError, match="even"):
        table._TablePainter(examples.table_in_play(), (table.SIDE_CARDS_END + 1, 500))


def _with_seat(scene: TableScene, seat: int, **changes: object) -> TableScene:
    seats = list(scene.seats)
    seats[seat] = dataclasses.replace(seats[seat], **changes)  # type: ignore[arg-type]
    return dataclasses.replace(scene, seats=tuple(seats))


def _everything_but_the_trick(scene: TableScene) -> list[TableScene]:
    """The scene, and the scene with each thing its picture shows but the cards of the trick
    changed: the seats (names as long as they come, every line of their panels, whose turn,
    the dealer, their sides), the header, the language."""
    seats = range(len(scene.seats))
    return [
        scene,
        *(dataclasses.replace(scene, to_act=seat) for seat in (*seats, None)),
        *(dataclasses.replace(scene, dealer=seat) for seat in seats),
        *(_with_seat(scene, seat, name=name) for seat in seats for name in LONG_NAMES),
        *(_with_seat(scene, seat, card_count=count) for seat in seats for count in (0, 13)),
        *(_with_seat(scene, seat, is_computer=True, bid=None, passed=True) for seat in seats),
        *(_with_seat(scene, seat, is_computer=True, bid=12, passed=False) for seat in seats),
        *(_with_seat(scene, seat, side=1 - scene.seats[seat].side) for seat in seats),
        dataclasses.replace(scene, hand_number=9, phase="Zed", trump=None, maker=None),
        dataclasses.replace(scene, words=Words(**picture_words("nl"))),
    ]


def _trick_of_four() -> TableScene:
    """A table of four with a card before every seat."""
    scene = examples.table_in_play()
    cards = [play.card for play in scene.last_trick]
    return dataclasses.replace(
        scene, trick=tuple(PlayedCard(seat, card) for seat, card in enumerate(cards))
    )


def _shown_every_way(scene: TableScene) -> list[TableScene]:
    """The scene's trick as played, then the same cards as the last trick, each seat's winning
    in turn (so each card shows played, won and beaten), and no card at all."""
    return [
        scene,
        *(
            dataclasses.replace(scene, trick=(), last_trick=scene.trick, last_trick_winner=seat)
            for seat in range(len(scene.seats))
        ),
        dataclasses.replace(scene, trick=(), last_trick=(), last_trick_winner=None),
    ]


#: A card before a seat and how it shows, or None for no card.
Shown = tuple[Card, table.Look] | None


def _looks(scene: TableScene) -> dict[table.Slot, Shown]:
    """What the scene shows before each seat."""
    shown = {slot: (card, look) for slot, card, look in table._shown_cards(scene)}
    return {slot: shown.get(slot) for slot in table.SLOTS[len(scene.seats)]}


def test_the_rows_above_and_below_the_side_seats_cards_show_only_the_top_and_bottom_cards() -> None:
    """What the bands of the top and bottom seats' cards are kept by: those rows are alike
    whatever else the table shows, and differ with the card there and how it shows (so that
    a band kept by less would show the wrong rows, and this test would fail)."""
    rows = {
        table.Slot.NORTH: (table.TOP_SEAT_END, table.SIDE_CARDS_TOP),
        table.Slot.SOUTH: (table.SIDE_CARDS_END, table.TRICK_END),
    }
    seen: dict[tuple[table.Slot, Shown], set[bytes]] = {}
    for shown in _shown_every_way(_trick_of_four()):
        for scene in _everything_but_the_trick(shown):
            whole = table.paint_table(scene)
            for slot, (top, bottom) in rows.items():
                pixels = whole.crop((0, top, table.WIDTH, bottom)).tobytes()
                seen.setdefault((slot, _looks(scene)[slot]), set()).add(pixels)
    assert all(len(pixels) == 1 for pixels in seen.values())
    for slot in rows:  # played, won, beaten, none: four different pictures of those rows
        assert len({pixels.pop() for (at, _), pixels in seen.items() if at is slot}) == 4


def test_a_trick_card_between_the_side_seats_shows_only_itself_and_whether_its_seat_is_to_act() -> (
    None
):
    """What a card's piece is kept by: within the side seats' rows its cell is alike whatever
    else the table shows, but for whether its seat is to act when the cell reaches over that
    seat's panel (the side seats'); and that changes it, so that a piece kept without it
    would show the wrong ring."""
    slots = table.SLOTS[4]
    over = {slot: table._meet(table._card_cell(slot), table._seat_box(slot)) for slot in slots}
    assert [slot for slot in slots if over[slot]] == [table.Slot.EAST, table.Slot.WEST]
    for first, second in itertools.combinations(slots, 2):  # no card's cell meets another's
        left, top, right, bottom = table._card_cell(second)
        assert not table._meet(table._card_cell(first), (left, top, right - 1, bottom - 1))
    seen: dict[tuple[table.Slot, Shown, bool], set[bytes]] = {}
    for shown in _shown_every_way(_trick_of_four())[:-1]:
        for scene in _everything_but_the_trick(shown):
            whole = table.paint_table(scene)
            for seat, slot in enumerate(slots):
                left, top, right, bottom = table._card_cell(slot)
                cell = (
                    left,
                    max(top, table.SIDE_CARDS_TOP),
                    right,
                    min(bottom, table.SIDE_CARDS_END),
                )
                to_act = over[slot] and scene.to_act == seat
                key = (slot, _looks(scene)[slot], to_act)
                seen.setdefault(key, set()).add(whole.crop(cell).tobytes())
    assert all(len(pixels) == 1 for pixels in seen.values())
    for (slot, look, to_act), pixels in seen.items():
        won = look is not None and look[1] is table.Look.WON
        if to_act and not won:  # (the winner's own ring may cover the panel's edge)
            assert pixels != seen[slot, look, False]


def test_the_side_seats_rows_are_the_same_whatever_the_trick_shows_beside_them() -> None:
    """A side seat's panel painted alone, the cards copied over it after: any trick, or
    none, beside the same seats."""
    _clear_kept()
    for scene in _shown_every_way(dataclasses.replace(_trick_of_four(), to_act=None)):
        assert _pixels(table.render_table(scene)) == _pixels(_painted_whole(scene))


def test_a_card_played_paints_again_only_the_rows_of_that_card() -> None:
    """What makes a table picture cheap during the tricks: after the top seat's card is
    played, every band is the one kept from the picture before but the rows above the side
    seats' cards, and between the side seats only that card's piece is painted: the side
    seats' panels are found kept."""
    _clear_kept()
    after = examples.table_in_play()
    before = dataclasses.replace(after, trick=after.trick[:-1])
    table.render_table(before)
    kept = (len(table._kept), len(table._kept_pieces))
    assert _pixels(table.render_table(after)) == _pixels(_painted_whole(after))
    assert (len(table._kept), len(table._kept_pieces)) == (kept[0] + 1, kept[1] + 1)
