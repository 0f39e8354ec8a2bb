"""The engine's refusals as catalogue messages a player reads ("It is Bob's turn", "You must
play a trump: you hold 5♦"): every :class:`IllegalAction` becomes a
:class:`bot.errors.UserFacingError`, shown in the reader's language by the Discord layer.

Shared by the table service and the daily deal, whose players act through the same engine.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Card, IllegalAction, Reason
from bot.engine.rules import MAX_BID
from bot.errors import UserFacingError
from bot.i18n import tn
from bot.presentation.texts import cards_text


class CountedError(UserFacingError):
    """A refusal whose message has plural forms (``errors.wrong_count``)."""

    def __init__(self, key: str, count: int, /, **params: object) -> None:
        super().__init__(key, **params)
        self.count = count

    def message(self, locale: str | None = None) -> str:
        return tn(self.key, self.count, locale, **self.params)


def refusal(error: IllegalAction, name_of: Callable[[int], str]) -> UserFacingError:
    """The player-facing message for an engine refusal; ``name_of(seat)`` names a seat."""
    details = error.details
    match error.reason:
        case Reason.NOT_YOUR_TURN:
            return UserFacingError("errors.not_your_turn", player=name_of(details["to_act"]))
        case Reason.BID_TOO_LOW:
            return UserFacingError("errors.bid_too_low", amount=details["high_bid"])
        case Reason.BID_OUT_OF_RANGE:
            return UserFacingError(
                "errors.bid_out_of_range",
                min_bid=details.get("lowest", 1),
                max_bid=details.get("highest", MAX_BID),
            )
        case Reason.NOT_IN_HAND:
            card = details.get("card")
            shown = card.display if isinstance(card, Card) else str(card)
            return UserFacingError("errors.not_in_hand", card=shown)
        case Reason.MUST_FOLLOW_SUIT | Reason.MUST_PLAY_TRUMP:
            return UserFacingError(
                f"errors.{error.reason.value}", cards=cards_text(details["must_play"])
            )
        case Reason.WRONG_COUNT:
            return CountedError("errors.wrong_count", details["count"])
        case Reason.NOT_ALLOWED_CARD:
            return UserFacingError("errors.not_allowed_card", card=cards_text(details["cards"]))
        case Reason.MUST_KEEP:
            return UserFacingError("errors.must_keep", cards=cards_text(details["cards"]))
    return UserFacingError(f"errors.{error.reason.value}")
