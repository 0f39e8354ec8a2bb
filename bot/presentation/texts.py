"""The short texts that go with the pictures, in one language, from the catalogue.

The table message's text repeats what the picture shows (dealer, bids, trump, whose turn, the
score) for notifications and screen readers. Like the picture, it is built from the public view
only; the private hand text is built from the player's own view and only goes to them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.engine import (
    Action,
    Bid,
    BidDecision,
    Card,
    Discard,
    DiscardDecision,
    HandResult,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayDecision,
    SeatView,
    Suit,
    TrumpDecision,
)
from bot.engine.seating import SeatDraw
from bot.i18n import suit_name, t, tn
from bot.presentation.names import side_members
from bot.presentation.user_text import in_message
from bot.render import display_order

SEPARATOR = " · "


@dataclass(frozen=True, slots=True)
class TextContext:
    """What texts need besides the view: names and the language.

    The names are given as players chose them and kept as the texts write them, escaped once
    here (``user_text.in_message``), so no name can put markdown or a mention in a message.
    """

    names: tuple[str, ...]
    locale: str | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(in_message(name) for name in self.names))

    def side(self, sides: Sequence[Sequence[int]], index: int) -> str:
        return side_members(sides[index], self.names, self.locale)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards as players write them, e.g. ``10♥ 5♦``."""
    return " ".join(card.display for card in cards)


def trump_text(suit: Suit, locale: str | None) -> str:
    """ "♥ Hearts"."""
    return f"{suit.symbol} {suit_name(suit, locale)}"


def score_line(view: SeatView, context: TextContext) -> str:
    """ "Score: North–South 12 · East–West 20 (to 51)"."""
    scores = SEPARATOR.join(
        t("text.side_score", context.locale, side=context.side(view.sides, index), score=score)
        for index, score in enumerate(view.scores)
    )
    return t("text.score", context.locale, scores=scores, target=view.rules.target_score)


def _bids_text(view: SeatView, context: TextContext) -> str:
    parts = [
        t("text.bid_pass", context.locale, player=context.names[seat])
        if amount is None
        else t("text.bid_amount", context.locale, player=context.names[seat], amount=amount)
        for seat, amount in view.bids
    ]
    return t("text.bids", context.locale, bids=", ".join(parts))


def _contract_text(view: SeatView, context: TextContext) -> str | None:
    """Who bid what and the trump, or who names trumps without a bid (contract 0)."""
    if view.maker is None or view.contract is None:
        return None
    player = context.names[view.maker]
    if view.trump is None:
        if view.contract == 0:
            return t("text.naming_free", context.locale, player=player)
        return t("text.contract", context.locale, player=player, amount=view.contract)
    trump = trump_text(view.trump, context.locale)
    if view.contract == 0:
        return t("text.contract_free", context.locale, player=player, trump=trump)
    return t(
        "text.contract_trump", context.locale, player=player, amount=view.contract, trump=trump
    )


def _trick_text(view: SeatView, context: TextContext) -> list[str]:
    lines = []
    last = view.previous_trick
    if last is not None:
        lines.append(
            t(
                "text.last_trick",
                context.locale,
                cards=_plays(last.cards, context),
                player=context.names[last.winner],
                points=last.points,
            )
        )
    if view.trick:
        lines.append(t("text.trick", context.locale, cards=_plays(view.trick, context)))
    return lines


def _plays(plays: Sequence[tuple[int, Card]], context: TextContext) -> str:
    return ", ".join(f"{context.names[seat]} {card.display}" for seat, card in plays)


def _thrown_face_up(view: SeatView, context: TextContext, *, listed: bool) -> str | None:
    """What each player threw away face up in the draw, while the hand is played (with the
    house rule that shows discards; otherwise the view holds none but one's own).

    The table message, edited at every card, only counts each player's pile (the cards would
    be some twenty at every edit); a player's own hand message, where they choose their card,
    lists the cards (``listed``)."""
    if view.phase is not Phase.PLAY or not view.rules.discards_visible:
        return None
    names, locale = context.names, context.locale
    piles = [
        f"{names[seat]} {cards_text(pile) if listed else tn('count.cards', len(pile), locale)}"
        for seat, pile in enumerate(view.discards)
        if pile
    ]
    if not piles:
        return None
    return t("text.thrown", locale, discards=SEPARATOR.join(piles))


