"""The review against an exhaustive reference, under each house rule that changes what a card
is worth or who plays to a trick.

The reference knows nothing of the solver: from the last tricks of random hands it plays every
legal line out with the engine itself (`Game.apply`) and reads the points each side ends the
hand with from the engine's own count (`HandResult.points`). The judged seat's side takes the
most it can, the others the least they can (the review's measure: the points the side takes,
everybody playing perfectly, the other two sides of a three-side game against it). Every card
the review marks must cost exactly what the reference says, every card it leaves alone must
cost nothing, the better cards must be best, and the scoring cards said to fall must fall so
along a perfect continuation after the card played and stay with the side after the better card.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from itertools import islice

import pytest

from bot.ai.review import PlayPosition, Verdict, review_plays
from bot.engine import (
    FULL_DECK,
    Card,
    Game,
    HighLow,
    HouseRules,
    LowGoesTo,
    NameTrump,
    Play,
    PlayDecision,
    PointCard,
    StockShortage,
    Suit,
    TrickWon,
    TrumpDecision,
    deck_dealing,
    effective_suit,
    random_action,
    scoring_cards,
)
from bot.replays.steps import HandReplay, StepKind, replay_hand

pytestmark = pytest.mark.slow

#: Play is judged from the first trick that starts with at most this many cards in the hands
#: (the last two to four tricks): small enough for every line to be played out.
CARDS_LEFT = {2: 8, 3: 9, 4: 10}

LOW_TO_HOLDER = HouseRules(low_goes_to=LowGoesTo.HOLDER)
IN_PLAY = HouseRules(high_low=HighLow.IN_PLAY)
BOTH = HouseRules(low_goes_to=LowGoesTo.HOLDER, high_low=HighLow.IN_PLAY)
PLAY_SHORT = HouseRules(stock_shortage=StockShortage.PLAY_SHORT)
SHORT_AND_BOTH = HouseRules(
    stock_shortage=StockShortage.PLAY_SHORT,
    low_goes_to=LowGoesTo.HOLDER,
    high_low=HighLow.IN_PLAY,
)


# ---------------------------------------------------------------------------------- the hands


@dataclass(frozen=True)
class EndOfHand:
    """A finished hand, its replay, and the game as it stood before each card of its last
    tricks: the positions to judge."""

    replay: HandReplay
    side_of: tuple[int, ...]
    #: The game before each judged card, in order; they are the last plays of the replay.
    before: tuple[Game, ...]

    @property
    def first_judged(self) -> int:
        return len(self.replay.plays) - len(self.before)


def play_hand(game: Game, rng: random.Random, trump: Suit | None = None) -> EndOfHand:
    """Play the game's first hand out with random legal actions (naming `trump` if given),
    keeping a copy of the game before each card of its last tricks."""
    before: list[Game] = []
    while not game.history:
        decision = game.decision()
        assert decision is not None
        if isinstance(decision, TrumpDecision) and trump is not None:
            action = NameTrump(trump)
        else:
            action = random_action(decision, rng)
        if isinstance(decision, PlayDecision) and (
            before or (not game.trick and sum(map(len, game.hands)) <= CARDS_LEFT[game.players])
        ):
            before.append(copied(game))
        game.apply(decision.seat, action)
    replay = replay_hand(game.restarted(), game.log, 1)
    return EndOfHand(replay, tuple(game.side_of), tuple(before))


def random_hands(rules: HouseRules, players: int, seed: int, count: int) -> Iterator[EndOfHand]:
    rng = random.Random(seed)
    for _ in range(count):
        yield play_hand(Game.new(rules, players, rng.getrandbits(32), first_dealer=0), rng)


def telling_hands(rules: HouseRules, players: int, seed: int, count: int) -> Iterator[EndOfHand]:
    """`count` random hands in which the house rules matter from the first judged card on."""
    hands = random_hands(rules, players, seed, 40 * count)
    return islice(
        (
            end
            for end in hands
            if Reference(end, rules).rules_matter(end.replay.plays[end.first_judged])
        ),
        count,
    )


def short_hands(rules: HouseRules, seed: int, count: int) -> Iterator[EndOfHand]:
    """Four-player hands in which the three players drawing keep one trump or none between
    them, so that with `playShort` the last of them holds one or two cards fewer and sits out
    the last tricks (docs/rules.md B-11)."""
    rng = random.Random(seed)
    for _ in range(count):
        trump = rng.choice(list(Suit))
        plain = [card for card in FULL_DECK if effective_suit(card, trump) is not trump]
        trumps = [card for card in FULL_DECK if effective_suit(card, trump) is trump]
        rng.shuffle(plain)
        rng.shuffle(trumps)
        kept = rng.randint(0, 1)  # the trumps the three drawing players hold between them
        drawing = plain[: 27 - kept] + trumps[:kept]
        rest = plain[27 - kept :] + trumps[kept:]
        rng.shuffle(drawing)
        rng.shuffle(rest)
        dealer = rng.randrange(4)
        others = iter([drawing[:9], drawing[9:18], drawing[18:]])
        hands = [rest[:9] if seat == dealer else next(others) for seat in range(4)]
        game = Game.from_deck(
            deck_dealing(hands, rest[9:], dealer), dealer, rules, seed=rng.getrandbits(32)
        )
        end = play_hand(game, rng, trump)
        assert min(map(len, end.replay.plays[0].hands)) < 6
        yield end


# ---------------------------------------------------------------------------------- reference


@dataclass(frozen=True)
class Exact:
    """A position's exact value for one side, and the scoring cards' takers along each of its
    perfect continuations."""

    value: int
    lines: frozenset[frozenset[tuple[Card, int]]]


class Reference:
    """Every legal line of a position played out by the engine."""

    def __init__(self, end: EndOfHand, rules: HouseRules) -> None:
        replay = end.replay
        in_play = [card for hand in replay.plays[0].hands for card in hand]
        draw = next(step for step in replay.steps if step.kind is StepKind.DRAW)
        in_play += [card for _, card in draw.thrown]
        # Read from docs/rules.md B-5 and B-6: the scoring cards a trick's winner takes.
        self.taken_in_tricks = {
            card
            for kind, card in scoring_cards(replay.trump, in_play, rules.high_low).items()
            if not (kind is PointCard.LOW and rules.low_goes_to is LowGoesTo.HOLDER)
        }
        self.side_of = end.side_of
        usual = set(scoring_cards(replay.trump, (), HighLow.FIXED).values())
        #: The cards whose worth to a trick's winner the house rules change.
        self.changed = usual ^ self.taken_in_tricks

    def rules_matter(self, position: PlayPosition) -> bool:
        """Whether the house rules change anything from `position` on: the worth of a card
        still in play, or who plays to the tricks (a seat without cards sitting out)."""
        in_play = {card for hand in position.hands for card in hand}
        in_play |= {card for _, card in position.trick}
        played = {seat for seat, _ in position.trick}
        sitting_out = any(
            not hand and seat not in played for seat, hand in enumerate(position.hands)
        )
        return sitting_out or bool(self.changed & in_play)

    def card_values(self, game: Game, side: int) -> dict[Card, Exact]:
        """Each legal card of the seat to play, solved for `side`."""
        decision = game.decision()
        assert isinstance(decision, PlayDecision)
        return {card: self._play(copied(game), card, side, ()) for card in decision.cards}

    def _play(
        self, game: Game, card: Card, side: int, taken: tuple[tuple[Card, int], ...]
    ) -> Exact:
        """`card` played in `game` (which this changes), then every line to the hand's end."""
        hands_done = len(game.history)
        assert game.to_act is not None
        for event in game.apply(game.to_act, Play(card)):
            if isinstance(event, TrickWon):
                taken += tuple(
                    (played, event.seat)
                    for _, played in event.cards
                    if played in self.taken_in_tricks
                )
        if len(game.history) > hands_done:
            return Exact(game.history[-1].points[side], frozenset([frozenset(taken)]))
        decision = game.decision()
        assert isinstance(decision, PlayDecision)
        last = len(decision.cards) - 1
        children = [
            # The last card is played in this game itself: every other one has had its copy.
            self._play(game if number == last else copied(game), other, side, taken)
            for number, other in enumerate(decision.cards)
        ]
        pick: Callable[..., int] = max if self.side_of[decision.seat] == side else min
        value = pick(child.value for child in children)
        lines = frozenset().union(*(child.lines for child in children if child.value == value))
        return Exact(value, lines)


