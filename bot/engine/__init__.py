"""The rules of Cinch as a pure library: no Discord, no I/O, deterministic from a seed or deck.

Everything else in the project asks this package what is legal and what happened.
"""

from bot.engine.actions import Action, Bid, Discard, Keep, NameTrump, Pass, Play
from bot.engine.cards import FULL_DECK, Card, Suit, deck_order, parse_cards
from bot.engine.decisions import (
    BidDecision,
    Decision,
    DiscardDecision,
    KeepDecision,
    PlayDecision,
    TrumpDecision,
)
from bot.engine.events import (
    AllPassed,
    BidMade,
    CardPlayed,
    Discarded,
    Drew,
    Event,
    GameWon,
    HandDealt,
    HandResult,
    HandScored,
    Passed,
    Robbed,
    TrickWon,
    TrumpNamed,
    event_to_dict,
    redeals_in_a_row,
)
from bot.engine.game import Game, deck_dealing
from bot.engine.handscore import capture_points, scoring_cards
from bot.engine.illegal_actions import IllegalAction, Reason
from bot.engine.random_player import random_action
from bot.engine.rules import (
    MAX_REDEALS_IN_A_ROW,
    RULE_CHOICES,
    AllPass,
    DealerRob,
    ExcessTrumps,
    FirstDealer,
    HighLow,
    HouseRules,
    LowGoesTo,
    Scoring,
    SetFormula,
    StockShortage,
)
from bot.engine.scoring import score_hand
from bot.engine.seating import SeatDraw, draw_for_seats
from bot.engine.tricks import legal_plays, trick_winner
from bot.engine.trumps import (
    PointCard,
    card_points,
    effective_suit,
    is_trump,
    left_pedro,
    trump_order,
)
from bot.engine.view import CompletedTrick, Phase, SeatView

__all__ = [
    "FULL_DECK",
    "MAX_REDEALS_IN_A_ROW",
    "RULE_CHOICES",
    "Action",
    "AllPass",
    "AllPassed",
    "Bid",
    "BidDecision",
    "BidMade",
    "Card",
    "CardPlayed",
    "CompletedTrick",
    "DealerRob",
    "Decision",
    "Discard",
    "DiscardDecision",
    "Discarded",
    "Drew",
    "Event",
    "ExcessTrumps",
    "FirstDealer",
    "Game",
    "GameWon",
    "HandDealt",
    "HandResult",
    "HandScored",
    "HighLow",
    "HouseRules",
    "IllegalAction",
    "Keep",
    "KeepDecision",
    "LowGoesTo",
    "NameTrump",
    "Pass",
    "Passed",
    "Phase",
    "Play",
    "PlayDecision",
    "PointCard",
    "Reason",
    "Robbed",
    "Scoring",
    "SeatDraw",
    "SeatView",
    "SetFormula",
    "StockShortage",
    "Suit",
    "TrickWon",
    "TrumpDecision",
    "TrumpNamed",
    "capture_points",
    "card_points",
    "deck_dealing",
    "deck_order",
    "draw_for_seats",
    "effective_suit",
    "event_to_dict",
    "is_trump",
    "left_pedro",
    "legal_plays",
    "parse_cards",
    "random_action",
    "redeals_in_a_row",
    "score_hand",
    "scoring_cards",
    "trick_winner",
    "trump_order",
]
