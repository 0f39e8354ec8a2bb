"""The seeded shuffles never change: a stored game replays from its seed, so the same seed and
label must give the same cards in every version of the bot."""

from __future__ import annotations

from bot.engine import FULL_DECK, parse_cards
from bot.engine.randomness import SeededStream, shuffled

DECK_12345 = parse_cards(
    "8C 2H AS AC 7C QC 8H AH 9C 6S JS 2C 6C 2D QS KH 7D QH 8D 9S 3D QD 8S JC 7H KD "
    "JD 10H 6H 4C 10D 4S 3S 5S 5D 3H 6D AD 5C 5H 10C 4H 9H 9D 7S 2S 10S 4D KC KS 3C JH"
)


def test_a_deck_shuffles_as_it_always_has() -> None:
    assert shuffled(FULL_DECK, 12345, "deck-1") == DECK_12345


def test_a_long_list_draws_past_the_first_block_as_it_always_has() -> None:
    mixed = shuffled(list(range(100)), 99, "refill-1-2")
    assert mixed[:12] == [12, 88, 50, 56, 52, 49, 22, 93, 17, 34, 26, 91]
    assert sorted(mixed) == list(range(100))


def test_short_lists_and_labels() -> None:
    assert shuffled([], 1, "a") == [] and shuffled(["only"], 1, "a") == ["only"]
    assert shuffled(FULL_DECK, 12345, "deck-2") != DECK_12345
    assert shuffled(FULL_DECK, 12346, "deck-1") != DECK_12345


def test_the_stream_runs_on_into_its_second_block_as_it_always_has() -> None:
    stream = SeededStream(99, "refill-1-2")
    values = [stream.below(1000) for _ in range(70)]
    assert values[:3] == [968, 15, 417] and values[63:67] == [987, 484, 791, 477]
