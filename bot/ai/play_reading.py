"""Worlds that explain how the others played: their first tricks by the rules (`PlayReading`,
kept for the benchmark's `hard-first-plays`), or every play by a fitted policy
(`PolicyReading`, what `normal` and `hard` read).

Which card a player chose says more about its hand than the voids and counts that `knowledge`
reads: a player who holds the top trump leads it, one who can take a trick full of points takes
it, one who has a Pedro to save drops it on a partner's sure trick. The rule-based card play
(`cardplay.preferred_cards`) is how the computer players choose their cards in the first tricks
(`normal` and `hard` search from the first trick's third card), and sound people choose much the
same way. So a world in which a seat's hand would have led those rules to another card than the
one it played is unlikely, and the search sees it seldom: each world sampled (by the learned
odds of `inference`) is kept with chance `MISFIT` to the power of the plays it does not explain,
and dropped otherwise (rejection sampling), so that the worlds searched follow the weighted
distribution.

A play is read only while its player most likely played by the rules (see `READ_CARDS`). A
player who plays otherwise does not make every world unlikely: when no world explains its plays
all of them weigh alike, and after `DRAWS` rejected worlds the last one drawn is searched
anyway. The draws are a count, never a time, so a decision stays a pure function of the view and
the seed. See docs/computer-players.md, "Reading the others' first plays".
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass

from bot.ai.cardplay import Weighing, preferred_cards
from bot.ai.inference import Odds
from bot.ai.knowledge import Knowledge, read_knowledge
from bot.ai.play_policy import PlayPolicy, choice, legal_cards, load_policy
from bot.ai.sampler import sample_hands, weighed
from bot.engine import SeatView
from bot.engine.seating import seat_sides

#: How much less likely a world is for each play it does not explain.
MISFIT = 0.001
#: Worlds drawn at most for one that is kept.
DRAWS = 25
#: Plays are read while more cards than this were left in the hands: an opponent's before the
#: last four tricks, where people and `easy` play much as the rules do (`normal` and `hard`
#: search from the first trick's third card: their plays read there are not always the rules',
#: and a world that does not explain one is only made unlikely, never impossible), a partner's
#: while `hard` plays by the rules (`hard.SEARCH_CARDS`), since a partner at this table is most
#: often one of them.
READ_CARDS = {"opponent": 16, "partner": 22}


@dataclass(frozen=True, slots=True)
class EarlyPlay:
    """One card another seat played, with what that seat knew when it chose it."""

    seat: int
    #: The seat's knowledge before it played, its own hand left empty (the world fills it).
    before: Knowledge
    #: The cards the seat has played since, this one included: its hand then was the hand the
    #: world gives it now and these.
    since: int
    card: int


def early_plays(
    view: SeatView, read_cards: dict[str, int] = READ_CARDS
) -> tuple[EarlyPlay, ...]:
    """The other seats' plays in this hand while more cards than `read_cards` (by the player's
    role: "partner" or "opponent") were in the hands, in play order."""
    assert view.seat is not None
    plays = [
        (index, position, seat, card)
        for index, trick in enumerate((*(t.cards for t in view.tricks), view.trick))
        for position, (seat, card) in enumerate(trick)
    ]
    side_of = seat_sides(view.sides)
    reads = []
    for order, (index, position, seat, card) in enumerate(plays):
        if seat == view.seat:
            continue
        sizes = list(view.hand_sizes)
        for _, _, player, _ in plays[order:]:
            sizes[player] += 1  # the cards played since were still in the hands
        role = "partner" if side_of[seat] == side_of[view.seat] else "opponent"
        if sum(sizes) <= read_cards[role]:
            continue
        tricks = view.tricks[:index]
        trick = view.tricks[index].cards if index < len(view.tricks) else view.trick
        seen_by_seat = dataclasses.replace(
            view,
            seat=seat,
            hand=(),
            known_out=(),
            hand_sizes=tuple(sizes),
            tricks=tricks,
            trick=trick[:position],
            leader=trick[0][0],
            decision=None,
        )
        before = read_knowledge(seen_by_seat)
        layout = before.layout
        since = layout.mask(c for _, _, player, c in plays[order:] if player == seat)
        reads.append(EarlyPlay(seat, before, since, layout.bit[card]))
    return tuple(reads)


class PlayReading:
    """A source of worlds (`search.WorldSource`) weighed by the others' early plays.

    One reading serves one decision: it remembers which hands explain which plays, since the
    worlds of one decision often give a seat the same hand."""

    def __init__(self, view: SeatView, odds: Odds | None = None) -> None:
        self.plays = early_plays(view)
        self.dealer = view.dealer
        self.odds = odds
        self._explained: dict[tuple[int, int, int], bool] = {}

    def misfits(self, knowledge: Knowledge, hands: list[int]) -> int:
        """How many of the plays the rules would not have made with the hands of world
        `hands`, drawn from `knowledge`."""
        return sum(self._misfit_flags(knowledge, hands))

    def __call__(self, knowledge: Knowledge, rng: random.Random) -> list[int]:
        """A world that explains the plays read, or the last of `DRAWS` drawn."""
        hands = sample_hands(knowledge, rng, self.odds)
        if not self.plays:
            return hands
        draws = 1
        while draws < DRAWS and not self._kept(knowledge, hands, rng.random()):
            hands = sample_hands(knowledge, rng, self.odds)
            draws += 1
        return hands

    def _kept(self, knowledge: Knowledge, hands: list[int], chance: float) -> bool:
        """Whether a world kept with chance `MISFIT` per play it does not explain is kept when
        `chance` is drawn; plays are read only until the answer is known."""
        count = 0
        for misfit in self._misfit_flags(knowledge, hands):
            count += misfit
            if MISFIT**count <= chance:
                return False
        return True

    def _misfit_flags(self, knowledge: Knowledge, hands: list[int]) -> Iterator[bool]:
        """For each play in order, whether world `hands` fails to explain it."""
        held = 0
        for hand in hands:
            held |= hand
        # The dealer robbed the pack: it saw every card out of play but the face-up discards.
        out = knowledge.unseen & ~held
        for index, play in enumerate(self.plays):
            hand = hands[play.seat] | play.since
            seen_out = out if play.seat == self.dealer else 0
            key = (index, hand, seen_out)
            misfit = self._explained.get(key)
            if misfit is None:
                misfit = self._explained[key] = _misfit(play, hand, seen_out)
            yield misfit


def _misfit(play: EarlyPlay, hand: int, seen_out: int) -> bool:
    """Whether the rules would have played another card than `play`'s with `hand`, the player
    knowing of the unseen cards out of play `seen_out`."""
    knew = holding(play.before, hand, seen_out)
    legal = legal_cards(knew, hand)
    if len(legal) == 1:
        return False
    return play.card not in preferred_cards(Weighing(knew), legal)


#: Every play of the hand read, by the policy (`play_policy`).
EVERY_PLAY = {"opponent": 0, "partner": 0}
#: The log-chance of a play its player could not have made with the hand a world gives it.
IMPOSSIBLE = -30.0
#: Worlds drawn at most into the pool that the searched worlds are drawn from: half as many lost
#: a third of a point a deal in `normal`, twice as many gained nothing in `normal` or `hard`
#: (docs/computer-players.md).
POOL = 64
#: Plays read at most with a new hand (the chance of a play under a hand is remembered): a
#: count, so that the reading's time stays bounded and the decision a function of the seed.
READINGS = 300
#: Chances of plays under hands remembered across decisions, at most: a seat reads the same
#: plays again at each of its turns, and so do the other computer seats at its table (what a
#: play's player knew is public), and about a fifth of the hands its worlds give come again.
#: Past this the memory starts afresh (about 3.5 MB a process at most: two ints an entry).
REMEMBERED = 20_000

#: The remembered chances, by play (its number in `_play_numbers`) and the hand it was read with.
_remembered: dict[tuple[int, int], float] = {}
#: A number for each play read (the policy, what its player knew, the card), the key's first half.
_play_numbers: dict[tuple[PlayPolicy, Knowledge, int], int] = {}
_next_number = itertools.count()


class PolicyReading:
    """A source of worlds (`search.WorldSource`) weighed by the chance, under the fitted play
    policy (`play_policy`), of every play the others made with the hands each world gives them.

    At the first call a pool of worlds is drawn (by the learned odds of `inference`), up to
    `POOL` of them or until `READINGS` plays were read with a new hand; each world searched is
    then drawn from the pool with chance proportional to the product of the chances of the plays
    read (sampling-importance-resampling), so that a world may come more than once. Where
    `PlayReading` rejects the worlds whose hands the rules would not have played as seen in the
    first tricks, this is a soft reading of every play, searched ones included."""

    def __init__(
        self, view: SeatView, odds: Odds | None = None, policy: PlayPolicy | None = None
    ) -> None:
        self.plays = early_plays(view, EVERY_PLAY)
        self.odds = odds
        self.policy = policy or load_policy()
        self._numbers = [play_number(self.policy, play) for play in self.plays]
        self._log_chances: dict[tuple[int, int], float] = {}
        self._pool: list[list[int]] = []
        self._weights: list[float] = []

    def __call__(self, knowledge: Knowledge, rng: random.Random) -> list[int]:
        if not self.plays:
            return sample_hands(knowledge, rng, self.odds)
        if not self._pool:
            logs = []
            while len(self._pool) < POOL and len(self._log_chances) < READINGS:
                hands = sample_hands(knowledge, rng, self.odds)
                self._pool.append(hands)
                logs.append(self.log_likelihood(hands))
            top = max(logs)
            self._weights = [math.exp(log - top) for log in logs]
        return weighed(rng, self._pool, self._weights)

    def log_likelihood(self, hands: list[int]) -> float:
        """The log of the chance of every play read with the hands of world `hands`."""
        total = 0.0
        for number, play in zip(self._numbers, self.plays, strict=True):
            key = number, hands[play.seat] | play.since
            log = self._log_chances.get(key)
            if log is None:
                # New to this decision (`READINGS` counts these), if not to the process.
                log = _remembered.get(key)
                if log is None:
                    log = _remembered[key] = play_log_chance(self.policy, play, key[1])
                self._log_chances[key] = log
            total += log
        return round(total, 9)


def play_number(policy: PlayPolicy, play: EarlyPlay) -> int:
    """The number under which the chances of `play` are remembered. The memory starts afresh
    past `REMEMBERED` chances; a number is never given twice, so a reading numbered before
    that (a sliced analysis's) still finds only its own plays' chances."""
    if len(_remembered) > REMEMBERED:
        _remembered.clear()
        _play_numbers.clear()
    key = policy, play.before, play.card
    number = _play_numbers.get(key)
    if number is None:
        number = _play_numbers[key] = next(_next_number)
    return number


def play_log_chance(policy: PlayPolicy, play: EarlyPlay, hand: int) -> float:
    """The log of the chance that `play`'s player played its card holding `hand` (the robbing
    dealer's knowledge of the cards out of play is not read: it would make every world's hand
    a new one)."""
    knew = holding(play.before, hand, 0)
    legal = legal_cards(knew, hand)
    if play.card not in legal:
        # A world whose voids were given up to come out at all (`sampler.sample_hands`).
        return IMPOSSIBLE
    if len(legal) == 1:
        return 0.0
    return policy.log_chance(choice(knew, legal), play.card)


def holding(before: Knowledge, hand: int, seen_out: int) -> Knowledge:
    """What a player knew before a play (`EarlyPlay.before`) had it held `hand`, knowing of
    the unseen cards out of play `seen_out`."""
    return dataclasses.replace(before, hand=hand, unseen=before.unseen & ~hand & ~seen_out)
