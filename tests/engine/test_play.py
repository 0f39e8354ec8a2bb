"""Legal plays, trick winners, points captured, refusals, views and the JSON state during play
(docs/rules.md A7, A1)."""

from __future__ import annotations

import itertools
import json
import random
from enum import Enum

import pytest

from bot.engine import (
    FULL_DECK,
    Bid,
    Card,
    CardPlayed,
    CompletedTrick,
    Discard,
    Game,
    HandScored,
    HouseRules,
    Keep,
    LowGoesTo,
    NameTrump,
    Pass,
    Phase,
    Play,
    PlayDecision,
    PointCard,
    Reason,
    Suit,
    TrickWon,
    card_points,
    event_to_dict,
    legal_plays,
    random_action,
    trick_winner,
)
from bot.engine.actions import action_from_dict, action_to_dict
from tests.engine.helpers import (
    E,
    N,
    S,
    W,
    arranged_game,
    assert_rejected,
    card_set,
    cards,
    e19_game,
    finals_from_tricks,
    of_type,
    play_split,
    play_tricks,
    split_game,
)

H, D, C, SP = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def legal(hand: str, trick: str, trump: Suit) -> set[Card]:
    return legal_plays(cards(hand), cards(trick), trump)


# ----------------------------------------------------------------------------- legal plays


def test_E26_any_card_may_be_led() -> None:
    hand = "5D KS QS 3C 2H 9D"
    assert legal(hand, "", H) == card_set(hand)
    game = split_game((12, 2), (1, None, None, None))
    assert game.decision() == PlayDecision(N, tuple(game.hands[N]))


def test_E27_the_left_pedro_must_follow_a_trump_lead() -> None:
    assert legal("5D KS QS 3C", "4H", H) == card_set("5D")


def test_E29_follow_suit_or_trump_on_a_plain_lead() -> None:
    assert legal("5D 7D 9S", "KD", H) == card_set("7D 5D")


def test_E30_a_trump_is_legal_beside_the_suit_led() -> None:
    assert legal("7D 3H 9S", "KD", H) == card_set("7D 3H")


def test_E31_void_in_the_suit_led_plays_anything() -> None:
    assert legal("3H 9S", "KD", H) == card_set("3H 9S")


def test_E32_void_in_trumps_on_a_trump_lead_plays_anything() -> None:
    assert legal("9S 2C QD", "AH", H) == card_set("9S 2C QD")


def test_E34_a_led_left_pedro_is_a_trump_lead() -> None:
    assert legal("4H 6H 3D", "5H", D) == card_set("3D")


def test_E35_the_left_pedro_of_clubs_leads_trumps() -> None:
    assert legal("AS 2C", "5S", C) == card_set("2C")


def test_the_left_pedro_does_not_follow_its_printed_suit() -> None:
    # Holding only the 5 of diamonds under hearts, a player is void in diamonds.
    assert legal("5D 9S", "KD", H) == card_set("5D 9S")
    assert legal("5D 9S 2D", "KD", H) == card_set("5D 2D")


def test_only_the_first_card_of_the_trick_sets_the_suit_led() -> None:
    assert legal("7D 3H 9S", "KD 2H AS", H) == card_set("7D 3H")
    assert legal("7D 3H 9S", "9C AD 5D", H) == card_set("7D 3H 9S")


def test_legal_plays_exhaustive_rule_for_small_hands() -> None:
    """Check A7.2 literally for every 3-card hand of a 9-card sample, every lead and trump."""
    sample = cards("AH 5H 5D 2D KS 5C 2C 10C 5S")
    for trump in Suit:
        for lead in FULL_DECK:
            if lead in sample:
                continue
            for hand in itertools.combinations(sample, 3):
                effective = {c: trump if _is_trump(c, trump) else c.suit for c in hand}
                led = trump if _is_trump(lead, trump) else lead.suit
                following = {card for card in hand if effective[card] is led}
                if not following:
                    expected = set(hand)
                elif led is trump:
                    expected = following
                else:
                    expected = following | {card for card in hand if effective[card] is trump}
                assert legal_plays(hand, [lead], trump) == expected


