"""Picture scenes built from the engine's views, in the reader's language.

The public table scene is built from ``game.public_view()`` only, which holds nobody's hand, so a
hidden card cannot reach a picture posted to the channel. A hand scene is built from
``game.view(seat)`` and only ever goes to that seat's player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from bot.engine import (
    Card,
    CompletedTrick,
    HandResult,
    KeepDecision,
    Phase,
    PlayDecision,
    SeatView,
    scoring_cards,
)
from bot.engine.rules import HighLow
from bot.i18n import normalise_locale, picture_words, t
from bot.presentation.names import side_members
from bot.presentation.texts import nobody_scored_on_equal_points
from bot.render import (
    GameSummaryScene,
    HandScene,
    HandSummaryScene,
    NamedPlay,
    PlayedCard,
    PointAward,
    PointFate,
    SeatScene,
    SideResult,
    SideScene,
    TableScene,
    Words,
)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where, as the pictures name them, in one language."""

    names: tuple[str, ...]
    computers: tuple[bool, ...]
    locale: str | None

    def side_names(self, sides: Sequence[Sequence[int]]) -> tuple[str, ...]:
        return tuple(side_members(side, self.names, self.locale) for side in sides)


def words(locale: str | None) -> Words:
    """Every word the pictures draw, in ``locale``'s language: looked up once a language (a
    busy table's pictures ask for all thirty of them at every move; the catalogues do not
    change while the bot runs)."""
    return _words_in(normalise_locale(locale))


@cache
def _words_in(language: str) -> Words:
    return Words(**picture_words(language))


def phase_text(view: SeatView, locale: str | None) -> str:
    """What is happening now, e.g. "Bidding" or "Trick 3"."""
    if view.phase is Phase.PLAY:
        return t("phase.trick", locale, number=len(view.tricks) + 1)
    return t(f"phase.{view.phase.value}", locale)


def _plays(cards: Iterable[tuple[int, Card]]) -> tuple[PlayedCard, ...]:
    return tuple(PlayedCard(seat, card) for seat, card in cards)


def table_scene(view: SeatView, seating: Seating, four_colour: bool = False) -> TableScene:
    """The public table. ``view`` must be the public view: it is posted to the channel."""
    if view.seat is not None:
        raise ValueError("the table picture is drawn from the public view only")
    bids = dict(view.bids)
    seats = tuple(
        SeatScene(
            name=seating.names[seat],
            side=view.side_of(seat),
            card_count=view.hand_sizes[seat],
            is_computer=seating.computers[seat],
            bid=bids.get(seat),
            passed=seat in bids and bids[seat] is None,
        )
        for seat in range(view.players)
    )
    playing = view.phase is Phase.PLAY
    sides = tuple(
        SideScene(name, view.scores[index], view.points_taken[index] if playing else None)
        for index, name in enumerate(seating.side_names(view.sides))
    )
    last = view.previous_trick
    return TableScene(
        seats=seats,
        sides=sides,
        target=view.rules.target_score,
        dealer=view.dealer,
        hand_number=view.hand_number,
        phase=phase_text(view, seating.locale),
        to_act=view.to_act,
        trick=_plays(view.trick),
        last_trick=_plays(last.cards) if last else (),
        last_trick_winner=last.winner if last else None,
        trump=view.trump,
        contract=view.contract,
        maker=view.maker,
        four_colour=four_colour,
        words=words(seating.locale),
    )


def rob_pack(view: SeatView) -> tuple[Card, ...]:
    """The cards of the pack a robbing dealer chooses from, beside their own (none otherwise)."""
    decision = view.decision
    if not isinstance(decision, KeepDecision):
        return ()
    return tuple(card for card in decision.required + decision.options if card not in view.hand)


def hand_scene(view: SeatView, locale: str | None, four_colour: bool = False) -> HandScene:
    """One player's cards, the playable ones raised when they are choosing a card, and the pack
    beside them while they rob it."""
    decision = view.decision
    playable = frozenset(decision.cards) if isinstance(decision, PlayDecision) else None
    return HandScene(
        view.hand, view.trump, playable, four_colour, words(locale), pack=rob_pack(view)
    )


@dataclass(frozen=True, slots=True)
class HandCards:
    """Where the cards of a finished hand went: what it takes to draw the point cards."""

    played: frozenset[Card]
    dead: frozenset[Card]


def point_awards(result: HandResult, cards: HandCards, high_low: HighLow) -> tuple[PointAward, ...]:
    """What happened to each scoring card of the hand."""
    card_of = scoring_cards(result.trump, cards.played, high_low)
    awards = []
    for kind, side in result.captured:
        card = card_of.get(kind)
        if card is None:
            continue
        if side is not None:
            fate = PointFate.CAPTURED
        elif card in cards.dead:
            fate = PointFate.DEAD
        else:
            fate = PointFate.NOT_IN_PLAY
        awards.append(PointAward(kind, card, kind.points, fate, side))
    return tuple(awards)


def hand_summary_scene(
    result: HandResult,
    cards: HandCards,
    seating: Seating,
    sides: Sequence[Sequence[int]],
    high_low: HighLow,
    target: int,
    last_trick: CompletedTrick | None,
) -> HandSummaryScene:
    """The end-of-hand picture: the last trick, who took each point, the contract and the new
    scores."""
    side_results = tuple(
        SideResult(
            tuple(seating.names[seat] for seat in side),
            result.points[index],
            result.changes[index],
            result.totals[index],
        )
        for index, side in enumerate(sides)
    )
    return HandSummaryScene(
        hand_number=result.hand_number,
        trump=result.trump,
        awards=point_awards(result, cards, high_low),
        sides=side_results,
        maker_name=seating.names[result.maker],
        contract=result.contract,
        made=result.made,
        target=target,
        words=words(seating.locale),
        last_trick=_named_plays(last_trick, seating, sides),
        equal_points=nobody_scored_on_equal_points(result),
    )


def _named_plays(
    trick: CompletedTrick | None, seating: Seating, sides: Sequence[Sequence[int]]
) -> tuple[NamedPlay, ...]:
    if trick is None:
        return ()
    side_of = {seat: index for index, side in enumerate(sides) for seat in side}
    return tuple(
        NamedPlay(seating.names[seat], side_of[seat], card, seat == trick.winner)
        for seat, card in trick.cards
    )


def game_summary_scene(
    history: Sequence[HandResult],
    winner: int,
    seating: Seating,
    sides: Sequence[Sequence[int]],
    target: int,
) -> GameSummaryScene:
    """The end-of-game picture: the winners and how the scores grew hand by hand."""
    totals = history[-1].totals
    return GameSummaryScene(
        sides=tuple(
            SideScene(name, totals[index]) for index, name in enumerate(seating.side_names(sides))
        ),
        winners=(winner,),
        progression=tuple(result.totals for result in history),
        target=target,
        words=words(seating.locale),
    )
