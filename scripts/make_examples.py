"""Draw the example pictures shown in the README and the docs into `docs/img/`.

Run from the repository root: `python scripts/make_examples.py`.

The table pictures come from the sample scenes in `bot.render.examples`, their words in English
as the bot writes them. The leaderboard and
the player card are drawn from board figures made up here, turned into pictures the way
`/cinch-boards leaderboard` and `stats` turn a server's figures into them (English labels,
figures formatted for English readers), and so are a day of the daily deals and its board. The
replay is a seeded hand, replayed and reviewed as the bot does it, and the daily deal a seeded
deal played by random legal moves up to the player's turn in its third trick. Every picture is
the same on each run.
"""

from __future__ import annotations

import argparse
import math
import random
from datetime import date
from pathlib import Path

from bot.ai.review import review_hand
from bot.daily.deals import PLAYER_SEAT, deal_start
from bot.daily.scenes import board_scene as day_board_scene
from bot.daily.scenes import day_scene, deal_scenes
from bot.daily.shown import BoardLine, DayBoard, DayShown, DealOutcome, DealShown
from bot.daily.streaks import Streak
from bot.engine import Game
from bot.engine.random_player import random_action
from bot.puzzles.scenes import line_scene
from bot.puzzles.sources import generated_puzzle
from bot.render import examples, render_game_summary, render_hand, render_hand_summary, render_table
from bot.render.board import render_board
from bot.render.day_result import render_day_result
from bot.render.player_card import render_player_card
from bot.render.private_table import render_private_table
from bot.render.puzzle_line import render_line
from bot.render.ranking import render_ranking
from bot.render.replay_picture import render_replay
from bot.replays.library import Replay
from bot.replays.scenes import replay_scene
from bot.replays.steps import replay_hand
from bot.replays.stored import StoredReplay
from bot.stats import (
    BoardEntry,
    BoardPage,
    Metric,
    Partner,
    Period,
    PlayerCard,
    computer_key,
    user_key,
)
from bot.stats.board_scenes import board_scene, card_scene
from bot.stats.players import is_computer

OUT = Path(__file__).resolve().parent.parent / "docs" / "img"
LOCALE = "en"

#: The first page of a server's rating board: names that stress the text drawing, a computer
#: player, a tie, and the viewer (Zoë) ranked below the page.
BOARD_ROWS = (
    (examples.NAMES[0], 31.8, 64),
    (examples.NAMES[3], 29.4, 51),
    (computer_key("hard"), 27.9, 212),
    ("Dana 🦊", 26.2, 38),
    ("Фёдор", 24.7, 45),
    (examples.NAMES[1], 24.7, 29),
    ("Mateus", 22.1, 17),
    ("Ingrid", 20.6, 33),
    ("Kwame", 19.3, 12),
    ("Léa", 18.0, 9),
)
BOARD_TOTAL = 26
VIEWER = BoardEntry(rank=17, player=user_key(2), name=examples.NAMES[2], value=12.4, games=21)


def _board_entry(rank: int, name: str, value: float, games: int) -> BoardEntry:
    """A row of the board; a computer level is named by its key, as the boards store it
    (under the name of the seat one of its players last sat in, which the board replaces)."""
    if is_computer(name):
        return BoardEntry(rank=rank, player=name, name="Computer 3", value=value, games=games)
    return BoardEntry(rank=rank, player=user_key(100 + rank), name=name, value=value, games=games)


def leaderboard_page() -> BoardPage:
    entries = []
    for index, (name, value, games) in enumerate(BOARD_ROWS):
        tied = index > 0 and value == BOARD_ROWS[index - 1][1]
        rank = entries[-1].rank if tied else index + 1
        entries.append(_board_entry(rank, name, value, games))
    return BoardPage(
        metric=Metric.RATING,
        period=Period.ALL,
        since=None,
        page=0,
        pages=3,
        total=BOARD_TOTAL,
        entries=tuple(entries),
        viewer=VIEWER,
        viewer_games=VIEWER.games,
    )


def rating_history(games: int, final: float, seed: int = 7) -> tuple[float, ...]:
    """A player's rating over their games: from about 0, rising fast, then wandering up to
    ``final`` after the last game."""
    rng = random.Random(seed)
    climb = tuple(final * (1 - math.exp(-n / 12)) + rng.gauss(0, 1.2) for n in range(1, games))
    return (*climb, final)


def player_card() -> PlayerCard:
    """The card of the player on top of `leaderboard_page`, who often partners the second."""
    leader, partner = leaderboard_page().entries[:2]
    return PlayerCard(
        player=leader.player,
        name=leader.name,
        rating=leader.value,
        rank=leader.rank,
        ranked_players=BOARD_TOTAL,
        games=leader.games,
        wins=41,
        hands=702,
        hands_as_maker=188,
        contracts_made=131,
        points=4_703,
        pedros=341,
        longest_streak=8,
        bids=((5, 21), (6, 52), (7, 61), (8, 30), (9, 14), (10, 6), (11, 2), (14, 2)),
        rating_history=rating_history(leader.games, leader.value),
        best_partner=Partner(partner.player, partner.name, games=23, wins=17),
    )


