"""``/cinch-tournament create``, ``start``, ``standings``, ``withdraw`` and ``cancel``.

An organiser (Manage Events or Manage Server) creates a tournament in a channel; people sign
up with the sign-up message's buttons (``cogs/league/signup.py``); the organiser starts it,
and the league service runs its rounds (``bot/league/course.py``), each match at a table in a
thread of the channel. Every subcommand is one intention of the league service
(``interaction.client.league``). What a tournament is, its formats and tie-breaks:
``docs/league.md``.
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.engine.rules import MAX_TARGET_SCORE
from bot.errors import UserFacingError, choice_of
from bot.i18n import normalise_locale, t
from bot.league.shown import Acting
from bot.league.tournaments import (
    DEFAULT_MINUTES,
    DEFAULT_TIMER,
    FEWEST_MINUTES,
    FEWEST_TIMER,
    MOST_MINUTES,
    MOST_ROUNDS,
    MOST_TIMER,
    NAME_LIMIT,
    Format,
    Status,
    Tournament,
)
from bot.presentation.user_text import in_message, one_line
from cogs.shared.client import CinchCommands
from cogs.shared.error_replies import permission_names, require_table_permissions
from cogs.shared.interaction import CinchInteraction, guild_of, interaction_locale
from cogs.shared.message_parts import png_file
from cogs.shared.translator import command_strings, localised_choices, localised_options
from cogs.tables.table_threads import require_thread_permissions, require_threads_in

FORMAT_CHOICES = localised_choices(
    {f"choice.tournament_format.{format.value}": format.value for format in Format}
)
#: Points to win each game unless the organiser chooses.
DEFAULT_TARGET = 51


def organises(interaction: CinchInteraction) -> bool:
    """Whether the member may organise tournaments: Manage Events, or Manage Server."""
    permissions = interaction.permissions
    return permissions.manage_events or permissions.manage_guild


def acting(interaction: CinchInteraction) -> Acting:
    """Who acts, and whether they may organise tournaments here."""
    return Acting(interaction.user.id, organises(interaction))


async def chosen_tournament(interaction: CinchInteraction, tournament_id: int | None) -> Tournament:
    """The tournament named; else this channel's (one going on first), else the server's."""
    return await interaction.client.league.tournament(
        guild_of(interaction), interaction.channel_id, tournament_id
    )


class TournamentCommands(CinchCommands):
    """A server's tournaments."""

    @app_commands.command(**command_strings("cinch-tournament.create"))
    @localised_options(
        "cinch-tournament.create",
        "name",
        "format",
        "target",
        "round_minutes",
        "rounds",
        "timer",
        "events",
    )
    @app_commands.choices(format=FORMAT_CHOICES)
    @require_table_permissions
    async def tournament_create(
        self,
        interaction: CinchInteraction,
        name: app_commands.Range[str, 1, NAME_LIMIT],
        format: app_commands.Choice[str],
        target: app_commands.Range[int, 1, MAX_TARGET_SCORE] = DEFAULT_TARGET,
        round_minutes: app_commands.Range[int, FEWEST_MINUTES, MOST_MINUTES] = DEFAULT_MINUTES,
        rounds: app_commands.Range[int, 1, MOST_ROUNDS] | None = None,
        timer: app_commands.Range[int, FEWEST_TIMER, MOST_TIMER] = DEFAULT_TIMER,
        events: bool = False,
    ) -> None:
        """Open a tournament's sign-up in this channel; its matches will be played in threads
        of it."""
        if not organises(interaction):
            raise app_commands.MissingPermissions(["manage_events"])
        if not isinstance(interaction.channel, discord.TextChannel):
            raise UserFacingError("errors.tournament_channel")
        require_thread_permissions(interaction)
        chosen = choice_of(Format, format.value, "option.tournament_format")
        await self.bot.league.create(
            guild_id=guild_of(interaction),
            channel_id=interaction.channel.id,
            organiser_id=interaction.user.id,
            name=one_line(name),
            format=chosen,
            rounds=rounds,
            target=target,
            round_minutes=round_minutes,
            turn_timer=timer,
            language=normalise_locale(interaction.guild_locale),
            events=events,
        )
        locale = await interaction_locale(interaction)
        lines = [t("reply.tournament_created", locale)]
        if (
            events
            and interaction.guild
            and not interaction.guild.me.guild_permissions.create_events
        ):
            lines.append(
                t(
                    "tournament.events_need",
                    locale,
                    permission=permission_names(["create_events"], locale),
                )
            )
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(**command_strings("cinch-tournament.start"))
    @localised_options("cinch-tournament.start", "tournament")
    async def tournament_start(
        self, interaction: CinchInteraction, tournament: int | None = None
    ) -> None:
        """Close the sign-up, seed the entrants and open the first round."""
        current = await chosen_tournament(interaction, tournament)
        self.bot.league.require_organiser(current, acting(interaction))
        require_threads_in(self.bot.get_channel(current.channel_id))
        locale = await interaction_locale(interaction)
        count, lacking = await self.bot.league.start(current, acting(interaction), locale)
        lines = [t("reply.tournament_started", locale, rounds=count)]
        if lacking:
            lines.append(t("tournament.events_need", locale, permission=lacking))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(**command_strings("cinch-tournament.standings"))
    @localised_options("cinch-tournament.standings", "tournament")
    @require_table_permissions
    async def tournament_standings(
        self, interaction: CinchInteraction, tournament: int | None = None
    ) -> None:
        """The standings (or the bracket) as they are, posted in the channel."""
        current = await chosen_tournament(interaction, tournament)
        if current.status is Status.SIGNUP:  # said before the answer is deferred, to its asker
            raise UserFacingError("errors.tournament_not_started")
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True)
        picture = await self.bot.league.standings(current, locale)
        await interaction.followup.send(file=png_file(picture.png, picture.filename, picture.alt))

    @app_commands.command(**command_strings("cinch-tournament.withdraw"))
    @localised_options("cinch-tournament.withdraw", "tournament", "player")
    async def tournament_withdraw(
        self,
        interaction: CinchInteraction,
        tournament: int | None = None,
        player: discord.Member | None = None,
    ) -> None:
        """Withdraw yourself (a pair together), or, as its organiser, someone else."""
        current = await chosen_tournament(interaction, tournament)
        subject = player or interaction.user
        answer = await self.bot.league.withdraw(current.id, subject.id, acting(interaction))
        locale = await interaction_locale(interaction)
        text = t(
            "reply.tournament_withdrew_player", locale, player=in_message(subject.display_name)
        )
        await interaction.response.send_message(text, ephemeral=True)
        await self.bot.league.follow_up(answer)

    @app_commands.command(**command_strings("cinch-tournament.cancel"))
    @localised_options("cinch-tournament.cancel", "tournament")
    async def tournament_cancel(
        self, interaction: CinchInteraction, tournament: int | None = None
    ) -> None:
        """End the tournament now: its tables close, its events are cancelled."""
        current = await chosen_tournament(interaction, tournament)
        await self.bot.league.cancel(current, acting(interaction))
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(
            t("reply.tournament_cancelled", locale), ephemeral=True
        )

    @tournament_start.autocomplete("tournament")
    @tournament_standings.autocomplete("tournament")
    @tournament_withdraw.autocomplete("tournament")
    @tournament_cancel.autocomplete("tournament")
    async def tournament_choices(
        self, interaction: CinchInteraction, current: str
    ) -> list[app_commands.Choice[int]]:
        """The server's tournaments going on, by name."""
        going = await self.bot.league.going_on(guild_of(interaction), current)
        return [app_commands.Choice(name=name[:100], value=value) for name, value in going][:25]
