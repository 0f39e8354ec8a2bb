"""A player's private hand message in Discord: the picture, the text, and exactly what they
may do now, as buttons or a select and its Confirm.

Its components are :class:`discord.ui.DynamicItem` whose ``custom_id`` carries the table, game
and hand, so a hand message sent before a restart, or to a DM, keeps working:

- ``cinch:act:<table>:<game>:<hand>:<kind>:<arg>``: bid, pass, trump, play, and the Confirm
  of a discard or a rob (``arg`` holds the chosen cards, like ``9H.8H``);
- ``cinch:pick:<table>:<game>:<hand>:<discard|keep>``: the multi-select before Confirm.

An action button of a finished game or an earlier hand is refused as stale; one of the current
hand is judged by the engine against the state when it is clicked.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, Protocol

import discord

from bot.engine import (
    Action,
    Bid,
    BidDecision,
    Card,
    Decision,
    Discard,
    DiscardDecision,
    Keep,
    KeepDecision,
    NameTrump,
    Pass,
    Play,
    PlayDecision,
    Suit,
    TrumpDecision,
)
from bot.i18n import card_name, suit_name, t, tn
from bot.presentation.user_text import SERVER_NAME_LIMIT, in_message
from bot.service import HandPlace, HandReply, PrivateHand
from bot.service.areas.routing import Forwarded, Move
from bot.service.showing.private_hands import PRIVATE_LIFETIME
from bot.store import HandBeingSent
from cogs.shared.departures import require_member_by_dm
from cogs.shared.error_replies import check_table_permissions, reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, answer_wait, interaction_locale, person
from cogs.shared.message_parts import Parts

MAX_SELECT_OPTIONS = 25


def hand_parts(
    private: PrivateHand | None, locale: str | None, notes: Sequence[str] = ()
) -> Parts:
    """A player's private hand message: picture, text, and exactly what they may do now; once
    the game is over (no hand), only that it is over."""
    if private is None:
        return Parts(t("reply.game_finished", locale))
    view = discord.ui.View(timeout=None)
    for item in decision_items(private, locale):
        view.add_item(item)
    content = "\n".join([*notes, private.text])
    return Parts(content, private.picture, "hand.png", view if view.children else None)


@dataclass(frozen=True)
class HandKey:
    """Which hand of which game at which table a component belongs to (``12:3:5``)."""

    table: int
    game: int
    hand: int

    PATTERN = r"(?P<table>\d+):(?P<game>\d+):(?P<hand>\d+)"

    def __str__(self) -> str:
        return f"{self.table}:{self.game}:{self.hand}"

    @classmethod
    def of(cls, private: PrivateHand) -> HandKey:
        return cls(private.table_id, private.game_id, private.hand_number)

    @classmethod
    def parse(cls, match: re.Match[str]) -> HandKey:
        return cls(int(match["table"]), int(match["game"]), int(match["hand"]))


class ChoiceComponents(Protocol):
    """How a message's choices are made into components whose custom ids say what to act on:
    a hand at a table here, a deal of the day elsewhere (``cogs/solo/daily.py``)."""

    def button(
        self, kind: str, arg: str, label: str, *, row: int | None = None
    ) -> discord.ui.DynamicItem[discord.ui.Button]:
        """The button of one action (``kind``, ``arg`` as ``action_of`` reads them)."""

    def select(
        self,
        kind: str,
        options: Sequence[Card],
        count: int,
        placeholder: str,
        locale: str | None,
        pack: frozenset[Card],
    ) -> discord.ui.Item[Any]:
        """The select of the cards to discard or keep, before its Confirm."""


def decision_items(private: PrivateHand, locale: str | None) -> list[discord.ui.Item[Any]]:
    """Exactly what the player may do now: buttons, or a select and its Confirm."""
    components = _TableChoices(HandKey.of(private))
    return choice_items(private.decision, private.cards, locale, components)


def choice_items(
    decision: Decision | None,
    cards: Sequence[Card],
    locale: str | None,
    components: ChoiceComponents,
) -> list[discord.ui.Item[Any]]:
    """Exactly what `decision` allows, for a player holding `cards` (in the order their hand
    shows them): buttons, or a select and its Confirm, made by `components`."""
    button = components.button
    match decision:
        case BidDecision():
            items: list[discord.ui.Item[Any]] = [button("pass", "", t("action.pass", locale))]
            items += [
                button("bid", str(amount), t("action.bid", locale, amount=amount))
                for amount in decision.amounts
            ]
            return items
        case TrumpDecision():
            items = [
                button("trump", suit.value, f"{suit.symbol} {suit_name(suit, locale)}")
                for suit in decision.suits
            ]
            if decision.can_pass:
                items.append(button("pass", "", t("action.pass", locale)))
            return items
        case DiscardDecision():
            placeholder = t("select.discard.placeholder", locale)
            return _pick_items(
                components, "discard", decision.options, decision.count, placeholder, locale, ()
            )
        case KeepDecision():
            placeholder = tn("select.keep.placeholder", decision.free_choices, locale)
            pack = tuple(card for card in decision.options if card not in cards)
            return _pick_items(
                components,
                "keep",
                decision.options,
                decision.free_choices,
                placeholder,
                locale,
                pack,
            )
        case PlayDecision():
            buttons: list[discord.ui.Item[Any]] = []
            for card in cards:
                label = t("action.play_card", locale, card=card.display)
                play = button("play", card.code, label)
                play.item.disabled = card not in decision.cards
                buttons.append(play)
            return buttons
    return []


def _pick_items(
    components: ChoiceComponents,
    kind: str,
    options: Sequence[Card],
    count: int,
    placeholder: str,
    locale: str | None,
    pack: Sequence[Card],
) -> list[discord.ui.Item[Any]]:
    """The select (cards of the `pack` marked as such) and the Confirm it enables."""
    shown = options[:MAX_SELECT_OPTIONS]
    select = components.select(kind, shown, count, placeholder, locale, frozenset(pack))
    confirm = components.button(kind, "", t("action.confirm", locale), row=1)
    confirm.item.disabled = True
    confirm.item.style = discord.ButtonStyle.success
    return [select, confirm]


def card_select(
    custom_id: str,
    options: Sequence[Card],
    count: int,
    placeholder: str | None,
    locale: str | None,
    pack: frozenset[Card],
) -> discord.ui.Select:
    """The select of `count` cards among `options`, those of the `pack` marked as such."""
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder,
        min_values=count,
        max_values=count,
        options=[
            discord.SelectOption(
                label=card.display, value=card.code, description=_option_text(card, pack, locale)
            )
            for card in options
        ],
        row=0,
    )


async def remember_choice(
    interaction: CinchInteraction,
    select: discord.ui.Select,
    view: discord.ui.View | discord.ui.LayoutView,
    confirm: str,
) -> None:
    """Keep the cards chosen in a select in its Confirm button, whose custom id begins with
    `confirm` (no state on the bot's side), and enable it."""
    chosen = list(select.values)
    for option in select.options:
        option.default = option.value in chosen
    for child in view.children:
        if isinstance(child, discord.ui.Button) and (child.custom_id or "").startswith(confirm):
            child.custom_id = confirm + ".".join(chosen)
            child.disabled = False
    await interaction.response.edit_message(view=view)


def action_of(kind: str, arg: str) -> Action:
    """The action a button's custom id names: its kind and argument (cards as ``9H.8H``)."""
    match kind:
        case "bid":
            return Bid(int(arg))
        case "pass":
            return Pass()
        case "trump":
            return NameTrump(Suit(arg))
    cards = tuple(Card.parse(code) for code in arg.split(".") if code)
    match kind:
        case "play":
            return Play(cards[0])
        case "discard":
            return Discard(cards)
    return Keep(cards)


class _TableChoices:
    """The components of a hand at a table."""

    def __init__(self, key: HandKey) -> None:
        self._key = key

    def button(self, kind: str, arg: str, label: str, *, row: int | None = None) -> ActionButton:
        return ActionButton(self._key, kind, arg, label, row=row)

    def select(
        self,
        kind: str,
        options: Sequence[Card],
        count: int,
        placeholder: str,
        locale: str | None,
        pack: frozenset[Card],
    ) -> PickSelect:
        return PickSelect(self._key, kind, options, count, placeholder, locale, pack)


def _option_text(card: Card, pack: frozenset[Card], locale: str | None) -> str:
    """The card's name, and whether it comes from the pack (for a robbing dealer)."""
    if card in pack:
        return t("select.from_pack", locale, card=card_name(card, locale))
    return card_name(card, locale)


class PickSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=rf"cinch:pick:{HandKey.PATTERN}:(?P<kind>discard|keep)",
):
    """Choosing the trumps to discard, or the cards a robbing dealer keeps; Confirm applies."""

    def __init__(
        self,
        key: HandKey,
        kind: str,
        options: Sequence[Card] = (),
        count: int = 1,
        placeholder: str | None = None,
        locale: str | None = None,
        pack: frozenset[Card] = frozenset(),
        *,
        item: discord.ui.Select | None = None,
    ) -> None:
        select = item or card_select(
            f"cinch:pick:{key}:{kind}", options, count, placeholder, locale, pack
        )
        super().__init__(select, row=0)
        self.key, self.kind = key, kind

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> PickSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(HandKey.parse(match), match["kind"], item=item)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        """Remember the choice in the Confirm button (no state on the bot's side)."""
        assert self.view is not None
        await remember_choice(
            interaction, self.item, self.view, f"cinch:act:{self.key}:{self.kind}:"
        )


