"""The picture of each replay step, built from the replayed hand, in the reader's language.

Only finished hands get this far (`bot.replays.stored` refuses the others), so every seat's
cards are shown.
"""

from __future__ import annotations

from collections.abc import Iterable

from bot.ai.review import Verdict, points_lost
from bot.engine import Card
from bot.i18n import t, tn
from bot.presentation.names import side_members
from bot.presentation.scenes import Seating, words
from bot.presentation.texts import cards_text
from bot.render import PlayedCard, SeatScene, SideScene, TableScene
from bot.render.replay_picture import ReplayRow, ReplayScene
from bot.replays.library import Replay
from bot.replays.steps import HandReplay, ReplayStep, StepKind
from bot.replays.stored import StoredReplay


def _cards(cards: Iterable[Card]) -> str:
    """Cards as players read them ("10♥ 5♦"), or a dash for none."""
    return cards_text(cards) or "—"


def step_title(step: ReplayStep, names: tuple[str, ...], locale: str | None) -> str:
    """What the step shows, e.g. "Trick 3: Bob takes 4"."""
    if step.kind is StepKind.TRICK:
        assert step.winner is not None
        return t(
            "replay.step.trick",
            locale,
            number=step.trick_number,
            name=names[step.winner],
            points=step.trick_points,
        )
    return t(f"replay.step.{step.kind.value}", locale)


def _scores_before(replay: HandReplay) -> tuple[int, ...]:
    result = replay.steps[-1].result
    assert result is not None
    changes = zip(result.totals, result.changes, strict=True)
    return tuple(total - change for total, change in changes)


def _table(stored: StoredReplay, step: ReplayStep, locale: str | None) -> TableScene:
    replay = stored.replay
    auction = step.kind is StepKind.AUCTION
    bids = dict(step.bids) if step.kind in (StepKind.AUCTION, StepKind.TRUMP) else {}
    seats = tuple(
        SeatScene(
            name=stored.names[seat],
            side=replay.side_of(seat),
            card_count=len(step.hands[seat]),
            is_computer=seat < len(stored.computers) and stored.computers[seat],
            bid=bids.get(seat),
            passed=seat in bids and bids[seat] is None,
        )
        for seat in range(replay.players)
    )
    result = step.result
    scores = result.totals if result is not None else _scores_before(replay)
    seating = Seating(stored.names, stored.computers, locale)
    sides = tuple(
        SideScene(name, scores[index], None if auction else step.points_taken[index])
        for index, name in enumerate(seating.side_names(replay.sides))
    )
    return TableScene(
        seats=seats,
        sides=sides,
        target=stored.target,
        dealer=replay.dealer,
        hand_number=replay.hand_number,
        phase=step_title(step, stored.names, locale),
        trick=tuple(PlayedCard(seat, card) for seat, card in step.trick),
        trump=None if auction else step.trump,
        contract=None if auction else step.contract,
        maker=None if auction else step.maker,
        words=words(locale),
    )


def _exchange_notes(step: ReplayStep, seat: int, locale: str | None) -> tuple[str, ...]:
    exchange = step.exchanges[seat]
    if exchange.robbed:
        took, left = exchange.drew, exchange.discarded
        notes = [
            t("replay.note.rob_took", locale, cards=_cards(took)),
            t("replay.note.rob_left", locale, cards=_cards(left)),
        ]
    else:
        notes = [
            t("replay.note.threw", locale, cards=_cards(exchange.discarded)),
            t("replay.note.drew", locale, cards=_cards(exchange.drew)),
        ]
    thrown = tuple(card for thrower, card in step.thrown if thrower == seat)
    if thrown:
        notes.append(t("replay.note.to_first_trick", locale, cards=_cards(thrown)))
    return tuple(notes)