def _is_trump(card: Card, trump: Suit) -> bool:
    """Written from A1 independently of the engine: the trump suit plus the same-colour 5."""
    same_colour = {H: D, D: H, C: SP, SP: C}[trump]
    return card.suit is trump or (card.rank == 5 and card.suit is same_colour)


# ----------------------------------------------------------------------------- winners and points


def trick_points(trick: str, trump: Suit) -> int:
    return sum(card_points(card, trump) for card in cards(trick))


def test_E37_the_left_pedro_beats_the_four() -> None:
    # E leads KD, S 5D, W AD, N 4H.
    assert trick_winner(cards("KD 5D AD 4H"), H) == 1
    assert trick_points("KD 5D AD 4H", H) == 5


def test_E38_the_right_pedro_beats_the_left_pedro() -> None:
    # N leads 4H, E 5D, S 5H, W 2H: S wins 11 points.
    assert trick_winner(cards("4H 5D 5H 2H"), H) == 2
    assert trick_points("4H 5D 5H 2H", H) == 11


def test_E39_without_trumps_the_highest_card_of_the_suit_led_wins() -> None:
    # W leads QS, N AS, E KS, S 2C: N wins.
    assert trick_winner(cards("QS AS KS 2C"), H) == 1
    assert trick_points("QS AS KS 2C", H) == 0


def test_E40_an_off_suit_ace_does_not_win() -> None:
    # W leads 9C, N AD, E 10C, S 2C: E wins.
    assert trick_winner(cards("9C AD 10C 2C"), H) == 2


def test_a_led_left_pedro_loses_to_the_right_pedro_and_beats_the_four() -> None:
    assert trick_winner(cards("5D 4H 5H"), H) == 2
    assert trick_winner(cards("5D 4H 3H"), H) == 0
    assert trick_winner(cards("KD 5D 4H"), H) == 1


def test_trick_winner_with_one_card_and_an_empty_trick() -> None:
    assert trick_winner(cards("2C"), H) == 0
    with pytest.raises(ValueError):
        trick_winner([], H)


E42_TRICKS = (
    "N:2C E:KC S:3C W:4C",
    "E:AC S:5C W:5S N:7C",
    "E:QC S:6C W:AS N:8C",
    "E:JC S:AD W:KS N:AH",
    "E:10C S:KD W:QS N:KH",
    "E:9C S:QD W:JS N:QH",
)


def e42_hand(rules: HouseRules | None = None) -> Game:
    finals = finals_from_tricks(E42_TRICKS)
    return arranged_game(W, C, finals, (1, None, None, None), rules)


def test_E42_low_goes_to_the_side_that_wins_it() -> None:
    game = e42_hand()
    events = play_tricks(game, E42_TRICKS[:1])
    assert of_type(events, TrickWon) == [
        TrickWon(E, tuple(zip((N, E, S, W), cards("2C KC 3C 4C"), strict=True)), 1)
    ]
    (scored,) = of_type(play_tricks(game, E42_TRICKS[1:]), HandScored)
    result = scored.result
    assert dict(result.captured)[PointCard.LOW] == 1
    assert result.points == (0, 14)
    assert result.changes == (0, 15) and not result.made


def test_E42_low_goes_to_the_holder_with_that_house_rule() -> None:
    game = e42_hand(HouseRules(low_goes_to=LowGoesTo.HOLDER))
    (scored,) = of_type(play_tricks(game, E42_TRICKS), HandScored)
    result = scored.result
    assert dict(result.captured)[PointCard.LOW] == 0
    assert dict(result.captured)[PointCard.HIGH] == 1
    assert result.points == (1, 13) and result.made and result.changes == (0, 12)


def test_E43_the_ace_of_trumps_always_wins() -> None:
    for trump in Suit:
        ace = Card(14, trump)
        others = [card for card in FULL_DECK if card is not ace]
        for pair in itertools.combinations(others, 2):
            for position in range(3):
                trick = list(pair)
                trick.insert(position, ace)
                assert trick_winner(trick, trump) == position


