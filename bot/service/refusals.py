"""The table service's refusals, as catalogue messages the Discord layer shows to the player.

Every refusal is a :class:`bot.errors.UserFacingError`: the game and the table are untouched when
one is raised. The engine's :class:`IllegalAction` is translated here, with names and cards as
players read them ("It is Bob's turn", "You must play a trump: you hold 5♦").
"""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import Card, IllegalAction, Reason
from bot.engine.rules import MAX_BID
from bot.errors import UserFacingError
from bot.i18n import tn
from bot.presentation.texts import cards_text
from bot.store import TableRecord


class CountedError(UserFacingError):
    """A refusal whose message has plural forms (``errors.wrong_count``)."""

    def __init__(self, key: str, count: int, /, **params: object) -> None:
        super().__init__(key, **params)
        self.count = count

    def message(self, locale: str | None = None) -> str:
        return tn(self.key, self.count, locale, **self.params)


def message_link(table: TableRecord) -> str:
    """A link to the table's message (or its channel, before the message is posted)."""
    link = f"https://discord.com/channels/{table.guild_id}/{table.channel_id}"
    return link if table.message_id is None else f"{link}/{table.message_id}"


class TableAlreadyOpen(UserFacingError):
    """The channel has a table already: the message links to it."""

    def __init__(self, table: TableRecord) -> None:
        super().__init__("errors.table_exists", link=message_link(table))
        self.table = table


class OutOfDate(UserFacingError):
    """The table changed (``errors.table_changed``) or closed (``errors.table_closed``) in
    another process: this one has reloaded it from the store, or dropped it."""


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
