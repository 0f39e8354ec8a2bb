"""The search values cards in the worlds it is given: the benchmark's perfect-information
ceiling hands it the one true deal."""

from __future__ import annotations

import random

import pytest

from bot.ai import decide, hard
from bot.ai.decide import may_search
from bot.ai.knowledge import Knowledge
from bot.ai.search import search_play
from bot.engine import Card, Play, PlayDecision, SeatView, Suit, parse_cards
from tests.ai.play import first_hand_plays
from tests.ai.positions import play_position

# North led the King of trumps and East followed low; South holds the Right Pedro and the 9.
# Only West is still to play: the Pedro is safe on the King unless West holds the Ace.
VIEW = play_position(
    Suit.HEARTS,
    ["QS", "AH", "5H 9H", "8C 7C"],
    [(0, "KH"), (1, "3H")],
)


def _deal(*hands: str):
    def worlds_from(knowledge: Knowledge, _rng: random.Random) -> list[int]:
        return [knowledge.layout.mask(parse_cards(hand)) for hand in hands]

    return worlds_from


@pytest.mark.parametrize(
    ("deal", "best"),
    [
        (_deal("QS", "AH", "5H 9H", "8C 7C"), "5H"),  # the Ace already passed: drop the Pedro
        (_deal("QS", "8C", "5H 9H", "AH 7C"), "9H"),  # West holds the Ace: keep the Pedro
    ],
)
def test_plays_the_best_card_of_the_worlds_given(deal, best: str) -> None:
    assert VIEW.decision is not None
    action = search_play(
        VIEW, VIEW.decision, random.Random(1), 100_000, worlds_from=deal, max_worlds=1
    )
    assert action == Play(Card.parse(best))


@pytest.mark.parametrize(
    ("level", "nodes"), [("hard", hard.DEFAULT_BUDGET), ("baseline-hard", hard.BASELINE_BUDGET)]
)
def test_hard_searches_its_nodes_and_baseline_hard_the_nodes_hard_had(
    monkeypatch: pytest.MonkeyPatch, level: str, nodes: int
) -> None:
    """`baseline-hard` stays the `hard` the benchmark measures progress against: more nodes
    for `hard` leave it as it was."""
    budgets: list[int] = []

    def searched(
        view: SeatView, decision: PlayDecision, rng: object, budget: int, **_: object
    ) -> Play:
        budgets.append(budget)
        return Play(decision.cards[0])

    monkeypatch.setattr(hard, "search_play", searched)
    view = next(
        view
        for _, view in first_hand_plays(4, 1)
        if isinstance(view.decision, PlayDecision) and may_search(view, "hard")
    )
    decide(view, level, random.Random(1))
    assert budgets == [nodes]
