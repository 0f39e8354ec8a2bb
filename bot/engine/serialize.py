"""The game state to JSON-ready data and back, losslessly, at any point of the game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.engine.actions import action_from_dict, action_to_dict
from bot.engine.cards import Card, Suit
from bot.engine.events import HandResult
from bot.engine.plain import to_plain
from bot.engine.rules import HouseRules
from bot.engine.seating import SeatDraw, seat_sides
from bot.engine.trumps import PointCard
from bot.engine.view import CompletedTrick, Phase

if TYPE_CHECKING:
    from bot.engine.game import Game

FORMAT_VERSION = 1


def _cards(codes: list[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]


def _seat_cards(pairs: list[list[Any]]) -> list[tuple[int, Card]]:
    return [(seat, Card.parse(code)) for seat, code in pairs]


def game_to_dict(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "rules": game.rules.to_dict(),
        "players": game.players,
        "sides": to_plain(game.sides),
        "seed": game.seed,
        "first_dealer": game.first_dealer,
        "first_deck": to_plain(game.first_deck),
        "initial_scores": list(game.initial_scores),
        "seat_draw": to_plain(game.seat_draw),
        "scores": list(game.scores),
        "history": to_plain(game.history),
        "log": [[seat, action_to_dict(action)] for seat, action in game.log],
        "winner": game.winner,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "phase": game.phase.value,
        "to_act": game.to_act,
        "hands": to_plain(game.hands),
        "stock": to_plain(game.stock),
        "bids": to_plain(game.bids),
        "maker": game.maker,
        "contract": game.contract,
        "trump": to_plain(game.trump),
        "trump_may_pass": game.trump_may_pass,
        "discards": to_plain(game.discards),
        "hidden_discards": to_plain(game.hidden_discards),
        "dead": to_plain(game.dead),
        "thrown": to_plain(game.thrown),
        "drawn": list(game.drawn),
        "kept_trumps": list(game.kept_trumps),
        "exchange_queue": list(game.exchange_queue),
        "trick": to_plain(game.trick),
        "trick_seats": list(game.trick_seats),
        "leader": game.leader,
        "tricks": to_plain(game.tricks),
    }


def _hand_result(data: dict[str, Any]) -> HandResult:
    return HandResult(
        hand_number=data["hand_number"],
        dealer=data["dealer"],
        maker=data["maker"],
        maker_side=data["maker_side"],
        contract=data["contract"],
        trump=Suit(data["trump"]),
        bids=tuple((seat, amount) for seat, amount in data["bids"]),
        captured=tuple((PointCard(kind), side) for kind, side in data["captured"]),
        points=tuple(data["points"]),
        made=data["made"],
        changes=tuple(data["changes"]),
        totals=tuple(data["totals"]),
    )


def game_from_dict(game: Game, data: dict[str, Any]) -> None:
    """Fill a bare `Game` (made with `__new__`) from `game_to_dict` data."""
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"unknown game format {data.get('format')!r}")
    game.rules = HouseRules.from_dict(data["rules"])
    game.players = data["players"]
    game.sides = tuple(tuple(side) for side in data["sides"])
    game.side_of = seat_sides(game.sides)
    game.seed = data["seed"]
    game.first_dealer = data["first_dealer"]
    deck = data["first_deck"]
    game.first_deck = tuple(_cards(deck)) if deck is not None else None
    game.initial_scores = tuple(data["initial_scores"])
    draw = data["seat_draw"]
    game.seat_draw = (
        SeatDraw(
            first_cards=tuple(_cards(draw["first_cards"])),
            ranking=tuple(draw["ranking"]),
            seating=tuple(draw["seating"]),
            first_dealer_seat=draw["first_dealer_seat"],
        )
        if draw is not None
        else None
    )
    game.scores = list(data["scores"])
    game.history = [_hand_result(item) for item in data["history"]]
    game.log = [(seat, action_from_dict(action)) for seat, action in data["log"]]
    game.winner = data["winner"]
    game.hand_number = data["hand_number"]
    game.dealer = data["dealer"]
    game.phase = Phase(data["phase"])
    game.to_act = data["to_act"]
    game.hands = [_cards(hand) for hand in data["hands"]]
    game.stock = _cards(data["stock"])
    game.bids = [(seat, amount) for seat, amount in data["bids"]]
    game.maker = data["maker"]
    game.contract = data["contract"]
    game.trump = Suit(data["trump"]) if data["trump"] is not None else None
    game.trump_may_pass = data["trump_may_pass"]
    game.discards = [_cards(pile) for pile in data["discards"]]
    game.hidden_discards = [_cards(pile) for pile in data["hidden_discards"]]
    game.dead = [_cards(pile) for pile in data["dead"]]
    game.thrown = _seat_cards(data["thrown"])
    game.drawn = list(data["drawn"])
    game.kept_trumps = list(data["kept_trumps"])
    game.exchange_queue = list(data["exchange_queue"])
    game.trick = _seat_cards(data["trick"])
    game.trick_seats = list(data["trick_seats"])
    game.leader = data["leader"]
    game.tricks = [
        CompletedTrick(
            trick["leader"], tuple(_seat_cards(trick["cards"])), trick["winner"], trick["points"]
        )
        for trick in data["tricks"]
    ]
