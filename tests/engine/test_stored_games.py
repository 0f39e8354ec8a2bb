"""Games stored by earlier versions load, and save again exactly as they were stored.

`stored_games.json` holds games saved in format 1, the format of `Game.to_dict`: four players
drawn for seats in the middle of a later hand's trick, with a card thrown to the first trick;
four players dealt a chosen deck, a player setting surplus trumps aside in the draw; and a
finished three-player game. The store keeps games in this form, so a change that reads or
writes any of it differently fails here before it meets a real table's saved game.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bot.engine import Game

STORED: dict[str, dict[str, Any]] = json.loads(
    Path(__file__).with_name("stored_games.json").read_text(encoding="utf-8")
)


def test_the_stored_games_cover_every_phase_of_interest() -> None:
    assert {game["phase"] for game in STORED.values()} == {"play", "discard", "game_over"}
    assert {game["players"] for game in STORED.values()} == {3, 4}


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_stored_game_saves_again_unchanged(name: str) -> None:
    stored = STORED[name]
    # Compared as text, so the keys keep their order too.
    assert json.dumps(Game.from_dict(stored).to_dict()) == json.dumps(stored)


@pytest.mark.parametrize("name", sorted(STORED))
def test_a_stored_game_is_its_start_with_its_actions_replayed(name: str) -> None:
    game = Game.from_dict(STORED[name])
    replayed = game.replayed()
    assert replayed.to_dict() == STORED[name]
    assert replayed.decision() == game.decision()