def _row(
    stored: StoredReplay,
    step: ReplayStep,
    seat: int,
    notes: tuple[str, ...],
    costly_lines: int,
    locale: str | None,
) -> ReplayRow:
    played = dict(step.trick).get(seat)
    drawn: frozenset[Card] = frozenset()
    if step.kind is StepKind.DRAW and step.exchanges:
        drawn = frozenset(step.exchanges[seat].drew)
        notes = notes + _exchange_notes(step, seat, locale)
    elif step.kind is StepKind.TRICK and step.winner == seat:
        notes = (*notes, t("replay.note.won", locale, points=step.trick_points))
    return ReplayRow(
        name=stored.names[seat],
        side=stored.replay.side_of(seat),
        cards=step.hands[seat],
        played=played,
        drawn=drawn,
        notes=notes,
        costly_lines=costly_lines,
    )


def _side_name(stored: StoredReplay, seat: int, locale: str | None) -> str:
    replay = stored.replay
    return side_members(replay.sides[replay.side_of(seat)], stored.names, locale)


#: Notes on a seat, and how many of the first ones are about points it lost.
Notes = tuple[tuple[str, ...], int]


def _review_notes(replay: Replay, step: ReplayStep, locale: str | None) -> dict[int, Notes]:
    """The review's word on each costly card of this trick, or each player's total at the end."""
    review, stored = replay.review, replay.stored
    if review is None:
        return {}
    if step.kind is StepKind.RESULT:
        lost = points_lost(review.verdicts, stored.replay.players)
        return {
            seat: ((_player_line(stored.names[seat], lost[seat], locale),), int(lost[seat] > 0))
            for seat in range(stored.replay.players)
        }
    if step.kind is not StepKind.TRICK:
        return {}
    plays = stored.replay.plays
    notes = {
        verdict.seat: _verdict_notes(stored, verdict, locale)
        for verdict in review.verdicts
        if plays[verdict.play].trick_number == step.trick_number
    }
    return {seat: (lines, len(lines)) for seat, lines in notes.items()}


def _verdict_notes(stored: StoredReplay, verdict: Verdict, locale: str | None) -> tuple[str, ...]:
    """What a costly card cost, the scoring cards that fell to whom, and the better cards."""
    cost = t(
        "review.cost",
        locale,
        card=verdict.card.display,
        side=_side_name(stored, verdict.seat, locale),
        points=tn("count.points", verdict.lost, locale),
    )
    takers: dict[int, list[Card]] = {}
    for card, taker in verdict.falls:
        takers.setdefault(taker, []).append(card)
    falls = [
        tn("review.falls", len(cards), locale, cards=_cards(cards), name=stored.names[taker])
        for taker, cards in takers.items()
    ]
    return (cost, *falls, t("review.better", locale, cards=_cards(verdict.better)))


def _player_line(name: str, lost: int, locale: str | None) -> str:
    if not lost:
        return t("review.clean", locale, name=name)
    return t("review.player", locale, name=name, points=tn("count.points", lost, locale))


def _footer(replay: Replay, step: ReplayStep, locale: str | None) -> tuple[str, ...]:
    """Under the last step: the contract's fate and, from the review, what the hand was worth."""
    result = step.result
    if result is None:
        return ()
    names = replay.stored.names
    outcome = "picture.contract_made" if result.made else "picture.contract_set"
    lines = [t(outcome, locale, name=names[result.maker], bid=result.contract)]
    review = replay.review
    if review is not None and review.worth is not None:
        key = "review.maker" if review.worth else "review.maker_none"
        name = names[result.maker]
        lines.append(t(key, locale, name=name, bid=result.contract, worth=review.worth))
    return tuple(lines)


def replay_scene(replay: Replay, index: int, locale: str | None) -> ReplayScene:
    """The picture of step `index`, with the review's notes (a costly card's note first)."""
    stored = replay.stored
    step = stored.replay.steps[index]
    notes = _review_notes(replay, step, locale)
    rows = tuple(
        _row(stored, step, seat, *notes.get(seat, ((), 0)), locale)
        for seat in range(stored.replay.players)
    )
    return ReplayScene(_table(stored, step, locale), rows, _footer(replay, step, locale))
