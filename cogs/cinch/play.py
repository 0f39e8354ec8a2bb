"""``/cinch hand``, ``bid``, ``pass``, ``trump``, ``discard``, ``keep``, ``play``, ``hint``.

Every action has this slash form besides its button. Each answers, privately, with the player's
hand as it is after the action, with the buttons for what they may do next.
"""

from __future__ import annotations

from discord import app_commands

from bot.engine import Action, Bid, Card, Discard, Keep, NameTrump, Pass, Play, Suit, parse_cards
from bot.engine.rules import MAX_BID
from bot.errors import UserFacingError
from bot.i18n import card_name
from bot.presentation.user_text import QUOTE_LIMIT, in_message
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import require_table_permissions
from cogs.shared.interaction import CinchInteraction, channel_table, interaction_locale, person
from cogs.shared.translator import command_strings, localised_choices, localised_options
from cogs.tables.hand_message import answer_with_hand

SUIT_CHOICES = {f"suit.{suit.name.lower()}": suit.value for suit in Suit}
#: The amounts of ``/cinch bid`` (the service checks which are allowed at the table).
BID_CHOICES = [
    app_commands.Choice(name=str(amount), value=amount) for amount in range(1, MAX_BID + 1)
]


class PlayCommands(CinchCommands):
    """Taking part in a hand."""

    async def _act(self, interaction: CinchInteraction, action: Action) -> None:
        table = channel_table(interaction)
        reply = await self.bot.tables.act(table.table_id, person(interaction), action)
        assert reply is not None, "a move answered here returns the hand to answer with"
        await answer_with_hand(interaction, reply, edit=False, move=True)

    @app_commands.command(**command_strings("cinch.hand"))
    async def hand(self, interaction: CinchInteraction) -> None:
        table = channel_table(interaction)
        reply = await self.bot.tables.show_hand(table.table_id, person(interaction))
        await answer_with_hand(interaction, reply, edit=False)

    @app_commands.command(**command_strings("cinch.bid"))
    @localised_options("cinch.bid", "amount")
    @app_commands.choices(amount=BID_CHOICES)
    @require_table_permissions
    async def bid(self, interaction: CinchInteraction, amount: app_commands.Choice[int]) -> None:
        await self._act(interaction, Bid(amount.value))

    @app_commands.command(**command_strings("cinch.pass"))
    @require_table_permissions
    async def pass_(self, interaction: CinchInteraction) -> None:
        await self._act(interaction, Pass())

    @app_commands.command(**command_strings("cinch.trump"))
    @localised_options("cinch.trump", "suit")
    @app_commands.choices(suit=localised_choices(SUIT_CHOICES))
    @require_table_permissions
    async def trump(self, interaction: CinchInteraction, suit: app_commands.Choice[str]) -> None:
        await self._act(interaction, NameTrump(Suit(suit.value)))

    @app_commands.command(**command_strings("cinch.discard"))
    @localised_options("cinch.discard", "cards")
    @require_table_permissions
    async def discard(self, interaction: CinchInteraction, cards: str) -> None:
        await self._act(interaction, Discard(cards_option(cards)))

    @app_commands.command(**command_strings("cinch.keep"))
    @localised_options("cinch.keep", "cards")
    @require_table_permissions
    async def keep(self, interaction: CinchInteraction, cards: str) -> None:
        """The dealer's six cards; naming only the free ones keeps the required ones too."""
        await self._act(interaction, Keep(cards_option(cards)))

    @app_commands.command(**command_strings("cinch.play"))
    @localised_options("cinch.play", "card")
    @require_table_permissions
    async def play(self, interaction: CinchInteraction, card: str) -> None:
        chosen = cards_option(card)
        if len(chosen) != 1:
            raise UserFacingError("errors.not_a_card", text=in_message(card, QUOTE_LIMIT))
        await self._act(interaction, Play(chosen[0]))

    @play.autocomplete("card")
    async def card_choices(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The player's legal cards (their whole hand when it is not their turn)."""
        cards = self.bot.tables.playable_cards(interaction.channel_id or 0, interaction.user.id)
        if not cards:
            return []
        locale = await interaction_locale(interaction)
        typed = current.strip().upper()
        return [
            app_commands.Choice(name=f"{card.display} · {card_name(card, locale)}", value=card.code)
            for card in cards
            if card.code.startswith(typed) or card.display.upper().startswith(typed)
        ][:25]

    @app_commands.command(**command_strings("cinch.hint"))
    async def hint(self, interaction: CinchInteraction) -> None:
        """What the strongest computer player would do now, if the table allows hints."""
        table = channel_table(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text = await self.bot.tables.hint(table.table_id, person(interaction))
        await interaction.followup.send(text, ephemeral=True)


def cards_option(text: str) -> tuple[Card, ...]:
    """Cards typed in a command option (``10H 5d``, ``10♥,th``)."""
    try:
        return tuple(parse_cards(text))
    except ValueError:
        raise UserFacingError("errors.not_a_card", text=in_message(text, QUOTE_LIMIT)) from None
