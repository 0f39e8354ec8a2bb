"""Builders for engine tests: decks that deal chosen hands, and hands played out card by card.

Seats follow docs/rules.md: N=0, E=1, S=2, W=3. Card lists are written as text ("AH 10D 5C").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from bot.engine import (
    FULL_DECK,
    Bid,
    BidDecision,
    Card,
    Discard,
    DiscardDecision,
    Event,
    Game,
    HouseRules,
    IllegalAction,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayDecision,
    Reason,
    Suit,
    TrumpDecision,
    deck_order,
    is_trump,
    parse_cards,
)
from bot.engine.actions import Action

N, E, S, W = 0, 1, 2, 3
SEAT_LETTERS = {"N": N, "E": E, "S": S, "W": W}
HAND_DEALT = 9
PACKET = 3

CardsLike = str | Iterable[Card]


def cards(text: CardsLike) -> list[Card]:
    """Cards from text such as "AH 10D 5C" (or a card list, unchanged)."""
    return parse_cards(text) if isinstance(text, str) else list(text)


def card_set(text: CardsLike) -> set[Card]:
    return set(cards(text))


def deal_order(dealer: int, players: int) -> list[int]:
    """The seats in the order they receive cards: from the dealer's left, the dealer last."""
    return [(dealer + 1 + step) % players for step in range(players)]


def _filler(exclude: set[Card]) -> list[Card]:
    """Unused cards ordered by rank then suit, so filled hands mix the suits."""
    return sorted((c for c in FULL_DECK if c not in exclude), key=lambda c: (c.rank, c.index))


