"""The robbing dealer's list of cards says which come from the pack."""

from __future__ import annotations

import discord

from bot.engine import KeepDecision, Suit, parse_cards
from bot.service import PrivateHand
from cogs.tables.hand_message import decision_items


def test_cards_of_the_pack_are_marked_in_the_dealers_list() -> None:
    own = tuple(parse_cards("AH 5D 10H 2H KS 9C QD 7S JC"))
    pack = tuple(parse_cards("3H 4S 6D"))
    decision = KeepDecision(0, tuple(parse_cards("AH 10H 2H")), own[1:2] + own[4:] + pack, 6, False)
    private = PrivateHand(1, 2, 3, 0, "", b"", own, Suit.HEARTS, decision)

    items = decision_items(private, "en")
    select = next(item for item in items if isinstance(item.item, discord.ui.Select))

    descriptions = {option.value: option.description for option in select.item.options}
    assert descriptions["3H"] == "3 of Hearts · from the pack"
    assert descriptions["6D"] == "6 of Diamonds · from the pack"
    assert descriptions["KS"] == "King of Spades"
