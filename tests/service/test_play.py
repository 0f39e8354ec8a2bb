"""Playing through the service: refusals change nothing, actions are stored before the answer,
clicks arriving together apply once, and a hand's and a game's end are recorded and announced."""

from __future__ import annotations

import asyncio
import io
import sqlite3

import pytest
from PIL import Image

from bot.engine import (
    Bid,
    Card,
    CompletedTrick,
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
)
from bot.engine.actions import action_to_dict
from bot.errors import UserFacingError
from bot.presentation.scenes import HandCards, Seating, hand_summary_scene, rob_pack
from bot.render import HandScene, deck, hand, render_hand
from bot.service import Person, TableOptions
from bot.service.refusals import refusal
from tests.service.tables import (
    ALICE,
    BOB,
    CAROL,
    DAVE,
    fill_with_computers,
    four_people,
    open_table,
    person_at,
    play_until,
    public_table,
)


async def stored_actions(store, table_id: int) -> list[dict]:
    game = await store.games.active(table_id)
    return [record.action for record in await store.games.actions(game.id)]


@pytest.mark.slow
async def test_each_action_is_stored_before_the_call_returns(service, store):
    table_id = await four_people(service)
    game = service.registry.table(table_id).game
    first = person_at(service, table_id, game.to_act)
    await service.act(table_id, first, Bid(7))
    assert await stored_actions(store, table_id) == [action_to_dict(Bid(7))]


@pytest.mark.slow
async def test_out_of_turn_names_who_is_to_act_and_changes_nothing(service, store):
    table_id = await four_people(service)
    table = service.registry.table(table_id)
    game = table.game
    waiting = person_at(service, table_id, (game.to_act + 1) % 4)
    with pytest.raises(UserFacingError) as error:
        await service.act(table_id, waiting, Pass())
    to_act = table.seats[game.to_act].display_name
    assert error.value.message("en") == f"It is {to_act}'s turn."
    assert game.log == [] and await stored_actions(store, table_id) == []


@pytest.mark.slow
async def test_a_bid_too_low_is_refused_with_the_bid_to_beat(service, store):
    table_id = await four_people(service)
    game = service.registry.table(table_id).game
    await service.act(table_id, person_at(service, table_id, game.to_act), Bid(7))
    with pytest.raises(UserFacingError) as error:
        await service.act(table_id, person_at(service, table_id, game.to_act), Bid(7))
    assert error.value.message("en") == "Bids must be higher than 7."
    assert len(await stored_actions(store, table_id)) == 1


@pytest.mark.slow
async def test_someone_not_seated_cannot_act(service):
    table_id = await four_people(service)
    with pytest.raises(UserFacingError) as error:
        await service.act(table_id, Person(999, "stranger"), Pass())
    assert error.value.key == "errors.not_seated"


@pytest.mark.slow
async def test_a_button_of_an_earlier_hand_is_stale(service):
    table_id = await four_people(service)
    game = service.registry.table(table_id).game
    with pytest.raises(UserFacingError) as error:
        await service.act(
            table_id,
            person_at(service, table_id, game.to_act),
            Pass(),
            hand_number=game.hand_number - 1,
        )
    assert error.value.key == "errors.stale_button"
    assert game.log == []


@pytest.mark.slow
async def test_a_button_of_a_finished_game_says_the_game_is_over(service, clock):
    table_id = await four_people(service, target=5)
    table = service.registry.table(table_id)
    old_game = table.game_id
    await play_until(service, clock, table_id, lambda table: table.game is None)
    await service.start(table_id, ALICE)
    acting = person_at(service, table_id, table.game.to_act)
    with pytest.raises(UserFacingError) as error:
        await service.act(table_id, acting, Pass(), game_id=old_game, hand_number=1)
    assert error.value.message("en") == "This game is over."
    assert table.game.log == []


@pytest.mark.slow
async def test_an_illegal_card_says_what_must_be_played(service, clock, store):
    table_id = await four_people(service)

    def someone_cannot_play_everything(table) -> bool:
        game = table.game
        decision = game.decision()
        return isinstance(decision, PlayDecision) and len(decision.cards) < len(
            game.hands[decision.seat]
        )

    table = await play_until(service, clock, table_id, someone_cannot_play_everything)
    game = table.game
    decision = game.decision()
    illegal = next(card for card in game.hands[decision.seat] if card not in decision.cards)
    before = len(await stored_actions(store, table_id))
    with pytest.raises(UserFacingError) as error:
        await service.act(table_id, person_at(service, table_id, decision.seat), Play(illegal))
    shown = " ".join(card.display for card in decision.cards)
    assert error.value.key in ("errors.must_follow_suit", "errors.must_play_trump")
    assert error.value.params == {"cards": shown}
    assert len(await stored_actions(store, table_id)) == before