def _out_of_play(view: SeatView, context: TextContext) -> str | None:
    exposed = [card for pile in view.dead for card in pile] + [card for _, card in view.thrown]
    if not exposed:
        return None
    return t("text.exposed", context.locale, cards=cards_text(exposed))


def turn_text(view: SeatView, who: str, locale: str | None) -> str | None:
    """ "▶ Bob to bid", or None when nobody is to act."""
    if view.to_act is None or view.phase is Phase.GAME_OVER:
        return None
    return t(f"turn.{view.phase.value}", locale, player=who)


def table_text(view: SeatView, context: TextContext, who_acts: str | None = None) -> str:
    """The table message's text. ``who_acts`` replaces the name of the seat to act (a mention)."""
    locale = context.locale
    if view.seat is not None:
        raise ValueError("the table text is written from the public view only")
    head = [
        t("text.hand", locale, number=view.hand_number),
        t("text.dealer", locale, player=context.names[view.dealer]),
    ]
    contract = _contract_text(view, context)
    if contract is not None:
        head.append(contract)
    lines = [SEPARATOR.join(head)]
    if view.phase is Phase.BIDDING and view.bids:
        lines.append(_bids_text(view, context))
    if view.phase is Phase.PLAY:
        lines.extend(_trick_text(view, context))
    thrown = _thrown_face_up(view, context, listed=False)
    if thrown is not None:
        lines.append(thrown)
    exposed = _out_of_play(view, context)
    if exposed is not None:
        lines.append(exposed)
    lines.append(score_line(view, context))
    if view.to_act is not None:
        turn = turn_text(view, who_acts or context.names[view.to_act], locale)
        if turn is not None:
            lines.append(turn)
    return "\n".join(lines)


def hand_text(view: SeatView, context: TextContext) -> str:
    """A player's private text: their cards, the contract, and what they may do now."""
    locale = context.locale
    if view.seat is None:
        raise ValueError("a hand text needs a seat's own view")
    cards = cards_text(display_order(view.hand, view.trump)) or t("text.no_cards", locale)
    lines = [t("text.your_hand", locale, hand=view.hand_number, cards=cards)]
    contract = _contract_text(view, context)
    if contract is not None:
        lines.append(contract)
    draw = _own_draw_text(view, locale)
    if draw is not None:
        lines.append(draw)
    thrown = _thrown_face_up(view, context, listed=True)
    if thrown is not None:
        lines.append(thrown)
    if view.phase is Phase.PLAY and view.trick:
        lines.append(t("text.trick", locale, cards=_plays(view.trick, context)))
    decision = view.decision
    if decision is not None:
        lines.append(_decision_text(decision, locale))
    elif view.to_act is not None and view.phase is not Phase.GAME_OVER:
        lines.append(t("text.waiting", locale, player=context.names[view.to_act]))
    return "\n".join(lines)


def _own_draw_text(view: SeatView, locale: str | None) -> str | None:
    """What this player threw away and drew, told privately after the draw until they play."""
    seat = view.seat
    if seat is None or view.drawn_cards is None:
        return None
    thrown = cards_text((*view.discards[seat], *view.dead[seat])) or "—"
    drawn = cards_text(view.drawn_cards) or "—"
    return t("text.your_draw", locale, thrown=thrown, drawn=drawn)


def _decision_text(decision: object, locale: str | None) -> str:
    match decision:
        case BidDecision():
            if decision.lowest > decision.highest:
                return t("text.must_pass", locale)
            return t("text.choose_bid", locale, lowest=decision.lowest, highest=decision.highest)
        case TrumpDecision():
            if decision.contract == 0:
                return t("text.choose_trump_free", locale)
            return t("text.choose_trump", locale, amount=decision.contract)
        case DiscardDecision():
            return tn("text.choose_discard", decision.count, locale)
        case KeepDecision():
            if decision.required:
                return tn(
                    "text.choose_keep_more",
                    decision.free_choices,
                    locale,
                    cards=cards_text(decision.required),
                )
            return tn("text.choose_keep", decision.count, locale)
        case PlayDecision():
            return t("text.choose_card", locale)
    raise TypeError(f"not a decision: {decision!r}")


