"""The open-hand solver agrees with a plain minimax written with the engine's own rules."""

from __future__ import annotations

import random

import pytest

from bot.ai import solver as solver_module
from bot.ai.bits import LAYOUTS
from bot.ai.solver import SearchTimeout, Solver
from bot.engine import Card, Game, HouseRules, Phase, Suit, legal_plays, trick_winner
from bot.engine.random_player import random_action
from bot.engine.trumps import card_points


def minimax(
    hands: list[set[Card]],
    trick: list[tuple[int, Card]],
    leader: int,
    trump: Suit,
    side_of: tuple[int, ...],
    my_side: int,
) -> int:
    """Points `my_side` still takes with best play by all, by brute force over the engine rules."""
    players = len(hands)
    order = [(leader + step) % players for step in range(players)]
    seat = order[len(trick)]
    values = []
    for card in legal_plays(hands[seat], [c for _, c in trick], trump):
        hands[seat].remove(card)
        played = [*trick, (seat, card)]
        if len(played) == players:
            winner = played[trick_winner([c for _, c in played], trump)][0]
            points = sum(card_points(c, trump) for _, c in played)
            gain = points if side_of[winner] == my_side else 0
            rest = minimax(hands, [], winner, trump, side_of, my_side) if any(hands) else 0
            values.append(gain + rest)
        else:
            values.append(minimax(hands, played, leader, trump, side_of, my_side))
        hands[seat].add(card)
    return max(values) if side_of[seat] == my_side else min(values)


def late_position(players: int, seed: int, cards_played: int) -> Game:
    game = Game.new(HouseRules(), players, seed=seed, first_dealer=0)
    rng = random.Random(seed)
    while game.phase is not Phase.PLAY:
        game.apply(game.to_act, random_action(game.decision(), rng))
    for _ in range(cards_played):
        game.apply(game.to_act, random_action(game.decision(), rng))
    return game


@pytest.mark.parametrize("players", [2, 3, 4])
def test_move_values_match_brute_force(players: int) -> None:
    checked = 0
    for seed in range(12):
        game = late_position(players, seed, cards_played=players * 3 + seed % players)
        if game.phase is not Phase.PLAY:
            continue
        seat = game.to_act
        trump = game.trump
        layout = LAYOUTS[trump]
        my_side = game.side_of[seat]
        solver = Solver(layout, game.side_of, my_side)
        values = solver.move_values(
            [layout.mask(hand) for hand in game.hands],
            [(s, layout.bit[c]) for s, c in game.trick],
            game.leader,
        )
        legal = legal_plays(game.hands[seat], [c for _, c in game.trick], trump)
        assert {layout.card[bit] for bit in values} == legal
        for bit, value in values.items():
            card = layout.card[bit]
            hands = [set(hand) for hand in game.hands]
            hands[seat].remove(card)
            trick = [*game.trick, (seat, card)]
            if len(trick) == len(hands):
                winner = trick[trick_winner([c for _, c in trick], trump)][0]
                points = sum(card_points(c, trump) for _, c in trick)
                gain = points if game.side_of[winner] == my_side else 0
                expected = gain + (
                    minimax(hands, [], winner, trump, game.side_of, my_side) if any(hands) else 0
                )
            else:
                expected = minimax(hands, trick, game.leader, trump, game.side_of, my_side)
            assert value == expected, (seed, card)
        checked += 1
    assert checked >= 8


def test_a_node_limit_stops_the_search() -> None:
    game = late_position(4, 3, cards_played=0)
    layout = LAYOUTS[game.trump]
    solver = Solver(layout, game.side_of, 0, node_limit=200)
    with pytest.raises(SearchTimeout):
        solver.move_values([layout.mask(hand) for hand in game.hands], [], game.leader)


def _searched(game: Game) -> tuple[dict[int, int], int]:
    """The values of every legal card of the seat to play, and the nodes that took."""
    layout = LAYOUTS[game.trump]
    solver = Solver(layout, game.side_of, game.side_of[game.to_act])
    values = solver.move_values(
        [layout.mask(hand) for hand in game.hands],
        [(seat, layout.bit[card]) for seat, card in game.trick],
        game.leader,
    )
    return values, solver.nodes


def test_a_search_visits_the_same_nodes_whatever_earlier_searches_cached() -> None:
    """The move orders are cached by what decides them only (shared by every position that
    agrees on it): a cache entry made by another deal must order the moves exactly as the
    position would itself, or the computer players' searches, whose budgets are node counts,
    would change with what ran before them."""
    games = [
        game
        for seed in range(10)
        if (game := late_position(4, seed, cards_played=seed % 4)).phase is Phase.PLAY
    ]
    alone = []
    for game in games:
        solver_module._MOVE_CACHES.clear()
        alone.append(_searched(game))
    after_the_others = [_searched(game) for game in reversed(games)]
    assert after_the_others[::-1] == alone
