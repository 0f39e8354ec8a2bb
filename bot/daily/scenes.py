"""The daily deal told in one language: the texts and picture scenes of a deal in play, a deal
over, a player's day and a server's board.

Only the player sees their deal while they play it, so its picture holds their own cards
under the table (`render.private_table`); the table itself is drawn from the public view, as
at any table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import date

from babel.dates import format_date

from bot.daily.deals import DEALS_PER_DAY, PLAYER_SEAT, PLAYERS
from bot.daily.shown import DayBoard, DayShown, DealShown
from bot.engine import Action, Keep
from bot.i18n import normalise_locale, t, tn
from bot.presentation.names import seat_name
from bot.presentation.scenes import (
    HandCards,
    Seating,
    hand_scene,
    hand_summary_scene,
    table_scene,
)
from bot.presentation.texts import SEPARATOR, TextContext, action_text, hand_result_text, hand_text
from bot.presentation.user_text import in_message
from bot.render import HandScene, HandSummaryScene, TableScene
from bot.render.day_result import DayResultRow, DayResultScene
from bot.render.ranking import RankingRow, RankingScene
from bot.render.replay_picture import ReplayScene
from bot.replays.library import Replay
from bot.replays.scenes import replay_scene
from bot.stats.board_scenes import percent


def seat_names(player_name: str, locale: str | None) -> tuple[str, ...]:
    """Each seat's name: the player's own in their seat, the computers by their compass seat
    ("North", "East", "West")."""
    return tuple(
        player_name if seat == PLAYER_SEAT else seat_name(seat, PLAYERS, locale)
        for seat in range(PLAYERS)
    )


def _seating(player_name: str, locale: str | None) -> Seating:
    computers = tuple(seat != PLAYER_SEAT for seat in range(PLAYERS))
    return Seating(seat_names(player_name, locale), computers, locale)


def day_text(day: date, locale: str | None) -> str:
    """The day as the reader writes a date ("31 January 2026")."""
    return format_date(day, format="long", locale=normalise_locale(locale))


def signed(score: int) -> str:
    """A score with its sign: "+5", "-17", "0"."""
    return f"{score:+d}" if score else "0"


def deal_heading(day: date, number: int, locale: str | None) -> str:
    return t(
        "daily.heading", locale, date=day_text(day, locale), number=number + 1, deals=DEALS_PER_DAY
    )


def _move_text(seat: int, action: Action, context: TextContext, locale: str | None) -> str:
    """A computer's move as the table saw it: the cards a robbing dealer kept are theirs alone."""
    player = context.names[seat]
    if isinstance(action, Keep):
        return t("daily.robbed", locale, player=player)
    return t("daily.move", locale, player=player, action=action_text(action, locale))


def _since_text(
    since: Sequence[tuple[int, Action]], context: TextContext, locale: str | None
) -> str | None:
    """What the computers did since the player's last move, in order."""
    if not since:
        return None
    moves = ", ".join(_move_text(seat, action, context, locale) for seat, action in since)
    return t("daily.since", locale, moves=moves)


def deal_text(shown: DealShown, locale: str | None) -> str:
    """The message of a deal: where the player is, what the computers did, and their hand
    (or, once it is over, how it went and their score against par)."""
    context = TextContext(seat_names(shown.player_name, locale), locale)
    lines = [deal_heading(shown.day, shown.deal, locale)]
    since = _since_text(shown.since, context, locale)
    if since is not None:
        lines.append(since)
    over = shown.over
    if over is None:
        lines.append(hand_text(shown.view, context))
        return "\n".join(lines)
    lines.append(hand_result_text(over.end.result, shown.table.sides, context))
    lines.append(t("daily.deal_score", locale, score=signed(over.score), par=signed(over.par)))
    return "\n".join(lines)


def deal_scenes(
    shown: DealShown, locale: str | None, four_colour: bool = False
) -> tuple[TableScene, HandScene]:
    """The table (from the public view) and the player's cards, for a deal in play: one deal,
    not a game, so without a target or a game score."""
    seating = _seating(shown.player_name, locale)
    return (
        replace(table_scene(shown.table, seating, four_colour), target=None),
        hand_scene(shown.view, locale, four_colour),
    )


def deal_replay_scene(replay: Replay, step: int, locale: str | None) -> ReplayScene:
    """A step of the replay of a daily deal: one deal, without a target or a game score."""
    scene = replay_scene(replay, step, locale)
    return replace(scene, table=replace(scene.table, target=None))


def deal_over_scene(shown: DealShown, locale: str | None) -> HandSummaryScene:
    """The end-of-hand picture of a deal over: the last trick, who took each point, the score."""
    over = shown.over
    if over is None:
        raise ValueError("the deal is not over")
    end, rules = over.end, shown.table.rules
    return hand_summary_scene(
        end.result,
        HandCards(end.played, end.dead),
        _seating(shown.player_name, locale),
        shown.table.sides,
        rules.high_low,
        rules.target_score,
        end.last_trick,
    )