def copied(game: Game) -> Game:
    """A copy of `game` to play on, sharing its cards (the engine compares them by identity)."""
    shared: dict[int, object] = {id(card): card for card in FULL_DECK}
    shared[id(game.rules)] = game.rules
    return copy.deepcopy(game, shared)


# ---------------------------------------------------------------------------------- comparison


@dataclass
class Comparison:
    #: Cards with a choice judged, and how many of them where the house rules matter.
    judged: int = 0
    telling: int = 0
    #: Every way the review differs from the reference.
    wrong: list[str] = field(default_factory=list)


def compare(end: EndOfHand, rules: HouseRules, found: Comparison) -> None:
    """Judge the last tricks of `end` with the review and the reference, into `found`."""
    replay = end.replay
    reference = Reference(end, rules)
    first = end.first_judged
    try:
        verdicts = review_plays(
            replay.plays[first:], replay.trump, end.side_of, replay.capture_points
        )
    except Exception as error:  # a review that fails is a disagreement
        found.wrong.append(f"the review failed: {error!r}")
        return
    by_play: dict[int, Verdict] = {verdict.play + first: verdict for verdict in verdicts}
    wrong = found.wrong
    for index, game in enumerate(end.before, start=first):
        position = replay.plays[index]
        assert [list(hand) for hand in position.hands] == game.hands
        side = end.side_of[position.seat]
        values = reference.card_values(game, side)
        if len(values) < 2:
            continue
        found.judged += 1
        found.telling += reference.rules_matter(position)
        best = max(exact.value for exact in values.values())
        lost = best - values[position.card].value
        verdict = by_play.pop(index, None)
        where = f"play {index} ({position.seat} {position.card})"
        if verdict is None:
            if lost:
                wrong.append(f"{where}: costs {lost}, not marked")
            continue
        if verdict.lost != lost:
            wrong.append(f"{where}: marked {verdict.lost}, costs {lost}")
        if not verdict.better or any(values[card].value != best for card in verdict.better):
            wrong.append(f"{where}: better {verdict.better} are not all best")
            continue
        falls = set(verdict.falls)
        kept = {(card, taker) for card, taker in falls if end.side_of[taker] == side}
        after_played = values[position.card].lines
        after_better = values[verdict.better[0]].lines
        if kept or not any(falls <= line for line in after_played):
            wrong.append(f"{where}: {falls} do not fall so after the card played")
        fallen = {card for card, _ in falls}
        if not any(
            all(end.side_of[taker] == side for card, taker in line if card in fallen)
            and fallen <= {card for card, _ in line}
            for line in after_better
        ):
            wrong.append(f"{where}: {fallen} are not all kept after {verdict.better[0]}")
    wrong += [f"play {index}: marked, but no card was judged there" for index in by_play]