#: The end of a move button's custom id: what kind of move, and its argument (`action_of`).
ACTION_ID = r":(?P<kind>bid|pass|trump|play|discard|keep):(?P<arg>[0-9A-Z.]*)"


def action_button(custom_id: str, kind: str, label: str) -> discord.ui.Button[Any]:
    """The button of a move, at a table or in a daily deal: passing and playing in grey, so that
    the bids, suits and Confirm stand out."""
    quiet = kind in ("pass", "play")
    return discord.ui.Button(
        label=label,
        style=discord.ButtonStyle.secondary if quiet else discord.ButtonStyle.primary,
        custom_id=custom_id,
    )


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button], template=rf"cinch:act:{HandKey.PATTERN}{ACTION_ID}"
):
    """One action of the hand message: a bid, pass, suit, card, or the Confirm of a choice."""

    def __init__(
        self, key: HandKey, kind: str, arg: str, label: str = "?", *, row: int | None = None
    ) -> None:
        super().__init__(action_button(f"cinch:act:{key}:{kind}:{arg}", kind, label), row=row)
        self.key, self.kind, self.arg = key, kind, arg

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> ActionButton:
        return cls(HandKey.parse(match), match["kind"], match["arg"])

    def action(self) -> Action:
        return action_of(self.kind, self.arg)

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        check_table_permissions(interaction)
        key, bot = self.key, interaction.client
        await require_member_by_dm(interaction, key.table)
        if bot.router is not None and bot.router.is_elsewhere(key.table):
            # A hand sent by DM: Discord delivers its clicks on shard 0, whichever process owns
            # the table. Acknowledge now; the owner applies the move and shows the hand in the
            # message clicked.
            await interaction.response.defer()
            interaction.client.metrics.click_answered(answer_wait(interaction))
            clicked = None
            if interaction.guild_id is None and interaction.message is not None:
                clicked = HandPlace(interaction.message.id, dm_channel_id=interaction.channel_id)
            move = Move(
                key.table,
                person(interaction),
                self.action(),
                key.game,
                key.hand,
                interaction.id,
                clicked,
            )
            if await bot.router.forward(move) is Forwarded.UNANSWERED:
                # Played, but its owner went quiet: the clicked message says so (its buttons
                # are no longer live) until the owner, back, refreshes the hand there.
                locale = await interaction_locale(interaction)
                counted = Parts(t("reply.move_counted", locale))
                await interaction.edit_original_response(**counted.edit_kwargs())
            return
        reply = await bot.tables.act(
            key.table,
            person(interaction),
            self.action(),
            game_id=key.game,
            hand_number=key.hand,
            request_id=interaction.id,
        )
        assert reply is not None, "a move answered here returns the hand to answer with"
        await answer_with_hand(interaction, reply, edit=True, move=True)


