"""``/cinch-tournament create``, ``start``, ``standings``, ``withdraw`` and ``cancel``.

An organiser (Manage Events or Manage Server) creates a tournament in a channel; people sign
up with the sign-up message's buttons (``cogs/tournament_signup.py``); the organiser starts
it, and the league's clock runs its rounds (``cogs/tournament_rounds.py``), each match at a
table in a thread of the channel. What a tournament is, its formats and tie-breaks:
``docs/league.md``.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import discord
from discord import app_commands

from bot.engine.rules import MAX_TARGET_SCORE
from bot.errors import UserFacingError, choice_of
from bot.i18n import normalise_locale, t
from bot.league import tournaments as league
from bot.league.rounds import rounds_for
from bot.league.tournament_scenes import round_title, tournament_picture
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
from cogs.tournament_rounds import WITHDRAWN
from cogs.tournament_signup import refresh_signup, signup_text, signup_view, withdraw_entry

log = logging.getLogger(__name__)

FORMAT_CHOICES = localised_choices(
    {f"choice.tournament_format.{format.value}": format.value for format in Format}
)
#: Points to win each game unless the organiser chooses.
DEFAULT_TARGET = 51


def organises(interaction: CinchInteraction) -> bool:
    """Whether the member may organise tournaments: Manage Events, or Manage Server."""
    permissions = interaction.permissions
    return permissions.manage_events or permissions.manage_guild


def require_organiser(interaction: CinchInteraction, tournament: Tournament) -> None:
    """Only the tournament's organiser, or whoever may organise tournaments, runs it."""
    if interaction.user.id != tournament.organiser_id and not organises(interaction):
        raise UserFacingError("errors.tournament_not_organiser")


async def chosen_tournament(interaction: CinchInteraction, tournament_id: int | None) -> Tournament:
    """The tournament named; else this channel's (one going on first), else the server's
    (the same way); the latest of them."""
    store, guild_id = interaction.client.store, guild_of(interaction)
    if tournament_id is not None:
        found = await league.tournament(store, tournament_id)
        if found.guild_id != guild_id:
            raise UserFacingError("errors.tournament_gone")
        return found
    every = await league.latest(store, guild_id)
    going = [item for item in every if item.status in (Status.SIGNUP, Status.RUNNING)]
    for candidates in (going, every):
        here = [item for item in candidates if item.channel_id == interaction.channel_id]
        if here or candidates:
            return (here or candidates)[-1]
    raise UserFacingError("errors.no_tournament")


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
        store, guild_id = self.bot.store, guild_of(interaction)
        if any(
            item.channel_id == interaction.channel_id
            for item in await league.going_on(store, guild_id)
        ):
            raise UserFacingError("errors.tournament_in_channel")
        chosen = choice_of(Format, format.value, "option.tournament_format")
        created = await league.create(
            store,
            guild_id=guild_id,
            channel_id=interaction.channel.id,
            organiser_id=interaction.user.id,
            name=one_line(name),
            format=chosen,
            rounds=rounds_for(chosen, 2, rounds),
            target=target,
            round_minutes=round_minutes,
            turn_timer=timer,
            language=normalise_locale(interaction.guild_locale),
            events=events,
        )
        view = signup_view(created)
        assert view is not None, "a tournament just created is signing up"
        message = await interaction.channel.send(signup_text(created, []), view=view)
        await league.set_message(store, created.id, message.id)
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
        require_organiser(interaction, current)
        store = self.bot.store
        entered = [
            entrant for entrant in await league.entrants(store, current.id) if entrant.entered
        ]
        if len(entered) < current.format.fewest_entrants:
            raise UserFacingError(
                "errors.tournament_too_few", fewest=current.format.fewest_entrants
            )
        require_threads_in(self.bot.get_channel(current.channel_id))
        seeds = await league.seeds_by_rating(store, current.guild_id, entered)
        count = rounds_for(current.format, len(entered), current.rounds)
        now = store.clock()
        started = await league.start(store, current.id, seeds, count, now)
        await refresh_signup(self.bot, current.id)
        locale = await interaction_locale(interaction)
        lines = [t("reply.tournament_started", locale, rounds=count)]
        if started.events:
            missing = await _post_events(interaction, started)
            if missing:
                lines.append(t("tournament.events_need", locale, permission=missing))
        self.bot.dispatch("cinch_league_changed")
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    @app_commands.command(**command_strings("cinch-tournament.standings"))
    @localised_options("cinch-tournament.standings", "tournament")
    @require_table_permissions
    async def tournament_standings(
        self, interaction: CinchInteraction, tournament: int | None = None
    ) -> None:
        """The standings (or the bracket) as they are, posted in the channel."""
        current = await chosen_tournament(interaction, tournament)
        if current.status is Status.SIGNUP:
            raise UserFacingError("errors.tournament_not_started")
        store = self.bot.store
        entrants = await league.entrants(store, current.id)
        matches = await league.matches(store, current.id)
        locale = await interaction_locale(interaction)
        await interaction.response.defer(thinking=True)
        render, scene = tournament_picture(current, entrants, matches, locale)
        png = await asyncio.to_thread(render, scene)
        alt = t("tournament.picture_alt", locale, name=current.name)
        await interaction.followup.send(file=png_file(png, "standings.png", alt))

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
        if subject.id != interaction.user.id:
            require_organiser(interaction, current)
        await withdraw_entry(interaction, current.id, subject.id)
        await refresh_signup(self.bot, current.id)
        locale = await interaction_locale(interaction)
        text = t(
            "reply.tournament_withdrew_player", locale, player=in_message(subject.display_name)
        )
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(**command_strings("cinch-tournament.cancel"))
    @localised_options("cinch-tournament.cancel", "tournament")
    async def tournament_cancel(
        self, interaction: CinchInteraction, tournament: int | None = None
    ) -> None:
        """End the tournament now: its tables close, its events are cancelled."""
        current = await chosen_tournament(interaction, tournament)
        require_organiser(interaction, current)
        store = self.bot.store
        if not await league.end(store, current.id, Status.CANCELLED):
            raise UserFacingError("errors.tournament_over")
        text = t("tournament.cancelled", current.language, name=in_message(current.name))
        for match in await league.matches(store, current.id):
            if not match.done and match.table_id is not None:
                await self.bot.tables.stop(match.table_id, text, reason=WITHDRAWN)
        await _cancel_events(interaction, current)
        await refresh_signup(self.bot, current.id)
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
        going = await league.going_on(self.bot.store, guild_of(interaction))
        typed = current.strip().lower()
        return [
            app_commands.Choice(name=item.name[:100], value=item.id)
            for item in reversed(going)
            if typed in item.name.lower()
        ][:25]