def check(hands: Iterator[EndOfHand], rules: HouseRules, telling: int) -> None:
    """The review agrees with the reference on every card of `hands` with a choice, among
    them at least `telling` where the house rules matter."""
    found = Comparison()
    for end in hands:
        compare(end, rules, found)
    assert not found.wrong, (
        f"{len(found.wrong)} disagreements in {found.judged} cards judged:\n"
        + "\n".join(found.wrong[:20])
    )
    assert found.telling >= telling, found


# ---------------------------------------------------------------------------------- the tests


#: Hands per number of players: the last tricks of a two-player hand are the longest to solve.
HANDS = {2: 10, 3: 12, 4: 30}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_review_is_exact_under_the_usual_rules(players):
    check(random_hands(HouseRules(), players, players, HANDS[players]), HouseRules(), telling=0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_review_is_exact_with_low_scored_for_its_holder(players):
    hands = telling_hands(LOW_TO_HOLDER, players, 10 + players, HANDS[players])
    check(hands, LOW_TO_HOLDER, telling=HANDS[players])


# With four players every trump is dealt and neither the Ace nor the 2 may be set aside
# (docs/rules.md B-10), so High and Low in play are the Ace and the 2.
@pytest.mark.parametrize("players", [2, 3])
def test_the_review_is_exact_with_high_and_low_in_play(players):
    hands = telling_hands(IN_PLAY, players, 20 + players, HANDS[players])
    check(hands, IN_PLAY, telling=HANDS[players])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_review_is_exact_with_low_for_its_holder_and_high_and_low_in_play(players):
    hands = telling_hands(BOTH, players, 30 + players, HANDS[players])
    check(hands, BOTH, telling=HANDS[players])


@pytest.mark.parametrize("rules", [PLAY_SHORT, SHORT_AND_BOTH])
def test_the_review_is_exact_when_a_player_sits_out_the_last_tricks(rules):
    check(short_hands(rules, seed=40, count=24), rules, telling=24)
