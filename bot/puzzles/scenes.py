"""A puzzle told in one language: its texts, the picture of the position (the table and every
hand, as a replay shows them) and, once answered, the picture of the line.

Seats are named by the compass ("South to play, with North"), never by who played the hand:
a puzzle of a server's game is about its cards, not its players.
"""

from __future__ import annotations

from babel.dates import format_date

from bot.i18n import normalise_locale, t, tn
from bot.presentation.names import seat_name, side_members
from bot.presentation.scenes import words
from bot.presentation.texts import SEPARATOR, cards_text, trump_text
from bot.puzzles.finder import MIN_COST
from bot.puzzles.positions import SIDES, PuzzlePosition
from bot.puzzles.ratings import START
from bot.puzzles.shown import PuzzleBoard, PuzzleShown
from bot.render import PlayedCard, SeatScene, SideScene, TableScene
from bot.render.puzzle_line import LineScene, LineTrick
from bot.render.ranking import RankingRow, RankingScene
from bot.render.replay_picture import ReplayRow, ReplayScene

PLAYERS = 4


def _names(locale: str | None) -> tuple[str, ...]:
    return tuple(seat_name(seat, PLAYERS, locale) for seat in range(PLAYERS))


def _side(index: int, locale: str | None) -> str:
    return side_members(SIDES[index], _names(locale), locale)


def _rating(rating: float) -> str:
    return str(round(rating))


def heading(shown: PuzzleShown, locale: str | None) -> str:
    """Which puzzle: the daily one, or a dealt one."""
    if shown.day is not None:
        date = format_date(shown.day, format="long", locale=normalise_locale(locale))
        return t("puzzle.heading.daily", locale, date=date)
    return t("puzzle.heading.dealt", locale)


def puzzle_text(shown: PuzzleShown, locale: str | None) -> str:
    """The puzzle's message: which it is, the situation, the task, the ratings, and once
    answered, how it went."""
    position = shown.position
    names = _names(locale)
    side = position.side
    trump = trump_text(position.trump, locale)
    maker = names[position.maker]
    contract = (
        t("text.contract_free", locale, trump=trump, player=maker)
        if position.contract == 0
        else t("text.contract_trump", locale, trump=trump, player=maker, amount=position.contract)
    )
    taken = SEPARATOR.join(
        t("text.side_points", locale, side=_side(index, locale), points=points)
        for index, points in enumerate(position.points_taken)
    )
    lines = [
        heading(shown, locale),
        t(
            "puzzle.situation",
            locale,
            seat=names[position.seat],
            partner=names[(position.seat + 2) % PLAYERS],
            opponents=_side(1 - side, locale),
        ),
        SEPARATOR.join([contract, taken]),
        t("puzzle.task", locale, side=_side(side, locale), cost=MIN_COST),
        _ratings(shown, locale),
    ]
    if shown.answer is None:
        lines.append(tn("puzzle.answer_time", shown.answer_minutes, locale))
    else:
        lines.extend(_answer_lines(shown, locale))
    return "\n".join(lines)


def _ratings(shown: PuzzleShown, locale: str | None) -> str:
    if shown.player_rating is None:
        return t("puzzle.rating_first", locale, rating=_rating(shown.rating), start=_rating(START))
    return t(
        "puzzle.ratings",
        locale,
        rating=_rating(shown.rating),
        player=_rating(shown.player_rating),
    )


def _points(points: int, locale: str | None) -> str:
    return tn("count.points", points, locale)