async def _post_events(interaction: CinchInteraction, tournament: Tournament) -> str | None:
    """Post each round as a scheduled event of the server, at the time it is planned; the
    permission the bot lacks for it, if it does."""
    guild = interaction.guild
    channel = interaction.client.get_channel(tournament.channel_id)
    if guild is None or not isinstance(channel, discord.TextChannel):
        return None
    locale = tournament.language
    # Discord takes only events to come: the first round's starts a minute from now, and the
    # bot starts it when the round opens.
    soonest = interaction.client.store.clock() + timedelta(minutes=1)
    for current in await league.rounds(interaction.client.store, tournament.id):
        start = max(current.planned_at, soonest)
        try:
            event = await guild.create_scheduled_event(
                name=t(
                    "tournament.event_name",
                    locale,
                    name=tournament.name,
                    round=round_title(tournament, current.number, locale),
                )[:100],
                start_time=start,
                end_time=start + timedelta(minutes=tournament.round_minutes),
                entity_type=discord.EntityType.external,
                privacy_level=discord.PrivacyLevel.guild_only,
                location=f"#{channel.name}",
                description=t("tournament.event_description", locale, name=tournament.name),
            )
        except discord.Forbidden:
            return permission_names(["create_events"], await interaction_locale(interaction))
        await league.set_event(interaction.client.store, tournament.id, current.number, event.id)
    return None


async def _cancel_events(interaction: CinchInteraction, tournament: Tournament) -> None:
    """Cancel the scheduled events of the rounds that did not take place."""
    guild = interaction.guild
    if guild is None:
        return
    for current in await league.rounds(interaction.client.store, tournament.id):
        if current.event_id is None or current.closed:
            continue
        try:
            event = guild.get_scheduled_event(
                current.event_id
            ) or await guild.fetch_scheduled_event(current.event_id)
            if event.status is discord.EventStatus.active:
                await event.end()
            elif event.status is discord.EventStatus.scheduled:
                await event.cancel()
        except discord.HTTPException:
            log.info("Tournament %s: could not cancel event %s", tournament.id, current.event_id)
