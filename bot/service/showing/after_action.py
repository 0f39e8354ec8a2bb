"""What an action makes the table show: whose private hand to refresh, and the results of a
hand or game it ended, with their pictures still to draw."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.engine import Drew, Event, Game, GameWon, HandDealt, HandScored, Robbed, TrumpNamed
from bot.i18n import t
from bot.presentation.scenes import HandCards, Seating, game_summary_scene, hand_summary_scene
from bot.presentation.texts import TextContext, game_result_text, hand_result_text, trump_text
from bot.presentation.user_text import in_message
from bot.render import render_game_summary, render_hand_summary
from bot.service.showing.publishing import Pending, PendingAnnouncement, Update
from bot.service.tables.table import Table

#: The hand's tricks, thrown cards and dead cards as they were before the action (an action
#: that ends a hand clears them, and the hand's picture shows them).
HandCardsBefore = tuple[Any, Any, Any]


def after_action(
    table: Table,
    game: Game,
    events: list[Event],
    hand_cards: HandCardsBefore,
    acting_before: int | None,
    responder: int | None,
    mover: int | None = None,
) -> Pending:
    """What to show after an action: whose hand changed (``responder``'s own reply shows theirs,
    except a new deal for someone who takes their hands by DM), and the results; ``mover`` is
    the person who moved, if one did.

    Once the game is over, everyone's private message says so instead of awaiting a move.
    """
    private = {acting_before, table.user_at(game.to_act)}
    dealt: set[int] = set()
    for event in events:
        if isinstance(event, Drew | Robbed):
            private.add(table.user_at(event.seat))
        elif isinstance(event, HandDealt):
            dealt.update(table.people())
    ends = [event for event in events if isinstance(event, HandScored | GameWon)]
    named = [_auction_result(table, event) for event in events if isinstance(event, TrumpNamed)]
    results = result_announcements(table, game, table.game_id, ends, hand_cards) if ends else ()
    announcements = (*named, *results)
    if game.is_over:
        private, dealt = set(table.people()), set()
    private |= dealt
    update = Update(
        settled=table.settled(),
        repost=bool(ends),
        private=frozenset(user for user in private if user is not None),
        answered=responder,
        dealt=frozenset(dealt),
        mover=mover,
    )
    return Pending(update, announcements)


def _auction_result(table: Table, event: TrumpNamed) -> PendingAnnouncement:
    """Who won the auction, for how much, and the trump they named (or that nobody bid)."""
    locale = table.locale
    player = in_message(table.names(locale)[event.seat])
    trump = trump_text(event.suit, locale)
    if event.contract == 0:
        return PendingAnnouncement(t("text.auction_free", locale, player=player, trump=trump))
    text = t("text.auction_won", locale, player=player, amount=event.contract, trump=trump)
    return PendingAnnouncement(text)


def result_announcements(
    table: Table,
    game: Game,
    game_id: int | None,
    ends: Sequence[HandScored | GameWon],
    hand_cards: HandCardsBefore,
) -> tuple[PendingAnnouncement, ...]:
    """The end-of-hand and end-of-game messages of game ``game_id``, with their pictures to
    draw: ``hand_cards`` are the hand's tricks, thrown and dead cards before the action that
    ended it, and ``game`` is as that action left it."""
    locale = table.locale
    names = table.names(locale)
    context = TextContext(names, locale)
    seating = Seating(names, table.computer_seats(), locale)
    rules = game.rules
    announcements = []
    for event in ends:
        if isinstance(event, HandScored):
            tricks, thrown, dead = hand_cards
            played = [card for trick in tricks for _, card in trick.cards]
            cards = HandCards(
                played=frozenset(played + [card for _, card in thrown]),
                dead=frozenset(card for pile in dead for card in pile),
            )
            result = event.result
            last_trick = tricks[-1] if tricks else None
            scene = hand_summary_scene(
                result, cards, seating, game.sides, rules.high_low, rules.target_score, last_trick
            )
            text = hand_result_text(result, game.sides, context)
            name = f"hand-{result.hand_number}.png"
            hand = None if game_id is None else (game_id, result.hand_number)
            announcements.append(
                PendingAnnouncement(text, scene, render_hand_summary, name, hand)
            )
        else:
            game_scene = game_summary_scene(
                game.history, event.side, seating, game.sides, rules.target_score
            )
            text = game_result_text(
                event.side, event.totals, len(game.history), game.sides, context
            )
            announcements.append(
                PendingAnnouncement(
                    text, game_scene, render_game_summary, "game.png", game_end=game_id
                )
            )
    return tuple(announcements)