@pytest.mark.slow
async def test_two_clicks_together_apply_once(service, store):
    table_id = await four_people(service)
    game = service.registry.table(table_id).game
    first = person_at(service, table_id, game.to_act)
    outcomes = await asyncio.gather(
        service.act(table_id, first, Bid(5)),
        service.act(table_id, first, Bid(5)),
        return_exceptions=True,
    )
    refusals = [outcome for outcome in outcomes if isinstance(outcome, UserFacingError)]
    assert len(refusals) == 1 and refusals[0].key == "errors.not_your_turn"
    assert await stored_actions(store, table_id) == [action_to_dict(Bid(5))]


@pytest.mark.slow
async def test_a_hand_is_recorded_announced_and_the_table_reposted(service, clock, store, outbox):
    for person in (ALICE, BOB, CAROL, DAVE):  # each new deal goes to a new DM
        await service.people.change(person.user_id, hand_delivery="dm")
    table_id = await four_people(service)
    table = await play_until(service, clock, table_id, lambda table: table.game.hand_number == 2)
    await clock.advance(service, 10.0)  # past the edit coalescer's longest wait
    game_record = await store.games.active(table_id)
    (hand,) = await store.games.hands(game_record.id)
    result = table.game.history[0]
    assert (hand.contract, hand.maker, hand.trump) == (
        result.contract,
        result.maker,
        result.trump.value,
    )
    assert hand.points == result.points and hand.score_change == result.changes
    assert hand.captured == [[kind.value, side] for kind, side in result.captured]
    (announcement,) = [shown for shown in outbox.shown if shown.hand is not None]
    assert announcement.text.startswith("Hand 1: ")
    assert announcement.picture.startswith(b"\x89PNG")
    assert announcement.hand == (table.game_id, 1)
    assert outbox.tables[-1].repost and outbox.tables[-1].table.view.hand_number == 2
    new_deals = [hand for hand in outbox.hands if hand.place is None]
    assert len(new_deals) == 8  # the first deal and the second, to each player
    everyone = {person.user_id for person in (ALICE, BOB, CAROL, DAVE)}
    assert {hand.user_id for hand in new_deals[4:]} == everyone


@pytest.mark.slow
async def test_a_finished_game_is_stored_and_the_table_goes_back_to_its_lobby(
    service, clock, store, outbox
):
    table_id = await four_people(service, target=5)
    game_id = (await store.games.active(table_id)).id
    table = await play_until(service, clock, table_id, lambda table: table.game is None)
    await clock.settle(service)
    result = await store.games.result(game_id)
    assert result.status == "finished"
    assert max(result.final_scores) >= 5
    assert {player.user_id for player in result.players if player.won} == {
        table.seats[seat].user_id for seat in range(4) if seat % 2 == result.winners[0]
    }
    assert outbox.announcements()[-1].startswith("Victory for ")
    public = await public_table(service, table_id)
    assert not public.playing
    await service.start(table_id, ALICE)
    assert service.registry.table(table_id).game is not None


@pytest.mark.slow
async def test_computer_players_move_on_their_own_after_their_pause(service, clock):
    table_id = await open_table(service, options=TableOptions(computer_pause=2.0))
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    table = service.registry.table(table_id)
    game = table.game
    if table.user_at(game.to_act) == ALICE.user_id:
        await service.act(table_id, ALICE, Pass())
    moves = len(game.log)
    await clock.advance(service, 1.9)
    assert len(game.log) == moves
    await clock.advance(service, 0.1)
    assert len(game.log) == moves + 1


def test_refusals_name_cards_as_players_write_them() -> None:
    cards = tuple(Card.parse(code) for code in ("5D", "10H"))
    error = refusal(IllegalAction(Reason.MUST_PLAY_TRUMP, "", must_play=cards), str)
    assert error.message("en") == "You must play a trump: you hold 5♦ 10♥."
    error = refusal(IllegalAction(Reason.WRONG_COUNT, "", count=2, chosen=1), str)
    assert error.message("en") == "Choose exactly 2 cards."
    error = refusal(IllegalAction(Reason.WRONG_ACTION, "", phase=Phase.PLAY), str)
    assert error.message("en") == "That is not possible at this point in the hand."


@pytest.mark.slow
async def test_a_failed_write_leaves_the_table_as_the_store_has_it(service, store, monkeypatch):
    table_id = await four_people(service)
    table = service.registry.table(table_id)
    before = table.game.to_dict()
    first = person_at(service, table_id, table.game.to_act)

    async def disk_full(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(store.games, "append_action", disk_full)
    with pytest.raises(sqlite3.OperationalError):
        await service.act(table_id, first, Bid(7))
    monkeypatch.undo()
    assert table.game.to_dict() == before
    await service.act(table_id, first, Bid(7))
    assert await stored_actions(store, table_id) == [action_to_dict(Bid(7))]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3])