def offers_moves(message: discord.Message, table_id: int) -> bool:
    """Whether a hand message of this table still has moves to click."""
    prefixes = (f"cinch:act:{table_id}:", f"cinch:pick:{table_id}:")
    return any(
        isinstance(item, discord.Button | discord.SelectMenu)
        and not item.disabled
        and (item.custom_id or "").startswith(prefixes)
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for item in row.children
    )


def where_line(client: discord.Client, channel_id: int, locale: str | None) -> str:
    """Which server and channel a hand shown in a DM belongs to ("" when unknown)."""
    channel = client.get_channel(channel_id)
    guild = getattr(channel, "guild", None)
    if channel is None or guild is None:
        return ""
    server = in_message(guild.name, SERVER_NAME_LIMIT)
    return t("dm.where", locale, server=server, channel=f"<#{channel_id}>")


async def answer_with_hand(
    interaction: CinchInteraction, reply: HandReply, *, edit: bool, move: bool = False
) -> None:
    """Answer with the player's hand: the clicked message updated (``edit``) or a new private
    one, then tell the service where it is, so it is refreshed when the player's turn comes.
    The answer to a ``move`` is timed for the metrics (:func:`cogs.shared.interaction.answer_wait`).

    After the action that ended the game there is no hand left to show: the message says so,
    and the game's result is in the channel.
    """
    notes = list(reply.notes)
    if interaction.guild_id is None:  # a DM: say which server and channel it is about
        notes.insert(0, where_line(interaction.client, reply.channel_id, reply.locale))
    parts = hand_parts(reply.hand, reply.locale, notes)
    if edit:
        await interaction.response.edit_message(**parts.edit_kwargs())
        message_id = interaction.message.id if interaction.message is not None else None
    else:
        if reply.hand is not None and interaction.guild_id is not None:
            # Written ahead: a process that stops before the place below is stored leaves
            # the next one a way to find this message (see docs/messages.md).
            sending = HandBeingSent(
                interaction.user.id,
                interaction.token,
                interaction.application_id,
                discord.utils.utcnow() + PRIVATE_LIFETIME,
                reply.locale,
            )
            await interaction.client.tables.hand_being_sent(reply.table_id, sending)
        sent = await interaction.response.send_message(**parts.send_kwargs(), ephemeral=True)
        message_id = sent.message_id
    if move:
        interaction.client.metrics.click_answered(answer_wait(interaction))
    if reply.hand is None or message_id is None:
        return
    hand = reply.hand
    if interaction.guild_id is None:
        place = HandPlace(message_id, dm_channel_id=interaction.channel_id)
    else:
        place = HandPlace(
            message_id,
            application_id=interaction.application_id,
            token=interaction.token,
            editable_until=discord.utils.utcnow() + PRIVATE_LIFETIME,
        )
    place = replace(place, locale=reply.locale, game_id=hand.game_id, hand_number=hand.hand_number)
    await interaction.client.tables.hand_shown(
        reply.table_id, interaction.user.id, place, new_message=not edit, noted=reply.noted
    )