def _place(rank: int, players: int, locale: str | None) -> str:
    return t("daily.place", locale, rank=rank, players=players)


def _streak(shown: DayShown, locale: str | None) -> str:
    current = tn("daily.streak", shown.streak.current, locale)
    return t("daily.streak_best", locale, streak=current, best=shown.streak.best)


def day_scene(shown: DayShown, locale: str | None) -> DayResultScene:
    """The picture of a player's day: percentage, place, streak, and each deal."""
    dash = "—"
    rows = tuple(
        DayResultRow(
            label=t("daily.picture.deal", locale, number=outcome.deal + 1),
            score=signed(outcome.score) if outcome.score is not None else dash,
            par=signed(outcome.par) if outcome.par is not None else dash,
            matchpoints=(
                percent(outcome.matchpoints, locale) if outcome.matchpoints is not None else dash
            ),
            against_par=(
                outcome.score - outcome.par
                if outcome.score is not None and outcome.par is not None
                else None
            ),
        )
        for outcome in shown.deals
    )
    return DayResultScene(
        title=t("daily.picture.title", locale, date=day_text(shown.day, locale)),
        name=shown.player_name,
        share=percent(shown.share, locale),
        place=_place(shown.rank, shown.players, locale),
        streak=_streak(shown, locale),
        headings=(
            t("daily.picture.deals", locale),
            t("daily.picture.you", locale),
            t("daily.picture.par", locale),
            t("daily.picture.matchpoints", locale),
        ),
        rows=rows,
    )


def day_text_lines(shown: DayShown, locale: str | None) -> str:
    """What the picture of a player's day says, in words (for screen readers and
    notifications): the day, the percentage and place, each deal, the streak."""
    lines = [
        t("daily.results_heading", locale, date=day_text(shown.day, locale)),
        SEPARATOR.join([percent(shown.share, locale), _place(shown.rank, shown.players, locale)]),
    ]
    for outcome in shown.deals:
        if outcome.score is None or outcome.par is None or outcome.matchpoints is None:
            lines.append(t("daily.deal_not_played", locale, number=outcome.deal + 1))
            continue
        lines.append(
            t(
                "daily.deal_line",
                locale,
                number=outcome.deal + 1,
                score=signed(outcome.score),
                par=signed(outcome.par),
                matchpoints=percent(outcome.matchpoints, locale),
            )
        )
    lines.append(_streak(shown, locale))
    return "\n".join(lines)


def widest_text(board: DayBoard, locale: str | None) -> str | None:
    """The deal that separated players most, in words."""
    if board.widest is None or board.widest_scores is None or board.widest_par is None:
        return None
    low, high = board.widest_scores
    return t(
        "daily.widest",
        locale,
        number=board.widest + 1,
        low=signed(low),
        high=signed(high),
        par=signed(board.widest_par),
    )


#: Beside the first three of the end-of-day post.
MEDALS = ("🥇", "🥈", "🥉")


def day_end_text(board: DayBoard, locale: str | None) -> str:
    """The public post of a day that is over: how many played, the first three, the deal that
    separated players most, and today's deals waiting."""
    lines = [
        t("daily.post.heading", locale, date=day_text(board.day, locale)),
        tn("daily.post.players", board.players, locale),
    ]
    for medal, line in zip(MEDALS, board.lines, strict=False):
        name = in_message(line.name)
        lines.append(
            t("daily.post.line", locale, medal=medal, name=name, share=percent(line.share, locale))
        )
    widest = widest_text(board, locale)
    if widest is not None:
        lines.append(widest)
    lines.append(t("daily.post.try", locale))
    return "\n".join(lines)


def board_scene(board: DayBoard, locale: str | None, limit: int | None = None) -> RankingScene:
    """The picture of a server's board of one day (its first `limit` lines, and the viewer's
    own line under them when it is further down)."""
    lines = list(board.lines)
    shown = lines[:limit] if limit is not None else lines
    viewer = next((line for line in lines if line.is_viewer), None)
    if viewer is not None and viewer not in shown:
        shown.append(viewer)
    widest = widest_text(board, locale)
    return RankingScene(
        title=t("daily.board.title", locale),
        subtitle=tn(
            "daily.board.subtitle", board.players, locale, date=day_text(board.day, locale)
        ),
        rows=tuple(
            RankingRow(
                rank=line.rank,
                name=line.name,
                value=percent(line.share, locale),
                detail=tn("daily.board.deals", line.deals_played, locale),
                is_viewer=line.is_viewer,
            )
            for line in shown
        ),
        empty=t("daily.board.empty", locale),
        footer=(widest,) if widest is not None else (),
    )
