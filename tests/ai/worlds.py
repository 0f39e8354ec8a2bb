"""What every world a computer player deals must respect: the seat's own hand, each other
seat's hand size, the cards seen, the voids shown and the trumps a seat is known to hold."""

from __future__ import annotations

from bot.ai.knowledge import Knowledge


def check_world(k: Knowledge, hands: list[int]) -> int:
    """Assert that the dealt `hands` (card masks by seat) respect `k`; the cards dealt."""
    assert hands[k.me] == k.hand
    union = 0
    for seat, hand in enumerate(hands):
        assert hand & union == 0
        union |= hand
        assert hand.bit_count() == k.hand_sizes[seat]
        if seat != k.me:
            assert hand & ~k.unseen == 0
            assert hand & k.excluded[seat] == 0, "a card dealt into a void"
            assert (hand & k.trump_mask).bit_count() >= k.min_trumps[seat]
    return union
