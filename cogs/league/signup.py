"""A tournament's sign-up buttons and a pair's invitation's, which call the league service.

Individuals press **Sign up**; a pair signs up together: one chooses their partner in the
sign-up message's menu, and the partner is asked in the channel, **Accept** or **Decline**.
**Withdraw** takes an entry out. Each click is answered first, and the sign-up message brought
up to date after, so Discord has its answer within its 3 seconds whatever the edit costs.
Every component's custom id names the tournament (and the invitation), so the buttons of a
message sent before a restart work:

- ``cinch:tsign:<tournament>:<join|leave>``: Sign up, Withdraw;
- ``cinch:tpartner:<tournament>``: the partner menu;
- ``cinch:tinvite:<tournament>:<entrant>:<yes|no>``: Accept, Decline.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import UserFacingError
from bot.i18n import t
from bot.league.shown import Acting, InvitationShown, SignupShown
from bot.presentation.user_text import in_message, one_line
from bot.service import Person
from cogs.shared.error_replies import reads_custom_id, reports_errors
from cogs.shared.interaction import CinchInteraction, interaction_locale, person
from cogs.shared.message_parts import fit


def signup_view(signup: SignupShown) -> discord.ui.View | None:
    """The sign-up buttons while signing up; none once it started."""
    if signup.pairs is None:
        return None
    view = discord.ui.View(timeout=None)
    if signup.pairs:
        view.add_item(PartnerSelect(signup.tournament_id, signup.locale))
    else:
        view.add_item(SignUpButton(signup.tournament_id, "join", signup.locale))
    view.add_item(SignUpButton(signup.tournament_id, "leave", signup.locale))
    return view


def invitation_view(invitation: InvitationShown) -> discord.ui.View:
    """Accept and Decline."""
    view = discord.ui.View(timeout=None)
    for answer in ("yes", "no"):
        view.add_item(
            InvitationButton(
                invitation.tournament_id, invitation.entrant, answer, invitation.locale
            )
        )
    return view


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
        leagues = interaction.client.league
        who = person(interaction)
        if self.what == "join":
            answer = await leagues.sign_up(self.tournament_id, who)
        else:
            answer = await leagues.withdraw(self.tournament_id, who.user_id, Acting(who.user_id))
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(t(answer.reply, locale), ephemeral=True)
        await leagues.follow_up(answer)


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
        leagues = interaction.client.league
        chosen = Person(partner.id, one_line(partner.display_name))
        answer = await leagues.invite(self.tournament_id, person(interaction), chosen)
        locale = await interaction_locale(interaction)
        await interaction.response.send_message(
            t(answer.reply, locale, partner=in_message(partner.display_name)), ephemeral=True
        )
        await leagues.follow_up(answer)


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
        leagues = interaction.client.league
        answer = await leagues.answer_invitation(
            self.tournament_id, self.entrant, interaction.user.id, accept=self.answer == "yes"
        )
        await interaction.response.edit_message(content=fit(answer.text), view=None)
        await leagues.follow_up(answer)


#: The league's buttons and menu, registered by the league's extension (``clock.py``).
LEAGUE_COMPONENTS = (SignUpButton, PartnerSelect, InvitationButton)
