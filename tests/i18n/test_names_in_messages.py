"""What a reader sees where a message names sides or seats, at two-, three- and four-player
tables, in every language, built by the code that posts it from a game played to its end.

A side is named by its players, joined ("Alice et Inès"); at two or three players a side is one
player. No template can make a verb agree with both, so a side is never the subject: where it
opens a clause, no word follows it but the catalogue's "against" (English past tenses agree with
any subject). Seats at two- and three-player tables are called "Seat 2", so no message may put
its own word for seat in front of the name ("à la place Place 2"). French elides "de" before a
vowel, so a name must not follow a bare "de" ("Victoire de Alice").
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache

import pytest

from bot.engine import Game, GameWon, HandScored, Phase, SeatView, random_action
from bot.i18n import SUPPORTED_LOCALES, t, tn
from bot.league.course import side_names
from bot.league.tournament_scenes import round_title
from bot.league.tournaments import Entrant, Format, Status, Tournament
from bot.presentation.names import seat_name, side_members
from bot.presentation.scenes import Seating, game_summary_scene
from bot.presentation.texts import (
    TextContext,
    game_result_text,
    hand_result_text,
    history_text,
    score_line,
    seat_draw_text,
)
from bot.render.summary import winners_headline
from bot.service.showing.lobby_texts import lobby_text
from bot.service.shown import SeatInfo
from bot.service.tables.options import TableOptions

#: Names by seat, each starting with a vowel so French elision shows.
NAMES = ("Alice", "Éric", "Inès", "Olivier")
PLAYER_COUNTS = (2, 3, 4)
#: Words an English side may open a clause with: a past tense reads right after one name or two.
ENGLISH_PAST = frozenset({"took", "withdrew"})
WORD = re.compile(r"[^\W\d_]+")
CLAUSE_END = re.compile(r"[.:;!?·\n]")


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A game played to its end by random legal moves, and what the messages need from it."""

    game: Game
    won: GameWon
    #: The public view after the first hand, with its score.
    view: SeatView

    @property
    def names(self) -> tuple[str, ...]:
        return NAMES[: self.game.players]


@cache
def played(players: int) -> PlayedGame:
    game = Game.new(players=players, seed=players)
    rng = random.Random(players)
    won = view = None
    while won is None:
        decision = game.decision()
        assert decision is not None
        for event in game.apply(decision.seat, random_action(decision, rng)):
            if isinstance(event, HandScored) and view is None:
                view = game.public_view()
            if isinstance(event, GameWon):
                won = event
    assert view is not None and view.phase is not Phase.GAME_OVER
    return PlayedGame(game, won, view)


def side_texts(players: int, locale: str) -> list[str]:
    """Every message that names sides, as posted: the hand results and the game's, the
    partners drawn, the score lines, the end-of-game picture's headline, a review note."""
    played_game = played(players)
    game, names = played_game.game, played_game.names
    context = TextContext(names, locale)
    sides = game.sides
    texts = [
        line
        for result in game.history
        for line in hand_result_text(result, sides, context).splitlines()[1:]
    ]
    won = played_game.won
    texts.append(game_result_text(won.side, won.totals, len(game.history), sides, context))
    texts.extend(history_text(game.history, sides, context))
    texts.append(score_line(played_game.view, context))
    draw = game.seat_draw
    assert draw is not None
    given = [names[draw.seating.index(index)] for index in range(players)]
    texts.extend(
        seat_draw_text(draw, given, names[game.first_dealer], sides, context).splitlines()[1:]
    )
    seating = Seating(names, (False,) * players, locale)
    scene = game_summary_scene(
        game.history, played_game.won.side, seating, sides, game.rules.target_score
    )
    texts.append(winners_headline(scene))
    costly = side_members(sides[0], names, locale)
    texts.append(
        t("review.cost", locale, card="10♥", side=costly, points=tn("count.points", 1, locale))
    )
    return texts


def seat_texts(players: int, locale: str) -> list[tuple[str, str]]:
    """(seat name, message) for every message that names a seat: the replies to joining and
    to adding a computer player, the seat buttons, the lobby."""
    options = TableOptions(players=players)
    seats = [
        SeatInfo(
            seat,
            seat_name(seat, players, locale),
            player=NAMES[seat],
            user_id=1000 + seat,
            is_computer=False,
            away=False,
        )
        for seat in range(players)
    ]
    lobby = lobby_text(options, seats, 90, NAMES[0], locale)
    level = t("choice.level.normal", locale)
    texts = []
    for info in seats:
        texts += [
            (info.label, t("reply.joined", locale, seat=info.label)),
            (info.label, t("reply.computer_added", locale, seat=info.label, level=level)),
            (info.label, t("lobby.join_seat", locale, seat=info.label)),
            (info.label, lobby),
        ]
    return texts