def deck_for(
    dealer: int,
    hands: Mapping[int, CardsLike],
    stock: CardsLike = (),
    players: int = 4,
) -> list[Card]:
    """The 52-card deck (top first) that deals `hands` to their seats and starts the stock with
    `stock`, dealing 3 at a time from the dealer's left. Seats given fewer than 9 cards, and the
    rest of the stock, are filled with the unused cards (lowest ranks first, suits mixed)."""
    wanted = {seat: cards(hand) for seat, hand in hands.items()}
    top_of_stock = cards(stock)
    used = [card for hand in wanted.values() for card in hand] + top_of_stock
    repeated = [card for card, count in Counter(used).items() if count > 1]
    assert not repeated, f"cards given twice: {repeated}"
    assert all(len(hand) <= HAND_DEALT for hand in wanted.values())
    spare = _filler(set(used))
    full = {seat: list(wanted.get(seat, ())) for seat in range(players)}
    for seat in range(players):
        while len(full[seat]) < HAND_DEALT:
            full[seat].append(spare.pop(0))
    deck: list[Card] = []
    for packet in range(HAND_DEALT // PACKET):
        for seat in deal_order(dealer, players):
            deck.extend(full[seat][packet * PACKET : (packet + 1) * PACKET])
    deck.extend(top_of_stock + spare)
    assert sorted(deck, key=deck_order) == list(FULL_DECK)
    return deck


def arranged_deck(
    dealer: int, trump: Suit, finals: Mapping[int, CardsLike], players: int = 4
) -> list[Card]:
    """A deck after whose draw each seat holds exactly `finals[seat]` (6 cards).

    Everyone who discards is dealt their final trumps plus plain cards they will throw away, and
    draws their final plain cards from the stock in turn. A robbing dealer (4 players) is dealt
    their final cards plus three plain ones and must then keep their final cards (`keep_finals`).
    Cards in no final hand end up at the bottom of the stock.
    """
    wanted = {seat: cards(hand) for seat, hand in finals.items()}
    assert sorted(wanted) == list(range(players))
    assert all(len(hand) == 6 for hand in wanted.values())
    used = {card for hand in wanted.values() for card in hand}
    plain_spare = [card for card in _filler(used) if not is_trump(card, trump)]
    robs = players >= 4
    dealt: dict[int, list[Card]] = {}
    stock: list[Card] = []
    for seat in deal_order(dealer, players):
        final = wanted[seat]
        if robs and seat == dealer:
            dealt[seat] = final + [plain_spare.pop(0) for _ in range(HAND_DEALT - len(final))]
            continue
        trumps = [card for card in final if is_trump(card, trump)]
        dealt[seat] = trumps + [plain_spare.pop(0) for _ in range(HAND_DEALT - len(trumps))]
        stock.extend(card for card in final if not is_trump(card, trump))
    return deck_for(dealer, dealt, stock, players)


def bid_round(game: Game, *bids: int | None) -> list[Event]:
    """Each seat in turn bids the amount given, or passes for None."""
    events: list[Event] = []
    for amount in bids:
        action: Action = Pass() if amount is None else Bid(amount)
        events += game.apply(game.to_act, action)
    return events


def first_choice(decision: object) -> Action:
    """A simple legal action: pass in the auction, hearts, the first options, the first card."""
    match decision:
        case BidDecision():
            return Pass()
        case TrumpDecision():
            return NameTrump(Suit.HEARTS)
        case DiscardDecision():
            return Discard(decision.options[: decision.count])
        case KeepDecision():
            return Keep(decision.required + decision.options[: decision.free_choices])
        case PlayDecision():
            return Play(decision.cards[0])
    raise TypeError(f"not a decision: {decision!r}")


def finish_draw(game: Game, keep: CardsLike | None = None) -> list[Event]:
    """Complete the draw: the dealer keeps `keep` if given; other choices take the first options."""
    events: list[Event] = []
    while game.phase in (Phase.DISCARD, Phase.ROB):
        decision = game.decision()
        action = first_choice(decision)
        if isinstance(decision, KeepDecision) and keep is not None:
            action = Keep(tuple(cards(keep)))
        events += game.apply(game.to_act, action)
    return events


def arranged_game(
    dealer: int,
    trump: Suit,
    finals: Mapping[int, CardsLike],
    bids: Sequence[int | None],
    rules: HouseRules | None = None,
    players: int = 4,
    scores: Sequence[int] | None = None,
) -> Game:
    """A game past the auction and the draw in which each seat holds `finals[seat]`."""
    deck = arranged_deck(dealer, trump, finals, players)
    game = Game.from_deck(deck, dealer, rules, players, scores=scores)
    bid_round(game, *bids)
    game.apply(game.to_act, NameTrump(trump))
    finish_draw(game, keep=finals[dealer])
    for seat, final in finals.items():
        assert set(game.hands[seat]) == card_set(final), f"seat {seat} holds {game.hands[seat]}"
    assert game.phase is Phase.PLAY
    return game


def seat_of(label: str) -> int:
    return SEAT_LETTERS[label] if label in SEAT_LETTERS else int(label)


def play_tricks(game: Game, tricks: Sequence[str]) -> list[Event]:
    """Play tricks written as "N:AH E:9H S:5H W:8H" (seat:card in playing order), checking
    that each seat named is the one whose turn it is."""
    events: list[Event] = []
    for trick in tricks:
        for play in trick.split():
            label, code = play.split(":")
            seat = seat_of(label)
            assert game.to_act == seat, f"{play}: it is seat {game.to_act}'s turn"
            events += game.apply(seat, Play(Card.parse(code)))
    return events


def play_out_hand(game: Game) -> list[Event]:
    """Take the first legal option at every step until the hand is scored."""
    hand = game.hand_number
    events: list[Event] = []
    while not game.is_over and game.hand_number == hand:
        events += game.apply(game.to_act, first_choice(game.decision()))
    return events


def of_type(events: Iterable[Event], kind: type) -> list:
    return [event for event in events if isinstance(event, kind)]


def card_places(game: Game) -> Counter[Card]:
    """How many places hold each card: hands, discards, dead or thrown trumps, stock, tricks."""
    places: Counter[Card] = Counter()
    for pile in (*game.hands, *game.discards, *game.hidden_discards, *game.dead):
        places.update(pile)
    places.update(game.stock)
    places.update(card for _, card in game.thrown)
    places.update(card for _, card in game.trick)
    for trick in game.tricks:
        places.update(card for _, card in trick.cards)
    return places


def assert_every_card_once(game: Game) -> None:
    places = card_places(game)
    assert set(places) == set(FULL_DECK)
    assert set(places.values()) == {1}


def assert_rejected(game: Game, seat: int, action: object, reason: Reason) -> IllegalAction:
    """The action is refused for `reason` and the whole state is exactly as before."""
    before = game.to_dict()
    decision = game.decision()
    try:
        game.apply(seat, action)  # type: ignore[arg-type]
    except IllegalAction as refusal:
        assert refusal.reason is reason, f"refused for {refusal.reason}, not {reason}"
        assert game.to_dict() == before
        assert game.decision() == decision
        return refusal
    raise AssertionError(f"{action!r} by seat {seat} was accepted")


def finals_from_tricks(tricks: Sequence[str]) -> dict[int, list[Card]]:
    """Each seat's six cards, read from tricks written for `play_tricks`."""
    finals: dict[int, list[Card]] = {}
    for trick in tricks:
        for play in trick.split():
            label, code = play.split(":")
            finals.setdefault(seat_of(label), []).append(Card.parse(code))
    return finals


# Whole hands with hearts trumps, N leading the first trick, keyed by the points NS and EW take.
# Every trump is in play, so the two totals make 14.
SPLITS: dict[tuple[int, int], tuple[str, ...]] = {
    (12, 2): (
        "N:AH E:9H S:5H W:8H",
        "N:KH E:7H S:5D W:6H",
        "N:QH E:4H S:JH W:3H",
        "N:3S E:10H S:4S W:2H",
        "E:AC S:2C W:3C N:4C",
        "E:KC S:5C W:6C N:7C",
    ),
    (9, 5): (
        "N:AH E:9H S:JH W:8H",
        "N:KH E:7H S:10H W:6H",
        "N:QH E:2H S:5H W:3H",
        "N:3S E:4H S:4S W:5D",
        "W:3C N:4C E:AC S:2C",
        "E:KC S:5C W:8C N:7C",
    ),
    (7, 7): (
        "N:AH E:9H S:5H W:8H",
        "N:KH E:7H S:JH W:6H",
        "N:QH E:4H S:2C W:3H",
        "N:3S E:10H S:4S W:5D",
        "E:2H S:5C W:3C N:4C",
        "E:AC S:6C W:8C N:7C",
    ),
    (6, 8): (
        "N:AH E:9H S:5H W:8H",
        "N:KH E:7H S:2C W:6H",
        "N:QH E:4H S:5C W:3H",
        "N:3S E:10H S:4S W:5D",
        "E:JH S:6C W:3C N:4C",
        "E:2H S:9C W:8C N:7C",
    ),
    (3, 11): (
        "N:AH E:9H S:JH W:8H",
        "N:KH E:7H S:10H W:6H",
        "N:QH E:4H S:2C W:3H",
        "N:3S E:5H S:4S W:5D",
        "E:2H S:5C W:3C N:4C",
        "E:AC S:6C W:8C N:7C",
    ),
}


def split_game(
    split: tuple[int, int],
    bids: Sequence[int | None],
    *,
    dealer: int = W,
    rules: HouseRules | None = None,
    scores: Sequence[int] | None = None,
) -> Game:
    """A game ready to play the `SPLITS[split]` hand, after the given auction (N must end up
    the maker, leading the first trick)."""
    tricks = SPLITS[split]
    game = arranged_game(
        dealer, Suit.HEARTS, finals_from_tricks(tricks), bids, rules, scores=scores
    )
    assert game.maker == N and game.to_act == N
    return game


def play_split(game: Game, split: tuple[int, int]) -> list[Event]:
    return play_tricks(game, SPLITS[split])


def e19_game(rules: HouseRules | None = None, holder: int = W) -> Game:
    """Diamonds trumps; N makes; `holder` (dealt before the dealer S robs) holds eight trumps
    and must set two aside (E19)."""
    deck = deck_for(S, {holder: "AD KD QD JD 10D 9D 5D 5H 3C"})
    game = Game.from_deck(deck, S, rules)
    bid_round(game, None, 1, None, None)
    game.apply(N, NameTrump(Suit.DIAMONDS))
    return game


def surplus_game(rules: HouseRules | None = None) -> Game:
    """Robbing with a choice: dealer W's nine cards and the rest of the stock hold nine trumps,
    three of them points (5H 5D 2H)."""
    deck = deck_for(
        W,
        {
            N: "AH KH QH 2C 3C 4C 6C 7C 8C",
            E: "JH 2D 3D 4D 6D 7D 8D 9D 10D",
            S: "10H 2S 3S 4S 6S 7S 8S 9S 10S",
            W: "9H 8H 7H 6H 5H 5D 2H AS KS",
        },
        stock="9C 10C JC QC KC AC 5C 5S JD QD KD AD QS 4H 3H JS",
    )
    game = Game.from_deck(deck, W, rules)
    bid_round(game, 1, None, None, None)
    game.apply(N, NameTrump(Suit.HEARTS))
    assert game.phase is Phase.ROB and len(game.stock) == 3
    return game
