"""Starting a game: draw for seats and the first dealer, deal, and store the new game.

With teams drawn, the draw also reseats everyone; otherwise the seats stay as the lobby left
them and the draw only chooses the first dealer.
"""

from __future__ import annotations

from bot.engine import Game, draw_for_seats
from bot.service.options import Teams
from bot.service.seating import reseat
from bot.service.table import Table
from bot.service.text import TextContext, seat_draw_text
from bot.store import Store


async def start_game(store: Store, table: Table, seed: int) -> str:
    """Deal the table's new game from ``seed`` and store it; returns the text of the draw."""
    rules = table.options.rules
    draw = draw_for_seats(table.players, seed, rules.first_dealer)
    lobby = [table.seats[seat] for seat in range(table.players)]
    if table.options.teams is Teams.DRAW:
        await reseat(store, table, [lobby[index] for index in draw.seating])
        dealer = draw.first_dealer_seat
        new_seats = [draw.seating.index(index) for index in range(table.players)]
    else:
        dealer = draw.seating[draw.first_dealer_seat]
        new_seats = list(range(table.players))
    game = Game.new(rules, table.players, seed, first_dealer=dealer)
    record = await store.games.start(
        table.id,
        seed=seed,
        rules=rules.to_dict(),
        player_count=table.players,
        state=game.to_dict(),
    )
    table.begin_game(game, record.id)
    context = TextContext(table.names(table.locale), table.locale)
    names = [context.names[seat] for seat in new_seats]
    return seat_draw_text(draw, names, context.names[dealer], context)
