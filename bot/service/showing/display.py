"""What the table message, a player's private hand and ``/cinch score`` show, built from the
table as it is now."""

from __future__ import annotations

from collections.abc import Callable

from bot.presentation.names import seat_name
from bot.presentation.scenes import Seating, TableScene, hand_scene, table_scene
from bot.presentation.texts import (
    TextContext,
    game_result_text,
    hand_text,
    history_text,
    score_line,
    table_text,
)
from bot.render import display_order, render_hand, render_table
from bot.service.showing.drawing import Drawing, Picture
from bot.service.showing.lobby_texts import lobby_text
from bot.service.shown import PrivateHand, PublicTable, SeatInfo
from bot.service.tables.options import Teams
from bot.service.tables.table import Table


async def public_table(
    table: Table, draw: Drawing, mention: Callable[[int], str] | None = None
) -> PublicTable:
    """The table message: lobby text, or the table picture and its text summary.

    ``mention(user_id)`` writes the person to act as a mention (the Discord layer's form);
    without it, by name.
    """
    locale = table.locale
    game = table.game
    seats = seat_infos(table, locale)
    picture: bytes | None = None
    acting: int | None = None
    view = None
    moves = 0
    if game is None:
        rematch = table.rematch
        waiting = rematch.waiting(table.seats) if rematch and rematch.kept(table.seats) else []
        text = lobby_text(
            table.options,
            seats,
            table.record.turn_timer,
            table.creator_name(),
            locale,
            rematch_waiting=waiting,
        )
    else:
        shown = game

        def latest() -> TableScene:
            """The table as it is when a drawing thread takes the picture: waiting for one
            folds in the moves made meanwhile."""
            nonlocal view, acting, text, moves
            names = table.names(locale)
            view = shown.public_view()
            seating = Seating(names, table.computer_seats(), locale)
            acting = person_to_act(table)
            who = mention(acting) if mention is not None and acting is not None else None
            text = table_text(view, TextContext(names, locale), who)
            # Counted before drawing: a move made while the picture is drawn is not in it.
            moves = len(shown.log)
            return table_scene(view, seating, table.options.four_colour)

        picture = await draw.latest(render_table, latest, Picture.TABLE, owner=table.id)
    return PublicTable(
        table.id,
        table.channel_id,
        table.record.message_id,
        text,
        picture,
        acting,
        playing=game is not None,
        manual_seats=table.options.teams is Teams.MANUAL,
        seats=seats,
        full=game is not None or table.full,
        view=view,
        locale=locale,
        moves=moves,
    )


def person_to_act(table: Table) -> int | None:
    """The person whose turn it is (None for a computer player, or a person away)."""
    game = table.game
    seat = game.to_act if game is not None else None
    if seat is None or table.is_automatic(seat):
        return None
    return table.user_at(seat)


def seat_infos(table: Table, locale: str | None) -> tuple[SeatInfo, ...]:
    """Every seat of the table: its name, who sits there, whether a person may take it."""
    infos = []
    for seat in range(table.players):
        record = table.seats.get(seat)
        infos.append(
            SeatInfo(
                seat=seat,
                label=seat_name(seat, table.players, locale),
                player=record.display_name if record else None,
                user_id=record.user_id if record else None,
                is_computer=bool(record and record.is_computer),
                away=bool(record and record.away),
            )
        )
    return tuple(infos)


async def private_hand(
    table: Table, user_id: int, locale: str | None, draw: Drawing, *, four_colour: bool = False
) -> PrivateHand:
    """A seated player's hand, picture and text, and what they may do now (drawn with the
    four-colour deck if they chose it)."""
    seat = table.require_seat(user_id)
    game = table.require_game()
    view = game.view(seat)
    text = hand_text(view, TextContext(table.names(locale), locale))
    scene = hand_scene(view, locale, four_colour)
    picture = await draw(render_hand, scene, Picture.ANSWER, owner=table.id)
    assert table.game_id is not None
    return PrivateHand(
        table_id=table.id,
        game_id=table.game_id,
        hand_number=view.hand_number,
        seat=seat,
        text=text,
        picture=picture,
        cards=tuple(display_order(view.hand, view.trump)),
        trump=view.trump,
        decision=view.decision,
    )


def score_text(table: Table, locale: str | None) -> str:
    """The score, and the change of every hand played, for ``/cinch score``: of the game
    going on or, back in the lobby, of the game that just ended (its winner and final score),
    its sides named by who sits in their seats now."""
    context = TextContext(table.names(locale), locale)
    finished = table.finished_game
    if table.game is None and finished is not None and finished.winner is not None:
        game = finished
        totals, hands = game.history[-1].totals, len(game.history)
        head = game_result_text(finished.winner, totals, hands, game.sides, context)
    else:
        game = table.require_game()
        head = score_line(game.public_view(), context)
    return "\n".join([head, *history_text(game.history, game.sides, context)])