async def test_smaller_tables_play_to_the_end(service, clock, store, outbox, players):
    options = TableOptions(players=players, rules=HouseRules(target_score=5))
    table_id = await open_table(service, options=options)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    game_id = (await store.games.active(table_id)).id
    public = await public_table(service, table_id)
    assert public.text.startswith("**Hand 1**") and public.picture.startswith(b"\x89PNG")
    await play_until(service, clock, table_id, lambda table: table.game is None, people=(ALICE,))
    await clock.settle(service)
    result = await store.games.result(game_id)
    assert result.status == "finished" and len(result.final_scores) == players
    assert outbox.announcements()[-1].startswith("Victory for ")


@pytest.mark.slow
async def test_a_robbing_dealer_may_name_only_the_cards_chosen_freely(service, clock):
    """A select offers the dealer only their free choices; the cards they must keep (trumps
    first, by default) are added under the table's lock, whether the choice came from the
    select or from ``/cinch keep``."""
    table_id = await four_people(service)

    def dealer_chooses(table) -> bool:
        decision = table.game.decision()
        return isinstance(decision, KeepDecision) and bool(decision.required) and bool(
            decision.free_choices
        )

    table = await play_until(service, clock, table_id, dealer_chooses)
    game = table.game
    decision = game.decision()
    free = decision.options[: decision.free_choices]

    await service.act(table_id, person_at(service, table_id, decision.seat), Keep(free))

    assert sorted(game.hands[decision.seat], key=str) == sorted(
        (*decision.required, *free), key=str
    )



@pytest.mark.slow
async def test_naming_trumps_announces_who_won_the_auction(service, clock, outbox):
    table_id = await four_people(service)
    table = await play_until(
        service, clock, table_id, lambda table: table.game.phase is Phase.TRUMP
    )
    game = table.game
    maker, contract = game.maker, game.contract
    await service.act(table_id, person_at(service, table_id, maker), NameTrump(Suit.CLUBS))
    await clock.settle(service)
    name = table.names("en")[maker]
    expected = (
        f"📣 {name} won the auction with {contract} and named ♣ Clubs."
        if contract
        else f"📣 Nobody bid: {name} named ♣ Clubs (no contract)."
    )
    assert expected in outbox.announcements()


@pytest.mark.slow
async def test_the_robbing_dealer_sees_the_pack_beside_their_cards(service, clock):
    """One picture holds the dealer's own cards and, in a marked panel below them, the pack
    they choose from; nobody else's picture ever holds the pack."""
    table_id = await four_people(service)
    table = await play_until(
        service, clock, table_id, lambda table: isinstance(table.game.decision(), KeepDecision)
    )
    game = table.game
    decision = game.decision()
    dealer = decision.seat
    own = set(game.hands[dealer])
    pack = rob_pack(game.view(dealer))
    assert pack and not own & set(pack)
    assert set(pack) | own == {*decision.required, *decision.options}

    hands = {
        seat: (await service.show_hand(table_id, person_at(service, table_id, seat))).hand
        for seat in range(4)
    }
    with Image.open(io.BytesIO(hands[dealer].picture)) as robbing:
        plain = render_hand(HandScene(tuple(game.hands[dealer]), game.trump))
        with Image.open(io.BytesIO(plain)) as without_pack:
            assert robbing.height > without_pack.height + deck.card_height(hand.CARD_WIDTH)
    for seat in set(range(4)) - {dealer}:
        assert rob_pack(game.view(seat)) == ()


@pytest.mark.slow
async def test_the_hand_summary_shows_the_hands_last_trick(service, clock):
    """The next deal clears the table, so the end-of-hand picture carries the last trick, each
    card named by who played it and the winner's marked."""
    table_id = await four_people(service)
    table = await play_until(service, clock, table_id, lambda table: table.game.hand_number == 2)
    game = table.game
    assert game.public_view().previous_trick is None  # only the summary can show it now
    names = table.names("en")
    trick = CompletedTrick(0, ((0, Card.parse("2C")), (1, Card.parse("AC"))), 1, 4)
    scene = hand_summary_scene(
        game.history[0],
        HandCards(frozenset(), frozenset()),
        Seating(names, (False,) * 4, "en"),
        game.sides,
        game.rules.high_low,
        game.rules.target_score,
        trick,
    )
    sides = [game.public_view().side_of(seat) for seat in (0, 1)]
    assert [(play.name, play.side, play.card.code, play.won) for play in scene.last_trick] == [
        (names[0], sides[0], "2C", False),
        (names[1], sides[1], "AC", True),
    ]
