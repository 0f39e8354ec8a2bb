"""Signing up for a tournament, through the league service: an individual's entry, a pair's
invitation and its answer, a withdrawal. Each answers with plain data at once; what it shows
(the invitation, the sign-up message brought up to date) waits for :meth:`SignUps.follow_up`,
once the click is answered."""

from __future__ import annotations

import contextlib
from dataclasses import replace

from bot.errors import UserFacingError
from bot.i18n import t
from bot.league import tournaments as league
from bot.league.league_state import LeagueState
from bot.league.shown import Acting, InvitationAnswer, InvitationShown, SignupAnswer, SignupShown
from bot.league.signup_texts import signup_shown
from bot.league.tournaments import Entrant, Status
from bot.presentation.user_text import in_message
from bot.service import Person


class SignUps(LeagueState):
    """A tournament's sign-up."""

    async def _signup(self, tournament_id: int) -> SignupShown:
        """The tournament's sign-up message as the store says it is now."""
        current = await league.tournament(self.store, tournament_id)
        entrants = await league.entrants(self.store, tournament_id)
        return signup_shown(current, entrants)

    async def refresh_signup(self, tournament_id: int) -> None:
        """Bring the tournament's sign-up message up to date."""
        await self.outbox.show_signup(await self._signup(tournament_id))

    async def _answer(self, tournament_id: int, reply: str) -> SignupAnswer:
        return SignupAnswer(reply, await self._signup(tournament_id))

    async def sign_up(self, tournament_id: int, who: Person) -> SignupAnswer:
        """An individual signs up. The sign-up message is the caller's to bring up to date
        (:meth:`follow_up`), once the click is answered."""
        await league.sign_up(self.store, tournament_id, who.user_id, who.name)
        return await self._answer(tournament_id, "reply.tournament_signed_up")

    async def withdraw(self, tournament_id: int, user_id: int, by: Acting) -> SignupAnswer:
        """Withdraw the entry holding the person (themselves, or anyone as the tournament's
        organiser); a player of rotating partners leaves the table they are at now (the
        computer plays their seat to its end); the clock does the rest (a pair forfeits its
        match)."""
        if by.user_id != user_id:
            self.require_organiser(await league.tournament(self.store, tournament_id), by)
        entry = await league.withdraw(self.store, tournament_id, user_id)
        current = await league.tournament(self.store, tournament_id)
        if current.status is Status.RUNNING and not current.format.pairs:
            for match in await league.matches(self.store, tournament_id):
                if (
                    not match.done
                    and match.table_id is not None
                    and entry.number in match.side_a + (match.side_b or ())
                ):
                    with contextlib.suppress(UserFacingError):  # the table closed meanwhile
                        await self.tables.leave(match.table_id, entry.user_id)
        self._changed_now()
        return await self._answer(tournament_id, "reply.tournament_withdrew")

    async def invite(self, tournament_id: int, who: Person, partner: Person) -> SignupAnswer:
        """A pair signs up together: ``who`` chose ``partner``, who is asked in the channel
        (their mention notifies them) with the Accept and Decline buttons, once the click is
        answered (:meth:`follow_up`)."""
        entry = await league.sign_up(
            self.store,
            tournament_id,
            who.user_id,
            who.name,
            partner=(partner.user_id, partner.name),
        )
        current = await league.tournament(self.store, tournament_id)
        text = t(
            "tournament.invitation",
            current.language,
            partner=f"<@{partner.user_id}>",
            player=in_message(who.name),
            name=in_message(current.name),
        )
        invitation = InvitationShown(
            current.id, entry.number, partner.user_id, text, current.language
        )
        answer = await self._answer(tournament_id, "reply.tournament_invited")
        return replace(answer, invitation=invitation)

    async def answer_invitation(
        self, tournament_id: int, entrant: int, user_id: int, *, accept: bool
    ) -> InvitationAnswer:
        """The partner invited accepts or declines: what the invitation reads from now on."""
        entry: Entrant = await league.answer_invitation(
            self.store, tournament_id, entrant, user_id, accept=accept
        )
        current = await league.tournament(self.store, tournament_id)
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
        return InvitationAnswer(text, await self._signup(tournament_id))

    async def follow_up(self, answer: SignupAnswer | InvitationAnswer) -> None:
        """What a click on the sign-up's buttons shows once it is answered: the invitation it
        asks, and the sign-up message as it left it."""
        if isinstance(answer, SignupAnswer) and answer.invitation is not None:
            await self.outbox.post_invitation(answer.signup.channel_id, answer.invitation)
        await self.outbox.show_signup(answer.signup)