def replay_step() -> bytes:
    """A trick of a replayed hand with its review: a seeded game of random legal players (whose
    cards often cost points), replayed and reviewed as the bot does it."""
    game = Game.new(seed=5, first_dealer=0)
    rng = random.Random(1)
    while not game.history:
        game.apply(game.to_act, random_action(game.decision(), rng))
    replay = replay_hand(game.restarted(), game.log, game.history[0].hand_number)
    review = review_hand(
        replay.plays, replay.trump, game.side_of, replay.capture_points, replay.maker_view
    )
    names = tuple(examples.NAMES[:4])
    stored = StoredReplay(1, replay, names, target=51, computers=(False, False, True, False))
    trick = next(index for index, step in enumerate(replay.steps) if step.trick_number == 2)
    return render_replay(replay_scene(Replay(stored, review), trick, LOCALE))


#: A day of the daily deals: its date, and each deal's score, par and matchpoints.
DAY = date(2026, 5, 14)
DAY_DEALS = ((5, 3, 0.82), (-16, 4, 0.09), (2, 2, 0.55), (9, 1, 1.0))
DAY_BOARD = (
    (examples.NAMES[3], 0.78, 4),
    (examples.NAMES[0], 0.61, 4),
    ("Dana 🦊", 0.61, 4),
    ("Фёдор", 0.52, 4),
    (examples.NAMES[1], 0.47, 3),
    ("Mateus", 0.30, 4),
    ("Kwame", 0.18, 2),
)


def daily_day() -> DayShown:
    outcomes = tuple(
        DealOutcome(deal, score, par, points, len(DAY_BOARD))
        for deal, (score, par, points) in enumerate(DAY_DEALS)
    )
    share = sum(points for _, _, points in DAY_DEALS) / len(DAY_DEALS)
    return DayShown(
        1, DAY, examples.NAMES[0], True, outcomes, share, 2, len(DAY_BOARD), Streak(6, 11)
    )


def daily_board() -> DayBoard:
    lines = []
    for index, (name, share, played) in enumerate(DAY_BOARD):
        tied = index > 0 and share == DAY_BOARD[index - 1][1]
        rank = lines[-1].rank if tied else index + 1
        lines.append(BoardLine(rank, 100 + index, name, share, 0, played, is_viewer=index == 1))
    return DayBoard(1, DAY, tuple(lines), len(DAY_BOARD), 1, (-16, 9), 4)


def daily_deal() -> bytes:
    """The player's turn in the third trick of a seeded daily deal, everyone else's moves
    random but legal, drawn as the bot draws a deal in play: the table and the player's
    cards in one picture."""
    game = deal_start("example", DAY, 1)
    rng = random.Random(7)
    while not (
        game.to_act == PLAYER_SEAT
        and game.public_view().trick
        and len(game.public_view().tricks) == 2
    ):
        game.apply(game.to_act, random_action(game.decision(), rng))
    shown = DealShown(
        1, DAY, 1, len(game.log), examples.NAMES[0], game.view(PLAYER_SEAT), game.public_view(), ()
    )
    return render_private_table(*deal_scenes(shown, LOCALE))


def puzzle_line() -> bytes:
    """The line after a puzzle dealt from a made-up secret, as the bot finds and draws it."""
    position = generated_puzzle("example", "practice:0")
    assert position is not None
    return render_line(line_scene(position, LOCALE))


PICTURES = {
    "table.png": lambda: render_table(examples.table_in_play()),
    "hand.png": lambda: render_hand(examples.hand_to_play()),
    "hand_summary.png": lambda: render_hand_summary(examples.hand_summary()),
    "game_summary.png": lambda: render_game_summary(examples.game_summary()),
    "leaderboard.png": lambda: render_board(board_scene(leaderboard_page(), LOCALE)),
    "player_card.png": lambda: render_player_card(
        card_scene(player_card(), LOCALE, (2.4, 1.8, 2.9, 1.2, 1.5, 0.9, 1.1, 0.6, 0.8, 0.4))
    ),
    "replay.png": replay_step,
    "daily_deal.png": daily_deal,
    "daily_result.png": lambda: render_day_result(day_scene(daily_day(), LOCALE)),
    "daily_board.png": lambda: render_ranking(day_board_scene(daily_board(), LOCALE)),
    "puzzle_line.png": puzzle_line,
}


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    for name, render in PICTURES.items():
        (OUT / name).write_bytes(render())
        print(f"wrote docs/img/{name}")


if __name__ == "__main__":
    main()
