"""Restoring tables after a restart, and what the public and private views may show."""

from __future__ import annotations

import random
import re

import pytest

from bot.engine import Card, Game, Phase
from bot.engine.random_player import random_action
from bot.presentation.scenes import Seating, table_scene
from bot.render import display_order
from bot.service import TableService
from bot.store import Store
from tests.service.tables import (
    ALICE,
    RecordingOutbox,
    fill_with_computers,
    four_people,
    open_table,
    person_at,
    play_until,
    public_table,
)

pytestmark = pytest.mark.slow

CARD_TEXT = re.compile(r"(?:10|[2-9JQKA])[♣♦♥♠]")


def in_the_middle_of_a_hand(table) -> bool:
    game = table.game
    return game.hand_number == 2 and game.phase is Phase.PLAY and len(game.tricks) == 2


async def test_a_restarted_service_continues_the_game_where_it_was(
    service, clock, store: Store, decisions
):
    table_id = await four_people(service)
    table = await play_until(service, clock, table_id, in_the_middle_of_a_hand)
    await clock.settle(service)
    before = table.game.to_dict()
    await service.close()

    again = TableService(
        store,
        RecordingOutbox(),
        decisions=decisions,
        random_source=random.Random(1),
        sleep=clock.sleep,
    )
    try:
        assert await again.restore() == 1
        restored = again.registry.table(table_id)
        assert restored.game.to_dict() == before
        assert restored.seats == table.seats
        await play_until(again, clock, table_id, lambda t: t.game.hand_number == 3)
        game_id = (await store.games.active(table_id)).id
        stored = Game.from_dict((await store.games.get(game_id)).state)
        for record in await store.games.actions(
            game_id, after=(await store.games.get(game_id)).state_seq
        ):
            stored.apply(*Game.action_from_dict({"seat": record.seat, **record.action}))
        assert stored.to_dict() == restored.game.to_dict()
    finally:
        await again.close()


async def test_computer_players_carry_on_after_a_restart(service, clock, store, decisions):
    table_id = await open_table(service)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    table = await play_until(
        service,
        clock,
        table_id,
        lambda table: table.user_at(table.game.to_act) is None,
        people=(ALICE,),
    )
    moves = len(table.game.log)
    await service.close()
    again = TableService(
        store,
        RecordingOutbox(),
        decisions=decisions,
        random_source=random.Random(1),
        sleep=clock.sleep,
    )
    try:
        await again.restore()
        game = again.registry.table(table_id).game
        assert len(game.log) == moves
        await clock.advance(again, 1.0)
        assert len(game.log) == moves + 1
    finally:
        await again.close()


def hidden_cards(game: Game) -> set[Card]:
    """Cards nobody at the table has seen face up."""
    hidden = {card for hand in game.hands for card in hand} | set(game.stock)
    return hidden | {card for pile in game.hidden_discards for card in pile}


async def test_no_public_text_or_picture_ever_holds_a_hidden_card(service, clock):
    table_id = await four_people(service, target=11)
    table = service.registry.table(table_id)
    rng = random.Random(5)
    steps = 0
    while table.game is not None:
        game = table.game
        hidden = hidden_cards(game)
        public = await public_table(service, table_id)
        assert not {Card.parse(text) for text in CARD_TEXT.findall(public.text)} & hidden
        scene = table_scene(game.public_view(), Seating(table.names("en"), (False,) * 4, "en"))
        shown = {played.card for played in scene.trick + scene.last_trick}
        assert not shown & hidden
        person = person_at(service, table_id, game.to_act)
        private = (await service.show_hand(table_id, person)).hand
        assert set(private.cards) == set(game.hands[game.to_act])
        assert private.cards == tuple(display_order(game.hands[game.to_act], game.trump))
        decision = game.decision()
        robbing = set(getattr(decision, "required", ())) | set(getattr(decision, "options", ()))
        assert not {Card.parse(text) for text in CARD_TEXT.findall(private.text)} - (
            set(private.cards)
            | robbing
            | {card for _, card in game.trick}
            | {card for trick in game.tricks for _, card in trick.cards}
            | {card for pile in game.dead for card in pile}
            | set(game.discards[game.to_act])  # their own throw, told to them alone
            | {card for pile in game.public_view().discards for card in pile}  # face up
        )
        await service.act(table_id, person, random_action(game.decision(), rng))
        steps += 1
    assert steps > 20


async def test_the_table_text_says_whose_turn_it_is_with_the_given_mention(service):
    table_id = await four_people(service)
    table = service.registry.table(table_id)
    acting = table.user_at(table.game.to_act)
    public = await public_table(service, table_id)
    assert public.mention == acting
    assert public.text.splitlines()[-1] == f"▶ <@{acting}> to bid"
    assert public.picture.startswith(b"\x89PNG")


async def test_the_table_message_counts_the_cards_thrown_face_up_and_a_hand_lists_them(
    service, clock
):
    table_id = await open_table(service)
    await fill_with_computers(service, table_id)
    await service.start(table_id, ALICE)
    table = await play_until(
        service, clock, table_id, lambda table: table.game.phase is Phase.PLAY, people=(ALICE,)
    )
    public = await public_table(service, table_id)
    view = table.game.public_view()
    names = table.names("en")
    piles = [(names[seat], pile) for seat, pile in enumerate(view.discards) if pile]
    counted = " · ".join(f"{name} {len(pile)} cards" for name, pile in piles)
    assert piles and f"Thrown face up: {counted}" in public.text.splitlines()
    hand = (await service.show_hand(table_id, ALICE)).hand
    listed = " · ".join(f"{name} {' '.join(card.display for card in pile)}" for name, pile in piles)
    assert f"Thrown face up: {listed}" in hand.text.splitlines()