def side_as_subject(text: str, side: str, locale: str) -> list[str]:
    """The words that follow `side` where it opens a clause: the verbs it would be subject of."""
    allowed = {t("text.against", locale)} | (ENGLISH_PAST if locale == "en" else set())
    found = []
    for match in re.finditer(re.escape(side), text):
        opening = CLAUSE_END.split(text[: match.start()])[-1]
        following = re.match(r"\s*([^\W\d_]+)", text[match.end() :])
        if WORD.search(opening) is None and following and following[1] not in allowed:
            found.append(f"{side} {following[1]}")
    return found


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_side_is_never_the_subject_of_a_verb(locale: str, players: int) -> None:
    played_game = played(players)
    game = played_game.game
    assert {len(side) for side in game.sides} == {2 if players == 4 else 1}
    sides = [side_members(side, played_game.names, locale) for side in game.sides]
    texts = side_texts(players, locale)
    assert all(any(side in text for side in sides) for text in texts)
    subjects = {
        text: verbs
        for text in texts
        if (verbs := [verb for side in sides for verb in side_as_subject(text, side, locale)])
    }
    assert subjects == {}


#: A pair of a tournament: always two people, joined into one name as every message joins them.
PAIR = Entrant(1, 1001, "Alice", 1002, "Inès", "entered", None)


def tournament_pair_texts(locale: str) -> tuple[str, list[str]]:
    """The pair as tournament messages name it, and every message that names a pair."""
    pair = side_names((PAIR.number,), [PAIR], locale)
    return pair, [
        t("tournament.withdrew", locale, side=pair),
        t("tournament.bye_line", locale, side=pair),
        t("tournament.invitation_accepted", locale, pair=pair, name="Open"),
        t("tournament.invitation_declined", locale, pair=pair, name="Open"),
        t("tournament.finished", locale, name="Open", winners=pair),
    ]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_tournament_pair_is_never_the_subject_of_a_verb(locale: str) -> None:
    """"Ana e Carla desistiu": a verb written for one name after the two names of a pair."""
    pair, texts = tournament_pair_texts(locale)
    assert all(pair in text for text in texts)
    assert [found for text in texts for found in side_as_subject(text, pair, locale)] == []


def round_titles(locale: str) -> list[str]:
    """Every title a round gets: "Round 1" of Swiss rounds, and a bracket's "Semi-finals" and
    "Final", which French and Portuguese make feminine plural and feminine singular."""
    def tournament(format: Format) -> Tournament:
        return Tournament(
            1, 1, 1, 1, "Open", format, 3, 51, 45, 60, locale, False, Status.RUNNING, None
        )

    knockout = tournament(Format.KNOCKOUT)
    return [round_title(tournament(Format.SWISS), 1, locale)] + [
        round_title(knockout, number, locale) for number in (1, 2, 3)
    ]


@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_no_word_agrees_with_a_round_title(locale: str) -> None:
    """"Demi-finales ouverte": a round's title is singular or plural, so nothing agrees with it."""
    titles = round_titles(locale)
    assert len(set(titles)) == 3
    texts = {
        title: t("tournament.round_open", locale, name="Open", round=title, deadline="20:00")
        for title in titles
    }
    agreeing = [
        found for title, text in texts.items() for found in side_as_subject(text, title, locale)
    ]
    assert agreeing == []


def test_the_check_finds_a_side_before_its_verb() -> None:
    assert side_as_subject("Alice et Inès a pris 8", "Alice et Inès", "fr") == ["Alice et Inès a"]
    assert side_as_subject("Mão 3: Ana e Carla fez 8", "Ana e Carla", "pt_BR") == [
        "Ana e Carla fez"
    ]
    assert side_as_subject("Alice win!", "Alice", "en") == ["Alice win"]
    assert side_as_subject("Alice & Inès took 8", "Alice & Inès", "en") == []
    assert side_as_subject("Gehaald door Anna en Carla: 8", "Anna en Carla", "nl") == []
    assert side_as_subject("Anna en Carla tegen Bob en Dirk", "Anna en Carla", "nl") == []
    assert side_as_subject("Alice et Inès 12 · Éric et Olivier 30", "Éric et Olivier", "fr") == []


def doubled_seat_word(text: str, seat: str) -> list[str]:
    """Where the word before a seat's name is the name's own first word ("Place Place 2")."""
    first = seat.split()[0].lower()
    return [
        text[max(0, match.start() - 20) : match.end()]
        for match in re.finditer(re.escape(seat), text)
        if (before := WORD.findall(text[: match.start()])) and before[-1].lower() == first
    ]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
@pytest.mark.parametrize("locale", SUPPORTED_LOCALES)
def test_a_seat_is_named_once(locale: str, players: int) -> None:
    texts = seat_texts(players, locale)
    assert all(seat in text for seat, text in texts)
    assert [found for seat, text in texts for found in doubled_seat_word(text, seat)] == []


def test_the_check_finds_a_doubled_seat_word() -> None:
    assert doubled_seat_word("Vous êtes assis à la place Place 2.", "Place 2") != []
    assert doubled_seat_word("Plaats Plaats 2", "Plaats 2") != []
    assert doubled_seat_word("Sentar no Lugar 2", "Lugar 2") == []
    assert doubled_seat_word("Votre place : Nord.", "Nord") == []


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_french_elides_de_before_a_name(players: int) -> None:
    texts = side_texts(players, "fr") + [text for _, text in seat_texts(players, "fr")]
    bare = re.compile(rf"\b[dD]e (?:{'|'.join(NAMES)})\b")
    assert [text for text in texts if bare.search(text)] == []
