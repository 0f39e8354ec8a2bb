"""A tournament's sign-up message and its buttons, and a pair's invitation.

The sign-up message (in the tournament's channel and language) says what the tournament is and
who entered, edited at each change. Individuals press **Sign up**; a pair signs up together:
one chooses their partner in the message's menu, and the partner is asked in the channel,
**Accept** or **Decline**. **Withdraw** takes an entry out. Every component's custom id names
the tournament (and the invitation), so the buttons of a message sent before a restart work:

- ``cinch:tsign:<tournament>:<join|leave>``: Sign up, Withdraw;
- ``cinch:tpartner:<tournament>``: the partner menu;
- ``cinch:tinvite:<tournament>:<entrant>:<yes|no>``: Accept, Decline.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Sequence
from typing import Any

import discord

from bot.errors import UserFacingError
from bot.i18n import t, tn
from bot.league import tournaments as league
from bot.league.tournaments import Entrant, Status, Tournament
from bot.presentation.user_text import in_message, one_line
from cogs.shared.client import CinchClient
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, interaction_locale, person
from cogs.shared.message_parts import fit

#: The most entries the sign-up message names, one line each (the rest are counted).
NAMED_ENTRIES = 40


def describe(tournament: Tournament, locale: str | None) -> str:
    """What a tournament is, in one line."""
    return t(
        f"tournament.describe.{tournament.format.value}",
        locale,
        rounds=tournament.rounds,
        target=tournament.target,
        minutes=tournament.round_minutes,
    )


def signup_text(tournament: Tournament, entrants: Sequence[Entrant]) -> str:
    """The sign-up message: the tournament, how to enter, who entered, who is invited."""
    locale = tournament.language
    joiner = t("picture.names_joiner", locale)
    entered = [entrant for entrant in entrants if entrant.entered]
    invited = [entrant for entrant in entrants if entrant.status == "invited"]
    lines = [
        f"**{in_message(tournament.name)}**",
        describe(tournament, locale),
        t("tournament.organised_by", locale, organiser=f"<@{tournament.organiser_id}>"),
    ]
    if tournament.status is Status.SIGNUP:
        how = "tournament.how_pairs" if tournament.format.pairs else "tournament.how_alone"
        lines.append(t(how, locale))
    else:
        lines.append(t(f"tournament.status.{tournament.status.value}", locale))
    lines.append(tn("tournament.entered", len(entered), locale))
    lines += [
        f"- {joiner.join(in_message(name) for name in entrant.names)}"
        for entrant in entered[:NAMED_ENTRIES]
    ]
    for entrant in invited[:NAMED_ENTRIES]:
        lines.append(
            t(
                "tournament.invited_line",
                locale,
                player=in_message(entrant.name),
                partner=in_message(entrant.partner_name or ""),
            )
        )
    return fit("\n".join(lines))


def signup_view(tournament: Tournament) -> discord.ui.View | None:
    """The sign-up buttons while signing up; none once it started."""
    if tournament.status is not Status.SIGNUP:
        return None
    locale = tournament.language
    view = discord.ui.View(timeout=None)
    if tournament.format.pairs:
        view.add_item(PartnerSelect(tournament.id, locale))
    else:
        view.add_item(SignUpButton(tournament.id, "join", locale))
    view.add_item(SignUpButton(tournament.id, "leave", locale))
    return view


async def refresh_signup(client: CinchClient, tournament_id: int) -> None:
    """Bring the sign-up message up to date (it may have been deleted: nothing to do then)."""
    current = await league.tournament(client.store, tournament_id)
    if current.message_id is None:
        return
    entrants = await league.entrants(client.store, tournament_id)
    channel = client.get_partial_messageable(current.channel_id)
    try:
        await channel.get_partial_message(current.message_id).edit(
            content=signup_text(current, entrants), view=signup_view(current)
        )
    except discord.HTTPException:
        return


class SignUpButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:tsign:(?P<tournament>\d+):(?P<what>join|leave)",
):
    """Sign up (individuals) or Withdraw."""

    def __init__(self, tournament_id: int, what: str, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"tournament.button.{what}", locale),
                style=discord.ButtonStyle.success
                if what == "join"
                else discord.ButtonStyle.secondary,
                custom_id=f"cinch:tsign:{tournament_id}:{what}",
            )
        )
        self.tournament_id, self.what = tournament_id, what

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignUpButton:
        return cls(int(match["tournament"]), match["what"])

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        who = person(interaction)
        store = interaction.client.store
        if self.what == "join":
            await league.sign_up(store, self.tournament_id, who.user_id, who.name)
            key = "reply.tournament_signed_up"
        else:
            await withdraw_entry(interaction, self.tournament_id, who.user_id)
            key = "reply.tournament_withdrew"
        await refresh_signup(interaction.client, self.tournament_id)
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(t(key, locale), ephemeral=True)


async def withdraw_entry(
    interaction: CinchInteraction, tournament_id: int, user_id: int
) -> Entrant:
    """Withdraw the entry holding the person; a player of rotating partners leaves the table
    they are at now (the computer plays their seat to its end); the league's clock does the
    rest (a pair forfeits its match)."""
    client = interaction.client
    entry = await league.withdraw(client.store, tournament_id, user_id)
    current = await league.tournament(client.store, tournament_id)
    if current.status is Status.RUNNING and not current.format.pairs:
        for match in await league.matches(client.store, tournament_id):
            if (
                not match.done
                and match.table_id is not None
                and entry.number in match.side_a + (match.side_b or ())
            ):
                with contextlib.suppress(UserFacingError):  # the table closed meanwhile
                    await client.tables.leave(match.table_id, entry.user_id)
    client.dispatch("cinch_league_changed")
    return entry


class PartnerSelect(
    discord.ui.DynamicItem[discord.ui.UserSelect], template=r"cinch:tpartner:(?P<tournament>\d+)"
):
    """A pair signs up together: one chooses their partner here, who is then asked."""

    def __init__(self, tournament_id: int, locale: str | None = None) -> None:
        super().__init__(
            discord.ui.UserSelect(
                custom_id=f"cinch:tpartner:{tournament_id}",
                placeholder=t("tournament.choose_partner", locale),
                min_values=1,
                max_values=1,
            )
        )
        self.tournament_id = tournament_id

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PartnerSelect:
        return cls(int(match["tournament"]))

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        (partner,) = self.item.values
        if partner.bot:
            raise UserFacingError("errors.tournament_partner_bot")
        who = person(interaction)
        store = interaction.client.store
        entry = await league.sign_up(
            store,
            self.tournament_id,
            who.user_id,
            who.name,
            partner=(partner.id, one_line(partner.display_name)),
        )
        current = await league.tournament(store, self.tournament_id)
        await refresh_signup(interaction.client, self.tournament_id)
        locale = current.language
        text = t(
            "tournament.invitation",
            locale,
            partner=f"<@{partner.id}>",
            player=in_message(who.name),
            name=in_message(current.name),
        )
        view = discord.ui.View(timeout=None)
        for answer in ("yes", "no"):
            view.add_item(InvitationButton(self.tournament_id, entry.number, answer, locale))
        channel = interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        await channel.send(
            text, view=view, allowed_mentions=discord.AllowedMentions(users=[partner])
        )
        reply_locale = await interaction_locale(interaction)
        await interaction.response.send_message(
            t("reply.tournament_invited", reply_locale, partner=in_message(partner.display_name)),
            ephemeral=True,
        )


class InvitationButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"cinch:tinvite:(?P<tournament>\d+):(?P<entrant>\d+):(?P<answer>yes|no)",
):
    """Accept or Decline, for the invited partner alone."""

    def __init__(
        self, tournament_id: int, entrant: int, answer: str, locale: str | None = None
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=t(f"tournament.button.{answer}", locale),
                style=discord.ButtonStyle.success
                if answer == "yes"
                else discord.ButtonStyle.danger,
                custom_id=f"cinch:tinvite:{tournament_id}:{entrant}:{answer}",
            )
        )
        self.tournament_id, self.entrant, self.answer = tournament_id, entrant, answer

    @classmethod
    @reads_custom_id
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> InvitationButton:
        return cls(int(match["tournament"]), int(match["entrant"]), match["answer"])

    @reports_errors
    async def callback(self, interaction: CinchInteraction) -> None:
        store = interaction.client.store
        entry = await league.answer_invitation(
            store,
            self.tournament_id,
            self.entrant,
            interaction.user.id,
            accept=self.answer == "yes",
        )
        current = await league.tournament(store, self.tournament_id)
        await refresh_signup(interaction.client, self.tournament_id)
        key = (
            "tournament.invitation_accepted" if entry.entered else "tournament.invitation_declined"
        )
        joiner = t("picture.names_joiner", current.language)
        text = t(
            key,
            current.language,
            pair=joiner.join(in_message(name) for name in entry.names),
            name=in_message(current.name),
        )
        await interaction.response.edit_message(content=text, view=None)
