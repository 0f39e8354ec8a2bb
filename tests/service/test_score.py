"""``/cinch score``: the game going on, or the last game when the table is back in its lobby."""

from __future__ import annotations

import pytest

from bot.errors import UserFacingError
from tests.service.tables import ALICE, four_people, open_table, play_until


async def test_the_score_before_any_game_says_none_has_started(service):
    table_id = await open_table(service)
    with pytest.raises(UserFacingError) as error:
        service.score_text(table_id, "en")
    assert error.value.key == "errors.no_game"


async def test_the_score_just_after_a_game_shows_how_it_ended_hand_by_hand(service, clock):
    table_id = await four_people(service, target=5)
    table = service.registry.table(table_id)
    game = table.game
    await play_until(service, clock, table_id, lambda table: table.game is None)
    assert game.is_over and game.winner is not None
    names = table.names("en")
    sides = [" & ".join(names[seat] for seat in side) for side in game.sides]
    totals = game.history[-1].totals
    lines = service.score_text(table_id, "en").splitlines()
    assert lines[0].startswith(f"Victory for {sides[game.winner]} after ")
    assert lines[0].endswith(f"Final score: {sides[0]} {totals[0]} · {sides[1]} {totals[1]}")
    assert len(lines) == 1 + len(game.history)
    for line, result in zip(lines[1:], game.history, strict=True):
        assert line.startswith(f"Hand {result.hand_number}: ")
        assert line.endswith(f"{sides[1]} {result.changes[1]:+d} → {result.totals[1]}")


async def test_the_next_game_shows_its_own_score(service, clock):
    table_id = await four_people(service, target=5)
    await play_until(service, clock, table_id, lambda table: table.game is None)
    await service.start(table_id, ALICE)
    text = service.score_text(table_id, "en")
    assert text.startswith("Score: ") and text.endswith(" 0 (playing to 5)")
    assert "\n" not in text
