"""Where the hidden cards probably lie: a model fitted on simulated deals (`inference.json`).

The sampler (`sampler`) deals only worlds that respect what is certain (voids, trumps kept,
cards seen). Within those, some worlds are far likelier than others: the maker holds the top
trumps its bid promised, the robbing dealer kept the best plain cards it saw, a player who kept
four trumps at the draw after passing holds small ones. The model says how much likelier, card by
card: for each hidden card and each place it may be (the next seat, the partner, the seat before,
or out of play), a score that is the sum of a few learned weights, each picked by the card (its
trump rank, or its plain rank) and one fact about the place: how far the hand has gone, what its
owner said in the auction, whether it dealt, how many trumps it kept and drew at the draw and
must still hold, whether it let the other side win a trick the card would have taken, and how
often it led the card's suit. The chance of a place is proportional to its room (cards still to
deal there, which alone is the uniform sampler) times the exponential of the score: a
conditional logit, fitted by `scripts/fit_inference.py` on deals played out by the rule-based
players (the bid table's bidding, `normal`'s draw and card play, which is `hard`'s too for the
first two cards).

Only four-player games with two partnerships are modelled; elsewhere every card's odds are even.
The weights are stored as integers (thousandths), so a card's score is an exact integer sum and
the odds, rounded, are the same on any machine: a decision stays a pure function of the seat's
view and its seed.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from bot.ai.bits import TRUMP_BLOCK, bits_of
from bot.ai.knowledge import Knowledge
from bot.engine import SeatView
from bot.package_data import shipped

MODEL_FILE = "inference.json"
#: The places a hidden card may be, relative to the seat that reads: out of play, the next seat,
#: the partner, the seat before.
PLACES = 4
OUT = 0
#: Card classes: the 14 trumps by rank, then plain cards by rank (2 to Ace), all suits alike.
CARD_CLASSES = 27
TRICKS = 6
#: What a seat said in the auction: nothing yet, passed, bid without taking the contract, maker
#: at up to 6, at 7 to 9, at 10 or more, or at no contract (the dealer after four passes).
CALLS = 7
#: Trumps kept and cards drawn at the draw: 0 to 6, or not known (the robbing dealer, or before).
COUNTS = 8
#: Trumps a seat must still hold: 0 to 6.
MUST_HOLD = 7
#: Whether a seat let the other side win a trick that this trump would have taken: no, yes, yes
#: with points in the trick.
PASSED_UP = 3
#: How often a seat has led the card's suit: never, once, more.
LED = 3
#: The weight tables, each indexed by the card class and one fact about the place.
TABLES = (
    ("place_trick", PLACES * TRICKS),
    ("call", CALLS),
    ("dealer_trick", 2 * TRICKS),
    ("kept", COUNTS),
    ("drawn", COUNTS),
    ("must_hold", MUST_HOLD),
    ("passed_up", PASSED_UP),
    ("led", LED),
)
#: Weights a place adds up; a place out of play has only the first.
FEATURES = len(TABLES)
#: Weight 0 is a pad that is always zero.
PAD = 0
SCALE = 1000


def _offsets() -> dict[str, int]:
    offsets, next_free = {}, 1
    for name, size in TABLES:
        offsets[name] = next_free
        next_free += size * CARD_CLASSES
    return offsets


OFFSETS = _offsets()
WEIGHTS = 1 + sum(size for _, size in TABLES) * CARD_CLASSES


@dataclass(frozen=True, slots=True)
class CardPlaces:
    """One hidden card as the model reads it: for each place (`PLACES`, relative to the reader),
    the room there (the cards it still holds, or that are out of play unseen; 0 where the card
    cannot be) and the weights it adds up."""

    bit: int
    room: tuple[int, ...]
    features: tuple[tuple[int, ...], ...]


def modelled(view: SeatView) -> bool:
    """Whether the model covers this table: four players, the partners facing each other."""
    if view.players != 4 or view.seat is None:
        return False
    me = view.seat
    return view.side_of((me + 2) % 4) == view.side_of(me) != view.side_of((me + 1) % 4)


def seat_at(me: int, place: int) -> int:
    """The seat at `place` (1 to 3) from `me`."""
    return (me + place) % 4


def read_places(view: SeatView, k: Knowledge) -> list[CardPlaces]:
    """Every hidden card with the places it may be and the weights each place adds up."""
    layout = k.layout
    trick = min(TRICKS - 1, len(view.tricks))
    seats = [seat_at(k.me, place) for place in range(1, PLACES)]
    out_room = k.unseen.bit_count() - sum(k.hand_sizes[seat] for seat in seats)
    facts = [_seat_facts(view, k, seat, trick) for seat in seats]
    passed = _passed_up(view, k)
    leads = _leads(view, k)
    cards = []
    for bit in bits_of(k.unseen):
        trump = layout.block[bit] == TRUMP_BLOCK
        card_class = (
            bit - layout.block_base[TRUMP_BLOCK] if trump else 14 + layout.card[bit].rank - 2
        )
        out_ok = out_room > 0 and not (trump and k.trumps_all_held)
        room = [out_room if out_ok else 0]
        features: list[tuple[int, ...]] = [
            (_index("place_trick", card_class, OUT * TRICKS + trick),) + (PAD,) * (FEATURES - 1)
        ]
        for place, seat in enumerate(seats, start=1):
            size = k.hand_sizes[seat]
            room.append(0 if k.excluded[seat] & (1 << bit) else size)
            passed_up = max((stake for best, stake in passed[seat] if bit > best), default=0)
            led = min(LED - 1, leads[seat][layout.block[bit]])
            values = (place * TRICKS + trick, *facts[place - 1], passed_up if trump else 0, led)
            features.append(
                tuple(
                    _index(name, card_class, value)
                    for (name, _), value in zip(TABLES, values, strict=True)
                )
            )
        cards.append(CardPlaces(bit, tuple(room), tuple(features)))
    return cards


def _passed_up(view: SeatView, k: Knowledge) -> list[list[tuple[int, int]]]:
    """Per seat, the tricks where it played after the other side had the best card and did not
    beat it: that card's bit, and 2 if the trick then held points (else 1). A trump above it
    would have taken the trick."""
    layout, side_of = k.layout, k.side_of
    passed: list[list[tuple[int, int]]] = [[] for _ in range(k.players)]
    for cards in [*(done.cards for done in view.tricks), view.trick]:
        if not cards:
            continue
        led = layout.block_of_card(cards[0][1])
        best_seat, best = cards[0][0], layout.bit[cards[0][1]]
        points = layout.points[best]
        for seat, card in cards[1:]:
            bit = layout.bit[card]
            beats = layout.block[bit] in (led, TRUMP_BLOCK) and bit > best
            if not beats and side_of[best_seat] != side_of[seat]:
                passed[seat].append((best, 2 if points else 1))
            if beats:
                best_seat, best = seat, bit
            points += layout.points[bit]
    return passed


def _leads(view: SeatView, k: Knowledge) -> list[list[int]]:
    """Per seat and suit block, the tricks it led in that suit."""
    leads = [[0] * 4 for _ in range(k.players)]
    for cards in [*(done.cards for done in view.tricks), view.trick]:
        if cards:
            seat, card = cards[0]
            leads[seat][k.layout.block_of_card(card)] += 1
    return leads


def _index(table: str, card_class: int, value: int) -> int:
    return OFFSETS[table] + card_class * dict(TABLES)[table] + value


def _seat_facts(view: SeatView, k: Knowledge, seat: int, trick: int) -> tuple[int, ...]:
    """The facts of `TABLES` after the first, for one seat."""
    kept, drawn = view.kept_trumps[seat], view.drawn[seat]
    return (
        _call(view, seat),
        (1 if seat == view.dealer else 0) * TRICKS + trick,
        COUNTS - 1 if kept is None else min(6, kept),
        COUNTS - 1 if drawn is None else min(6, drawn),
        min(MUST_HOLD - 1, k.min_trumps[seat]),
    )


def _call(view: SeatView, seat: int) -> int:
    calls = [amount for who, amount in view.bids if who == seat]
    if seat == view.maker:
        contract = view.contract or 0
        if contract == 0:
            return 6
        return 3 if contract <= 6 else 4 if contract <= 9 else 5
    if not calls:
        return 0
    return 1 if calls[-1] is None else 2


@dataclass(frozen=True, slots=True)
class Model:
    """The fitted weights, in thousandths."""

    weights: tuple[int, ...]

    def scores(self, card: CardPlaces) -> list[int]:
        """Each place's score in thousandths (an exact sum: the same on every machine)."""
        weights = self.weights
        return [sum(weights[index] for index in features) for features in card.features]