def hand_result_text(
    result: HandResult, sides: Sequence[Sequence[int]], context: TextContext
) -> str:
    """What a finished hand came to, for the message posted with its picture."""
    locale = context.locale
    maker = context.names[result.maker]
    trump = trump_text(result.trump, locale)
    if result.contract == 0:
        opening = t(
            "text.result_no_bid", locale, hand=result.hand_number, player=maker, trump=trump
        )
    else:
        key = "text.result_made" if result.made else "text.result_set"
        opening = t(
            key, locale, hand=result.hand_number, player=maker, amount=result.contract, trump=trump
        )
    taken = SEPARATOR.join(
        t("text.side_points", locale, side=context.side(sides, index), points=points)
        for index, points in enumerate(result.points)
    )
    lines = [opening, taken]
    if nobody_scored_on_equal_points(result):
        lines.append(t("text.equal_points", locale))
    lines.append(_changes_text(result, sides, context))
    return "\n".join(lines)


def nobody_scored_on_equal_points(result: HandResult) -> bool:
    """A hand made with the same points on every side, so nobody scored: "+0" alone would
    not say why (under the default rule the side with more points scores the difference)."""
    return result.made and len(set(result.points)) == 1 and not any(result.changes)


def _changes_text(result: HandResult, sides: Sequence[Sequence[int]], context: TextContext) -> str:
    """Every side's score change and new total ("alice & carol +4 → 16 · bob & dave +0 → 9")."""
    return SEPARATOR.join(
        t(
            "text.side_change",
            context.locale,
            side=context.side(sides, index),
            change=f"{change:+d}",
            total=result.totals[index],
        )
        for index, change in enumerate(result.changes)
    )


def game_result_text(
    winner: int,
    totals: Sequence[int],
    hands: int,
    sides: Sequence[Sequence[int]],
    context: TextContext,
) -> str:
    """The winners and the final score."""
    scores = SEPARATOR.join(
        t("text.side_score", context.locale, side=context.side(sides, index), score=score)
        for index, score in enumerate(totals)
    )
    return tn(
        "text.game_won", hands, context.locale, side=context.side(sides, winner), scores=scores
    )


def seat_draw_text(
    draw: SeatDraw,
    players: Sequence[str],
    dealer: str,
    sides: Sequence[Sequence[int]],
    context: TextContext,
) -> str:
    """The cards drawn for seats, who partners whom, and who deals first, posted when a game
    starts ("alice & Computer 4 against bob & Computer 1")."""
    drawn = ", ".join(
        f"{name} {card.display}" for name, card in zip(players, draw.first_cards, strict=True)
    )
    text = t("text.seat_draw", context.locale, cards=drawn, player=dealer)
    if all(len(side) < 2 for side in sides):
        return text
    against = t("text.against", context.locale)
    partners = f" {against} ".join(context.side(sides, index) for index in range(len(sides)))
    return f"{text}\n{partners}"


def history_text(
    history: Sequence[HandResult], sides: Sequence[Sequence[int]], context: TextContext
) -> list[str]:
    """One line per finished hand, for ``/cinch score``."""
    return [
        t(
            "text.history_equal" if nobody_scored_on_equal_points(result) else "text.history_line",
            context.locale,
            hand=result.hand_number,
            changes=_changes_text(result, sides, context),
        )
        for result in history
    ]


def action_text(action: Action, locale: str | None) -> str:
    """An action as a player would say it ("Bid 7", "♥ Hearts", "10♥")."""
    match action:
        case Bid(amount):
            return t("action.bid", locale, amount=amount)
        case Pass():
            return t("action.pass", locale)
        case NameTrump(suit):
            return trump_text(suit, locale)
        case Play(card):
            return t("action.play_card", locale, card=card.display)
        case Discard(cards) | Keep(cards):
            return cards_text(cards)
    raise TypeError(f"not an action: {action!r}")
