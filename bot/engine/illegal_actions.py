"""The single exception raised for any illegal or out-of-turn action."""

from __future__ import annotations

from enum import StrEnum
from typing import Any


class Reason(StrEnum):
    """Machine-readable reasons, so the bot can explain each refusal in the player's language."""

    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    WRONG_ACTION = "wrong_action"
    BID_TOO_LOW = "bid_too_low"
    BID_OUT_OF_RANGE = "bid_out_of_range"
    NOT_IN_HAND = "not_in_hand"
    MUST_FOLLOW_SUIT = "must_follow_suit"
    MUST_PLAY_TRUMP = "must_play_trump"
    WRONG_COUNT = "wrong_count"
    NOT_ALLOWED_CARD = "not_allowed_card"
    MUST_KEEP = "must_keep"
    DUPLICATE_CARDS = "duplicate_cards"
    CANNOT_PASS = "cannot_pass"
    BAD_ACTION = "bad_action"


class IllegalAction(Exception):
    """An action that the rules do not allow now. The game state is left unchanged."""

    def __init__(self, reason: Reason, message: str, **details: Any) -> None:
        super().__init__(message)
        self.reason = reason
        self.details = details
