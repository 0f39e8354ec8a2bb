"""The `normal` level reads the table as `hard` does, on a smaller budget (docs/computer-players.md,
"A stronger `normal`"): its cards searched from the first trick's third card, the robbing
dealer's keep played out, its bids counting defenders that read where the cards lie. What `easy`
and `hard` leave to `decide_normal`, and the benchmark's `baseline-normal`, stay as they were."""

from __future__ import annotations

import random

from bot.ai import decide
from bot.ai.decide import may_search
from bot.ai.draw_choices import choose_keep
from bot.ai.normal import (
    CALL_PLAYOUTS,
    ENDGAME_BUDGET,
    ENDGAME_CARDS,
    KEEP_PLAYOUTS,
    OPPOSED,
    SEARCH_BUDGET,
    SEARCH_CARDS,
)
from bot.ai.playouts import choose_call
from bot.ai.rob_playouts import choose_keep_by_playouts
from bot.ai.search import search_play
from bot.engine import (
    FULL_DECK,
    Action,
    Bid,
    BidDecision,
    Card,
    Game,
    HouseRules,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Play,
    PlayDecision,
    SeatView,
    Suit,
    parse_cards,
)
from tests.ai.positions import bid_position
from tests.ai.test_play_policy import _fourth_trick
from tests.ai.test_rob_playouts import rob_view

SEEDS = range(4)
ACE = parse_cards("AS")[0]


def second_trick_view() -> SeatView:
    """Deal 43 of scripts/bench_ai.py as four `normal` players played it, at the second trick.

    South (seat 1) made it at 6 in spades and took the first trick with the King; it leads the
    Queen, which West (seat 2) follows with the Left Pedro. North (seat 3), South's partner, holds
    the Ace of trumps: no card left out beats the Queen, so the trick is South's whatever North
    plays, and the Right Pedro is still out.
    """
    deck = list(FULL_DECK)
    random.Random(43).shuffle(deck)
    game = Game.from_deck(deck, 3, HouseRules(), 4, seed=43)
    calls: list[tuple[int, Action]] = [
        (0, Bid(5)),
        (1, Bid(6)),
        (2, Pass()),
        (3, Pass()),
        (1, NameTrump(Suit.SPADES)),
        (3, Keep(tuple(parse_cards("AS JS 8S 7S AD KH")))),
    ]
    cards = [(1, "KS"), (2, "9S"), (3, "JS"), (0, "6S"), (1, "QS"), (2, "5C")]
    for seat, action in calls + [(seat, Play(parse_cards(card)[0])) for seat, card in cards]:
        game.apply(seat, action)
    return game.view(3)


def test_keeps_the_ace_of_trumps_off_a_trick_its_partner_holds_for_certain() -> None:
    # The rules add the Ace to the partner's trick (its High point is safe either way); the
    # search keeps it back for the Pedro still out. Eighteen cards are left: before the last
    # tricks, where the fallback player and `baseline-normal` start searching.
    view = second_trick_view()
    assert isinstance(view.decision, PlayDecision)
    assert ENDGAME_CARDS < sum(view.hand_sizes) <= SEARCH_CARDS
    for seed in SEEDS:
        card = decide(view, "normal", random.Random(seed))
        assert card == search_play(
            view,
            view.decision,
            random.Random(seed),
            SEARCH_BUDGET,
            read_plays="every",
        )
        assert card != Play(ACE)
        assert decide(view, "baseline-normal", random.Random(seed)) == Play(ACE)
        assert decide(view, "easy", random.Random(seed)) == Play(ACE)


def test_takes_the_jack_home_once_the_reading_places_the_queen_of_trumps() -> None:
    # The fourth trick where `hard`'s reading of West's low trump lead puts the Queen of trumps
    # with East, over both of South's trumps: `normal` reads every play as `hard` does and
    # mostly wins the trick with the Jack now; reading only the first plays, or not at all,
    # it keeps the Six.
    view = _fourth_trick()
    assert isinstance(view.decision, PlayDecision)
    jack, six = Play(Card.parse("JS")), Play(Card.parse("6S"))
    chosen = [decide(view, "normal", random.Random(seed)) for seed in range(20)]
    assert sum(action == jack for action in chosen) > len(chosen) // 2
    for seed in SEEDS:
        first = search_play(
            view, view.decision, random.Random(seed), ENDGAME_BUDGET, read_plays="first"
        )
        assert first == six
        assert decide(view, "baseline-normal", random.Random(seed)) == six


def test_searches_its_cards_from_the_first_tricks_third_card() -> None:
    view = second_trick_view()
    assert may_search(view, "normal")
    assert may_search(view, "hard")
    assert not may_search(view, "baseline-normal")
    assert not may_search(view, "easy")


def test_bids_lower_counting_the_defence_that_reads_the_odds() -> None:
    # The first to speak: against the playouts' rule-based defenders this hand opens at 7;
    # against defenders that search worlds dealt by the learned odds it is worth a lower bid.
    view = bid_position("9C 8S AS 8D 8H KC KS 5C 3C", [])
    assert isinstance(view.decision, BidDecision)
    counted = choose_call(view, view.decision, random.Random(1), CALL_PLAYOUTS, opposed=OPPOSED)
    assert decide(view, "normal", random.Random(1)) == counted
    assert isinstance(counted, Bid) and counted.amount < 7
    assert decide(view, "baseline-normal", random.Random(1)) == Bid(7)


def test_plays_the_robbing_dealers_keep_out() -> None:
    view = rob_view()
    decision = view.decision
    assert isinstance(decision, KeepDecision) and view.trump is not None
    rule_keep = choose_keep(decision, view.trump)
    kept = [decide(view, "normal", random.Random(seed)) for seed in SEEDS]
    for seed, keep in zip(SEEDS, kept, strict=True):
        assert keep == choose_keep_by_playouts(view, decision, random.Random(seed), KEEP_PLAYOUTS)
        assert decide(view, "baseline-normal", random.Random(seed)) == rule_keep
        assert decide(view, "easy", random.Random(seed)) == rule_keep
    assert any(keep != rule_keep for keep in kept)
    assert may_search(view, "normal")
    assert not may_search(view, "baseline-normal")