def test_E43_the_ace_of_trumps_wins_in_played_games() -> None:
    seen = 0
    for seed in range(6):
        game = Game.new(HouseRules(target_score=1000), 4, seed)
        rng = random.Random(seed)
        while game.hand_number < 3:
            events = game.apply(game.to_act, random_action(game.decision(), rng))
            for won in of_type(events, TrickWon):
                trump = game.trump or game.history[-1].trump
                ace = Card(14, trump)
                for seat, card in won.cards:
                    if card is ace:
                        seen += 1
                        assert won.seat == seat
    assert seen


def test_the_winner_of_each_trick_leads_the_next_and_points_are_counted() -> None:
    game = split_game((12, 2), (6, None, None, None))
    events = play_tricks(game, ("N:AH E:9H S:5H W:8H",))
    assert game.tricks == [
        CompletedTrick(N, tuple(zip((N, E, S, W), cards("AH 9H 5H 8H"), strict=True)), N, 6)
    ]
    assert game.view(E).points_taken == (6, 0)
    assert game.to_act == N and game.leader == N and game.trick == []
    assert [event.seat for event in of_type(events, CardPlayed)] == [N, E, S, W]
    play_tricks(game, ("N:KH E:7H S:5D W:6H", "N:QH E:4H S:JH W:3H", "N:3S E:10H S:4S W:2H"))
    assert game.to_act == E and game.leader == E
    assert game.public_view().points_taken == (12, 2)
    assert game.public_view().previous_trick.winner == E


# ----------------------------------------------------------------------------- refusals


def test_refused_plays_leave_the_state_unchanged() -> None:
    game = split_game((12, 2), (6, None, None, None))
    refusal = assert_rejected(game, N, Play(Card.parse("2S")), Reason.NOT_IN_HAND)
    assert refusal.details == {"card": Card.parse("2S")}
    assert_rejected(game, N, Play("AH"), Reason.NOT_IN_HAND)  # type: ignore[arg-type]
    assert_rejected(game, E, Play(Card.parse("9H")), Reason.NOT_YOUR_TURN)
    assert_rejected(game, N, Bid(3), Reason.WRONG_ACTION)
    game.apply(N, Play(Card.parse("AH")))
    refusal = assert_rejected(game, E, Play(Card.parse("AC")), Reason.MUST_PLAY_TRUMP)
    assert set(refusal.details["must_play"]) == card_set("9H 7H 4H 10H")
    play_tricks(game, ("E:9H S:5H W:8H", "N:KH E:7H S:5D W:6H", "N:QH E:4H S:JH W:3H"))
    game.apply(N, Play(Card.parse("3S")))
    play_tricks(game, ("E:10H",))
    refusal = assert_rejected(game, S, Play(Card.parse("2C")), Reason.MUST_FOLLOW_SUIT)
    assert refusal.details == {"led": SP, "must_play": tuple(cards("4S"))}


def test_play_is_refused_outside_the_play_phase() -> None:
    game = Game.from_deck(list(FULL_DECK), N)
    assert_rejected(game, E, Play(game.hands[E][0]), Reason.WRONG_ACTION)


# ----------------------------------------------------------------------------- views and JSON


def visible_cards(value: object) -> set[Card]:
    """Every card anywhere inside a view."""
    if isinstance(value, Card):
        return {value}
    if isinstance(value, HouseRules | str | int | float | Enum) or value is None:
        return set()
    if isinstance(value, dict):
        return set().union(*(visible_cards(v) for v in value.values()), set())
    if isinstance(value, tuple | list):
        return set().union(*(visible_cards(v) for v in value), set())
    slots = getattr(type(value), "__slots__", ())
    return set().union(*(visible_cards(getattr(value, name)) for name in slots), set())


