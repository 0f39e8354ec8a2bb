"""The robbing dealer's keep chosen by playing sampled deals of the rest of the hand out.

When the dealer robs the pack (four players), what it keeps is a real choice only among the
cards the rules leave free: with the default rob, the plain cards beside every trump. `hard`
plays each candidate keep out (see "The robbing dealer's keep" in docs/computer-players.md):
the cards the dealer cannot see are dealt into the other hands as everything public allows (each
player's face-up discards, the trumps it kept, how many it drew), the hand so far is replayed by
the engine under the table's rules up to the rob, and the rule-based players play the rest; the
keep with the best mean score for the dealer's side is kept. Every keep meets the same deals.

A deal the replay does not bring back to the very choice the dealer faces (a house rule this
sampling does not model, such as a draw that ran out of stock) is dropped; with none left the
rule-based keep stands. The work is a count of deals, never a time.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import replace

from bot.ai.bits import LAYOUTS
from bot.ai.draw_choices import keep_rank
from bot.ai.inference import Odds, place_odds, share
from bot.ai.knowledge import read_knowledge
from bot.ai.playouts import finish_by_rules
from bot.ai.sampler import weighed
from bot.ai.utility import result_net
from bot.engine import (
    FULL_DECK,
    Bid,
    Card,
    Discard,
    DiscardDecision,
    Game,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Phase,
    SeatView,
    Suit,
    deck_dealing,
)
from bot.engine.trumps import TRUMP_TABLES

#: Candidate keeps played out at most: the rule-based keep and its nearest alternatives.
MAX_KEEPS = 6
#: Beyond the cards the rules keep, this many more of the best options are considered.
SPARE_OPTIONS = 2
#: Deals drawn at most per deal wanted, for those the replay cannot use.
DRAW_FACTOR = 2
#: The place of a card left in the stock after the others' draws, in the odds (out of play).
_LEFT = -1


def keep_candidates(decision: KeepDecision, view: SeatView) -> list[tuple[Card, ...]]:
    """The keeps worth playing out, the rule-based one first: every choice of the free cards
    among the best-ranked options and `SPARE_OPTIONS` more, at most `MAX_KEEPS`."""
    assert view.trump is not None
    trump = view.trump
    ranked = sorted(decision.options, key=lambda card: keep_rank(card, trump), reverse=True)
    pool = ranked[: decision.free_choices + SPARE_OPTIONS]
    choices = itertools.combinations(pool, decision.free_choices)
    return [decision.required + choice for choice in itertools.islice(choices, MAX_KEEPS)]


def choose_keep_by_playouts(
    view: SeatView,
    decision: KeepDecision,
    rng: random.Random,
    deals: int,
    *,
    inference: bool = True,
) -> Keep:
    """The candidate keep with the best mean score for the dealer's side over `deals` deals,
    dealt by the learned odds of where the cards lie (`rob_odds`) unless `inference` is off."""
    assert view.seat is not None
    candidates = keep_candidates(decision, view)
    if len(candidates) == 1:
        return Keep(candidates[0])
    my_side = view.side_of(view.seat)
    totals = [0.0] * len(candidates)
    played = 0
    odds = rob_odds(view, decision) if inference else None
    for _ in range(deals * DRAW_FACTOR):
        deck = sampled_rob_deck(view, decision, rng, odds)
        seed = rng.getrandbits(32)
        if deck is None:
            continue
        first = replayed_to_rob(view, decision, deck, seed)
        if first is None:
            continue
        for index, keep in enumerate(candidates):
            game = first if index == 0 else replayed_to_rob(view, decision, deck, seed)
            assert game is not None
            game.apply(view.seat, Keep(keep))
            result = finish_by_rules(game)
            totals[index] += result_net(result, my_side, view.rules)
        played += 1
        if played == deals:
            break
    best = max(range(len(candidates)), key=lambda index: (round(totals[index], 6), -index))
    return Keep(candidates[best])


def rob_odds(view: SeatView, decision: KeepDecision) -> Odds | None:
    """The learned odds (`inference.place_odds`) of each card the dealer cannot see being in
    each other hand after the draw: the cards of the rob are seen, the rest read as at the
    first trick (what each said in the auction, kept and drew). None where the model does not
    apply."""
    k = read_knowledge(view)
    pool = k.layout.mask(decision.required + decision.options)
    return place_odds(view, replace(k, unseen=k.unseen & ~pool, hand=k.hand | pool))


def sampled_rob_deck(
    view: SeatView, decision: KeepDecision, rng: random.Random, odds: Odds | None = None
) -> list[Card] | None:
    """A deck that deals the dealer its own cards and its share of the stock, and the others
    hands agreeing with all that is public: each one's discards (drawn at random among the
    plain cards when face down), the trumps it set aside, as many other trumps as it kept, and
    as many cards as it drew, taken from the top of the stock in turn. With `odds` (`rob_odds`)
    the trumps each kept and the cards each drew are chosen by them, else at random. None when
    the unseen cards cannot make such hands (a house rule this sampling does not model)."""
    assert view.seat is not None and view.trump is not None
    strength = TRUMP_TABLES[view.trump].strength
    dealer = view.seat
    pool = set(decision.required) | set(decision.options)
    stock_seen = [card for card in decision.required + decision.options if card not in view.hand]
    set_aside = [list(view.dead[seat]) for seat in range(view.players)]
    for seat, card in view.thrown:
        set_aside[seat].append(card)
    seen = set(view.hand) | pool | set(view.known_out)
    for seat in range(view.players):
        seen.update(view.discards[seat], set_aside[seat])
    unseen = [card for card in FULL_DECK if card not in seen]
    rng.shuffle(unseen)
    trumps = [card for card in unseen if strength[card]]
    plain = [card for card in unseen if not strength[card]]
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[dealer] = list(view.hand)
    draws: dict[int, int] = {}
    for seat in _draw_order(view):
        shown = list(view.discards[seat])
        hidden = view.discard_counts[seat] - len(shown)
        kept = view.kept_trumps[seat] or 0
        own_trumps = _chosen(trumps, kept, seat, rng, odds, view.trump)
        hands[seat] = shown + _take(plain, hidden) + set_aside[seat] + own_trumps
        draws[seat] = view.drawn[seat] or 0
    stock_plain = _take(plain, view.stock_size - len(stock_seen))
    rest = trumps + plain
    rng.shuffle(rest)
    if odds is None:
        drawn = [card for count in draws.values() for card in _take(rest, count)]
    else:
        by_seat = _drawn_by_odds(rest, draws, rng, odds, view.trump)
        if by_seat is None:
            return None
        drawn = [card for seat in draws for card in by_seat[seat]]
    if any(len(hand) != len(view.hand) for hand in hands):
        return None
    return deck_dealing(hands, drawn + stock_seen + stock_plain + rest, view.dealer)


def _chosen(
    cards: list[Card], count: int, seat: int, rng: random.Random, odds: Odds | None, trump: Suit
) -> list[Card]:
    """`count` of `cards` (the last ones without `odds`, else one by one by their odds of
    being in `seat`'s hand), removed from it."""
    if odds is None:
        return _take(cards, count)
    bit = LAYOUTS[trump].bit
    taken = []
    for _ in range(min(count, len(cards))):
        card = weighed(rng, cards, [share(odds[bit[card]], seat) for card in cards])
        cards.remove(card)
        taken.append(card)
    return taken


def _drawn_by_odds(
    rest: list[Card], draws: dict[int, int], rng: random.Random, odds: Odds, trump: Suit
) -> dict[int, list[Card]] | None:
    """The cards each seat drew (`draws`: how many), placed one by one among the seats still
    drawing, or left in the stock, by the room left there times their odds (as `sampler`
    deals); removed from `rest`. None if `rest` is too short."""
    bit = LAYOUTS[trump].bit
    need = dict(draws)
    spare = len(rest) - sum(need.values())
    if spare < 0:
        return None
    by_seat: dict[int, list[Card]] = {seat: [] for seat in draws}
    for card in list(rest):
        places = [seat for seat in need if need[seat]]
        weights = [need[seat] * odds[bit[card]][seat] for seat in places]
        if spare:
            places.append(_LEFT)
            weights.append(spare * odds[bit[card]][_LEFT])
        place = weighed(rng, places, weights)
        if place == _LEFT:
            spare -= 1
            continue
        rest.remove(card)
        by_seat[place].append(card)
        need[place] -= 1
    return by_seat


def _draw_order(view: SeatView) -> list[int]:
    """The non-dealers in the order they draw: from the dealer's left."""
    return [(view.dealer + step) % view.players for step in range(1, view.players)]


def _take(cards: list[Card], count: int) -> list[Card]:
    """The last `count` cards of `cards`, removed from it (all of them if fewer)."""
    taken = cards[len(cards) - count :] if count > 0 else []
    del cards[len(cards) - len(taken) :]
    return taken


def replayed_to_rob(
    view: SeatView, decision: KeepDecision, deck: Sequence[Card], seed: int
) -> Game | None:
    """The hand dealt from `deck` with the auction, the trumps and the surplus trumps set aside
    as the view shows them, or None unless that brings the dealer to the same choice."""
    assert view.maker is not None and view.trump is not None
    game = Game.from_deck(
        deck, view.dealer, view.rules, view.players, seed=seed, sides=view.sides, scores=view.scores
    )
    for seat, amount in view.bids:
        if game.to_act != seat or game.phase is not Phase.BIDDING:
            return None
        game.apply(seat, Pass() if amount is None else Bid(amount))
    if game.phase is not Phase.TRUMP or game.to_act != view.maker:
        return None
    game.apply(view.maker, NameTrump(view.trump))
    while game.phase is Phase.DISCARD:
        seat = game.to_act
        choice = game.decision()
        if seat is None or not isinstance(choice, DiscardDecision):
            return None
        shown = set(view.dead[seat]) | {card for owner, card in view.thrown if owner == seat}
        game.apply(seat, Discard(tuple(card for card in choice.options if card in shown)))
    offered = game.decision()
    if game.phase is not Phase.ROB or not isinstance(offered, KeepDecision):
        return None
    if _choice_key(offered) != _choice_key(decision):
        return None
    return game


def _choice_key(decision: KeepDecision) -> tuple[frozenset[Card], frozenset[Card], int]:
    return frozenset(decision.required), frozenset(decision.options), decision.count