def _answer_lines(shown: PuzzleShown, locale: str | None) -> list[str]:
    answer, position = shown.answer, shown.position
    assert answer is not None
    chosen = answer.card
    kept = _points(position.value_of(chosen), locale)
    if answer.solved:
        lines = [
            t(
                "puzzle.solved",
                locale,
                card=chosen.display,
                points=kept,
                side=_side(position.side, locale),
            )
        ]
    else:
        lines = [
            t(
                "puzzle.missed",
                locale,
                card=chosen.display,
                points=kept,
                best=cards_text(position.best),
                best_points=_points(position.best_value, locale),
            )
        ]
    lines.append(t("puzzle.values", locale, values=_values(position)))
    if answer.now and not answer.counted:
        lines.append(t("puzzle.too_late", locale, rating=_rating(answer.rating_before)))
    elif answer.now:
        before, after = _rating(answer.rating_before), _rating(answer.rating_after)
        lines.append(t("puzzle.rating_change", locale, before=before, after=after))
    else:
        lines.append(t("puzzle.answered_before", locale))
    return lines


def position_scene(position: PuzzlePosition, locale: str | None) -> ReplayScene:
    """The table as it stands (the trick so far, the seat to play) and every hand under it."""
    names = _names(locale)
    side_of = {seat: index for index, side in enumerate(SIDES) for seat in side}
    table = TableScene(
        seats=tuple(
            SeatScene(name=names[seat], side=side_of[seat], card_count=len(position.hands[seat]))
            for seat in range(PLAYERS)
        ),
        sides=tuple(
            SideScene(_side(index, locale), position.scores[index], position.points_taken[index])
            for index in range(len(SIDES))
        ),
        target=None,  # one deal, not a game: no target, no game score
        dealer=position.dealer,
        hand_number=position.hand_number,
        phase=t("phase.trick", locale, number=position.trick_number),
        to_act=position.seat,
        trick=tuple(PlayedCard(seat, card) for seat, card in position.trick),
        trump=position.trump,
        contract=position.contract,
        maker=position.maker,
        words=words(locale),
    )
    rows = tuple(
        ReplayRow(
            name=names[seat],
            side=side_of[seat],
            cards=position.hands[seat],
            notes=(t("puzzle.to_play", locale),) if seat == position.seat else (),
        )
        for seat in range(PLAYERS)
    )
    return ReplayScene(table, rows)


def line_scene(position: PuzzlePosition, locale: str | None) -> LineScene:
    """The line after the best card: each trick to the end, and what each legal card was worth."""
    names = _names(locale)
    side_of = {seat: index for index, side in enumerate(SIDES) for seat in side}
    tricks = tuple(
        LineTrick(
            label=t("phase.trick", locale, number=position.trick_number + offset),
            plays=tuple((names[seat], card) for seat, card in cards),
            winner=[seat for seat, _ in cards].index(winner),
            result=f"{names[winner]} +{points}" if points else names[winner],
            side=side_of[winner],
        )
        for offset, (winner, points, cards) in enumerate(position.line)
    )
    return LineScene(
        title=t("puzzle.line_title", locale, card=cards_text(position.best[:1])),
        tricks=tricks,
        footer=(t("puzzle.values", locale, values=_values(position)),),
    )


def _values(position: PuzzlePosition) -> str:
    """Each legal card and the points it keeps: "5♦ 11 · 2♥ 7", each card held together with
    its points by a no-break space."""
    return SEPARATOR.join(f"{card.display}\u00a0{value}" for card, value in position.values)


def board_scene(board: PuzzleBoard, locale: str | None, limit: int = 10) -> RankingScene:
    """A server's puzzle board: its first `limit` lines, and the viewer's own under them."""
    lines = list(board.lines[:limit])
    viewer = next((line for line in board.lines if line.is_viewer), None)
    if viewer is not None and viewer not in lines:
        lines.append(viewer)
    return RankingScene(
        title=t("puzzle.board.title", locale),
        subtitle=tn("puzzle.board.subtitle", len(board.lines), locale),
        rows=tuple(
            RankingRow(
                rank=line.rank,
                name=line.name or t("puzzle.board.unnamed", locale),
                value=_rating(line.rating),
                detail=tn("puzzle.board.tried", line.attempts, locale),
                is_viewer=line.is_viewer,
            )
            for line in lines
        ),
        empty=t("puzzle.board.empty", locale),
    )