@cache
def load_model() -> Model:
    """The shipped model (`scripts/fit_inference.py` writes it)."""
    return parse_model(shipped(__package__, MODEL_FILE).read_text(encoding="utf-8"))


def parse_model(text: str) -> Model:
    data = json.loads(text)
    weights = tuple(int(value) for value in data["weights"])
    if data.get("tables") != [list(table) for table in TABLES] or len(weights) != WEIGHTS:
        raise ValueError("the inference model does not fit this code's feature tables")
    return Model(weights)


#: Per hidden card, by seat (index = seat) and out of play (index -1), how much likelier than
#: even the model makes each place.
Odds = dict[int, Sequence[float]]


def share(row: Sequence[float], place: int) -> float:
    """A card's odds at `place` as a share of its odds everywhere: what compares cards with
    each other for one place (each card's odds are scaled to its likeliest place, so the raw
    figures of two cards do not compare)."""
    total = sum(row)
    return row[place] / total if total else 0.0


def place_odds(view: SeatView, k: Knowledge, model: Model | None = None) -> Odds | None:
    """Each hidden card's odds by seat and out of play; None where the model does not apply
    (the sampler then deals as evenly as the constraints allow)."""
    if not modelled(view):
        return None
    model = model or load_model()
    odds: Odds = {}
    for card in read_places(view, k):
        row = [0.0] * (k.players + 1)
        scores = model.scores(card)
        top = max((score for score, room in zip(scores, card.room, strict=True) if room), default=0)
        for place, (score, room) in enumerate(zip(scores, card.room, strict=True)):
            where = -1 if place == OUT else seat_at(k.me, place)
            row[where] = round(math.exp((score - top) / SCALE), 9) if room else 0.0
        odds[card.bit] = row
    return odds