@pytest.mark.slow
def test_views_never_hold_another_seats_hand() -> None:
    for seed in range(4):
        game = Game.new(HouseRules(target_score=1000, discards_visible=False), 4, seed)
        rng = random.Random(seed)
        while game.hand_number < 3:
            for seat in range(4):
                view = game.view(seat)
                assert view.hand == tuple(game.hands[seat])
                robbing = seat == game.dealer and game.phase is Phase.ROB
                secret = set() if robbing else set(game.stock)
                for other in range(4):
                    if other != seat:
                        secret |= set(game.hands[other]) | set(game.hidden_discards[other])
                        secret |= set(game.discards[other])
                assert not visible_cards(view) & secret
                assert (view.decision is None) == (seat != game.to_act)
            public = visible_cards(game.public_view())
            assert not public & (set(game.stock).union(*game.hands, *game.hidden_discards))
            game.apply(game.to_act, random_action(game.decision(), rng))


def test_json_round_trip_mid_hand_and_replay() -> None:
    game = split_game((7, 7), (7, None, None, None), scores=(12, 30))
    play_tricks(game, ("N:AH E:9H S:5H W:8H", "N:KH E:7H"))
    data = json.loads(json.dumps(game.to_dict()))
    copy = Game.from_dict(data)
    assert copy.to_dict() == game.to_dict()
    assert copy.decision() == game.decision()
    assert copy.view(S) == game.view(S)
    assert game.replayed().to_dict() == game.to_dict()
    rest = ("S:JH W:6H", "N:QH E:4H S:2C W:3H", "N:3S E:10H S:4S W:5D")
    assert play_tricks(copy, rest) == play_tricks(game, rest)
    assert copy.to_dict() == game.to_dict()


@pytest.mark.slow
def test_json_round_trip_at_every_step_of_a_game() -> None:
    rules = HouseRules(target_score=30, discards_visible=False, low_goes_to=LowGoesTo.HOLDER)
    game = Game.new(rules, 4, seed=8)
    rng = random.Random(8)
    while not game.is_over:
        copy = Game.from_dict(json.loads(json.dumps(game.to_dict())))
        assert copy.to_dict() == game.to_dict() and copy.decision() == game.decision()
        game.apply(game.to_act, random_action(game.decision(), rng))
    assert Game.from_dict(json.loads(json.dumps(game.to_dict()))).to_dict() == game.to_dict()
    assert game.replayed().to_dict() == game.to_dict()
    logged = [Game.action_from_dict(item) for item in json.loads(json.dumps(game.log_to_dicts()))]
    assert logged == game.log


def test_events_are_plain_json() -> None:
    game = Game.new(HouseRules(target_score=11), 4, seed=12)
    rng = random.Random(12)
    kinds = set()
    while not game.is_over:
        for event in game.apply(game.to_act, random_action(game.decision(), rng)):
            data = event_to_dict(event)
            assert json.loads(json.dumps(data)) == data
            kinds.add(data["event"])
    assert {"TrumpNamed", "Discarded", "Drew", "CardPlayed", "TrickWon"} <= kinds
    assert {"HandScored", "GameWon"} <= kinds


def test_the_hand_scored_after_the_sixth_trick() -> None:
    game = split_game((12, 2), (6, None, None, None))
    events = play_split(game, (12, 2))
    assert len(of_type(events, TrickWon)) == 6 and len(of_type(events, HandScored)) == 1
    assert of_type(events, TrickWon)[-1].seat == E


def test_two_games_played_alike_share_their_logs_entries_but_for_cards_thrown_or_kept() -> None:
    """Every card played, bid, pass and trump named is logged as one entry shared by all games
    (a log lives as long as its game: see `bot.engine.game`), whatever action object came in;
    cards thrown or kept are logged as they came. Every entry still reads (seat, action)."""
    games = [e19_game(HouseRules(target_score=11)) for _ in range(2)]  # trumps set aside
    rng = random.Random(31)
    while not games[0].is_over:
        seat, action = games[0].to_act, random_action(games[0].decision(), rng)
        games[0].apply(seat, action)
        games[1].apply(seat, action_from_dict(action_to_dict(action)))  # an object of its own
    kinds = set()
    for ours, theirs in zip(games[0].log, games[1].log, strict=True):
        assert ours == theirs and type(ours[0]) is int
        kinds.add(type(ours[1]))
        assert (ours is theirs) is (type(ours[1]) in (Play, Bid, Pass, NameTrump))
    assert {Play, Bid, Pass, NameTrump, Discard, Keep} <= kinds
