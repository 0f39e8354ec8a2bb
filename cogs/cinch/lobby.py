"""``/cinch new``, ``join``, ``leave``, ``addbot``, ``start``, ``table``, ``score``, ``rules``,
``end``: opening a table, taking seats, and everything about the table as a whole.

The lobby's buttons (``cogs/tables/table_message.py``) do the same as these commands through the
same service calls.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

import discord
from discord import app_commands

from bot.ai import LEVELS
from bot.engine import RULE_CHOICES
from bot.engine.rules import MAX_BID, MAX_TARGET_SCORE
from bot.i18n import SUPPORTED_LOCALES, normalise_locale, t
from bot.presentation.names import seat_name
from bot.presentation.user_text import one_line
from bot.service import Seated, Teams
from bot.service.tables.options import MAX_COMPUTER_PAUSE, MAX_TURN_TIMER, chosen_options
from bot.store import DEFAULT_TURN_TIMER
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import require_table_permissions
from cogs.shared.interaction import CinchInteraction, channel_table, interaction_locale, person
from cogs.shared.message_parts import fit
from cogs.shared.translator import command_strings, localised_choices, localised_options
from cogs.tables.hand_message import answer_with_hand
from cogs.tables.seat_requests import answer_seated
from cogs.tables.table_threads import discard_thread, open_thread, table_thread_name, wants_thread


def _choices(name: str, values: type[StrEnum]) -> list[app_commands.Choice[str]]:
    """Slash-command choices for a house rule, named from the catalogue."""
    return localised_choices({f"choice.{name}.{value}": str(value) for value in values})


def _language_choices() -> list[app_commands.Choice[str]]:
    return localised_choices({f"language.{code}": code for code in SUPPORTED_LOCALES})


#: The options of `/cinch new` that set a house rule, and the `HouseRules` field each one sets
#: (the engine's `RULE_CHOICES` gives the values of those chosen from a list).
HOUSE_RULE_OPTIONS = {
    "target": "target_score",
    "min_bid": "min_bid",
    "all_pass": "all_pass",
    "dealer_rob": "dealer_rob",
    "excess_trumps": "excess_trumps",
    "stock_shortage": "stock_shortage",
    "scoring": "scoring",
    "set_formula": "set_formula",
    "bidder_goes_out": "bidder_goes_out",
    "first_dealer": "first_dealer",
    "low_goes_to": "low_goes_to",
    "high_low": "high_low",
    "discards_visible": "discards_visible",
    "counting_discard": "allow_counting_discard",
}
_RULE_OPTION_CHOICES: dict[str, list[app_commands.Choice[str]]] = {
    option: _choices(option, RULE_CHOICES[field])
    for option, field in HOUSE_RULE_OPTIONS.items()
    if field in RULE_CHOICES
}
#: The options of `/cinch new` that set another `TableOptions` field, which owns the defaults.
TABLE_OPTION_FIELDS = {
    "players": "players",
    "teams": "teams",
    "hints": "hints",
    "pause": "computer_pause",
    "four_colour": "four_colour",
    "open_seats": "open_seats",
}


def _fields(given: dict[str, Any], fields_by_option: dict[str, str]) -> dict[str, Any]:
    """The fields set by the options given, named as the settings object names them."""
    return {field: given[option] for option, field in fields_by_option.items() if option in given}


def _given(arguments: dict[str, Any]) -> dict[str, Any]:
    """The options a player gave (Discord passes None for the others), choices as values."""
    return {
        name: value.value if isinstance(value, app_commands.Choice) else value
        for name, value in arguments.items()
        if value is not None and name not in ("self", "interaction")
    }


class LobbyCommands(CinchCommands):
    """Tables: open, sit, start, show, score, rules and end."""

    # ------------------------------------------------------------------ /cinch new

    @app_commands.command(**command_strings("cinch.new"))
    @localised_options(
        "cinch.new", *TABLE_OPTION_FIELDS, "language", "timer", "thread", *HOUSE_RULE_OPTIONS
    )
    @app_commands.choices(
        players=localised_choices(
            {"choice.players.4": 4, "choice.players.3": 3, "choice.players.2": 2}
        )
    )
    @app_commands.choices(
        language=_language_choices(),
        teams=_choices("teams", Teams),
        **_RULE_OPTION_CHOICES,
    )
    @require_table_permissions
    async def new(
        self,
        interaction: CinchInteraction,
        players: app_commands.Choice[int] | None = None,
        target: app_commands.Range[int, 1, MAX_TARGET_SCORE] | None = None,
        language: app_commands.Choice[str] | None = None,
        timer: app_commands.Range[int, 0, MAX_TURN_TIMER] | None = None,
        teams: app_commands.Choice[str] | None = None,
        hints: bool | None = None,
        pause: app_commands.Range[float, 0.0, MAX_COMPUTER_PAUSE] | None = None,
        min_bid: app_commands.Range[int, 1, MAX_BID] | None = None,
        all_pass: app_commands.Choice[str] | None = None,
        dealer_rob: app_commands.Choice[str] | None = None,
        excess_trumps: app_commands.Choice[str] | None = None,
        stock_shortage: app_commands.Choice[str] | None = None,
        scoring: app_commands.Choice[str] | None = None,
        set_formula: app_commands.Choice[str] | None = None,
        bidder_goes_out: bool | None = None,
        first_dealer: app_commands.Choice[str] | None = None,
        low_goes_to: app_commands.Choice[str] | None = None,
        high_low: app_commands.Choice[str] | None = None,
        discards_visible: bool | None = None,
        counting_discard: bool | None = None,
        four_colour: bool | None = None,
        open_seats: bool | None = None,
        thread: bool | None = None,
    ) -> None:
        """Open a table in this channel, or in a new thread of it
        (``cogs/tables/table_threads.py``); the lobby message follows. Discord offers only the
        values each option takes; the service checks them again."""
        given = _given(locals())
        in_thread = await wants_thread(interaction, thread)
        options = chosen_options(
            _fields(given, HOUSE_RULE_OPTIONS),
            **_fields(given, TABLE_OPTION_FIELDS),
            thread=in_thread,
        )
        table_language = given.get("language") or normalise_locale(interaction.guild_locale)
        turn_timer = DEFAULT_TURN_TIMER if timer is None else timer
        creator = person(interaction)
        locale = await interaction_locale(interaction)
        place = None
        if in_thread:
            name = table_thread_name(creator.name, table_language)
            place = await open_thread(interaction, name)
        try:
            await self.bot.tables.open_table(
                guild_id=interaction.guild_id or 0,
                channel_id=place.id if place is not None else interaction.channel_id or 0,
                creator=creator,
                options=options,
                language=table_language,
                turn_timer=turn_timer,
            )
        except BaseException:
            if place is not None:
                await discard_thread(place)
            raise
        if place is not None:
            text = t("reply.opened_in_thread", locale, thread=place.mention)
        else:
            text = t("reply.opened", locale)
        await interaction.response.send_message(text, ephemeral=True)

    # ------------------------------------------------------------------ seats

    @app_commands.command(**command_strings("cinch.join"))
    @localised_options("cinch.join", "seat")
    @require_table_permissions
    async def join(self, interaction: CinchInteraction, seat: int | None = None) -> None:
        table = channel_table(interaction)
        seated = await self.bot.tables.join(table.table_id, person(interaction), seat)
        if await answer_seated(interaction, seated):
            return
        assert isinstance(seated, Seated)
        locale = await interaction_locale(interaction)
        name = seat_name(seated.seat, seated.players, locale)
        await interaction.response.send_message(
            t("reply.joined", locale, seat=name), ephemeral=True
        )

    @app_commands.command(**command_strings("cinch.leave"))
    async def leave(self, interaction: CinchInteraction) -> None:
        table = channel_table(interaction)
        stepped_away = await self.bot.tables.leave(table.table_id, interaction.user.id)
        locale = await interaction_locale(interaction)
        key = "reply.stepped_away" if stepped_away else "reply.left"
        await interaction.response.send_message(t(key, locale), ephemeral=True)

    @app_commands.command(**command_strings("cinch.addbot"))
    @localised_options("cinch.addbot", "seat", "level")
    @app_commands.choices(level=localised_choices({f"choice.level.{v}": v for v in LEVELS}))
    @require_table_permissions
    async def addbot(
        self,
        interaction: CinchInteraction,
        seat: int | None = None,
        level: app_commands.Choice[str] | None = None,
    ) -> None:
        table = channel_table(interaction)
        chosen = level.value if level else "normal"
        taken = await self.bot.tables.add_computer(
            table.table_id, interaction.user.id, seat, chosen
        )
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(
            t(
                "reply.computer_added",
                locale,
                seat=seat_name(taken, table.players, locale),
                level=t(f"choice.level.{chosen}", locale),
            ),
            ephemeral=True,
        )

    @join.autocomplete("seat")
    @addbot.autocomplete("seat")
    async def seat_choices(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The table's seats by name, with who sits there."""
        locale = await interaction_locale(interaction)
        seats = self.bot.tables.seat_infos(interaction.channel_id or 0, locale)
        typed = current.strip().lower()
        return [
            app_commands.Choice(
                name=f"{seat.label} · {one_line(seat.player or t('lobby.empty_seat', locale))}",
                value=seat.seat,
            )
            for seat in seats
            if typed in seat.label.lower()
        ][:25]

    # ------------------------------------------------------------------ the game

    @app_commands.command(**command_strings("cinch.start"))
    @require_table_permissions
    async def start(self, interaction: CinchInteraction) -> None:
        table = channel_table(interaction)
        reply = await self.bot.tables.start(table.table_id, person(interaction))
        if reply is not None:
            await answer_with_hand(interaction, reply, edit=False)
            return
        # A creator who holds no seat: the game's table is posted anew for the others.
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(t("reply.table_posted", locale), ephemeral=True)

    @app_commands.command(**command_strings("cinch.table"))
    @require_table_permissions
    async def table(self, interaction: CinchInteraction) -> None:
        """Post the table message again at the bottom of the channel."""
        self.bot.tables.repost(channel_table(interaction).table_id)
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(t("reply.table_posted", locale), ephemeral=True)

    @app_commands.command(**command_strings("cinch.score"))
    async def score(self, interaction: CinchInteraction) -> None:
        table = channel_table(interaction)
        locale = await interaction_locale(interaction)
        text = self.bot.tables.score_text(table.table_id, locale)
        await interaction.response.send_message(fit(text), ephemeral=True)

    @app_commands.command(**command_strings("cinch.rules"))
    async def rules(self, interaction: CinchInteraction) -> None:
        """This table's house rules, then the summary of the rules."""
        locale = await interaction_locale(interaction)
        channel_id = interaction.channel_id or 0
        embed = discord.Embed(title=t("rules.title", locale))
        lines = self.bot.tables.house_rules(channel_id, locale)
        if lines is not None:
            embed.description = "\n".join([f"**{t('rules.house.title', locale)}**", *lines])
        for title, body in self.bot.tables.rules_summary(channel_id, locale):
            embed.add_field(name=title, value=body, inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(**command_strings("cinch.end"))
    async def end(self, interaction: CinchInteraction) -> None:
        """The creator or someone who may manage messages ends it; others vote."""
        table = channel_table(interaction)
        can_manage = interaction.permissions.manage_messages
        vote = await self.bot.tables.end(
            table.table_id, person(interaction), can_manage=can_manage
        )
        locale = await interaction_locale(interaction)
        if vote.ended:
            text = t("reply.closed", locale)
        else:
            text = t("reply.vote_counted", locale, votes=vote.votes, needed=vote.needed)
        await interaction.response.send_message(text, ephemeral=True)

