"""A server's seasons, through the league service: their settings, checked and said as they
stand, and the seasons that ended, named and drawn."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bot.errors import UserFacingError
from bot.i18n import t
from bot.league.league_state import LeagueState
from bot.league.season_end import role_mention
from bot.league.season_role import Rights, refusal_to_choose, refusal_to_give
from bot.league.season_scenes import season_name
from bot.league.seasons import (
    Season,
    SeasonDatesRefused,
    SeasonSettings,
    change_season_settings,
    pick_season,
    season_settings,
)
from bot.league.shown import Picture
from bot.league.windows import SeasonLength
from bot.store import UNSET, Unset


class SeasonRequests(LeagueState):
    """What a server's admins and members ask of its seasons."""

    async def season_settings(
        self,
        guild_id: int,
        *,
        channel_id: int | None,
        here: int,
        length: SeasonLength | Unset = UNSET,
        dates: tuple[date, date] | None = None,
        role_id: int | Unset | None = UNSET,
        chooser: Rights | None = None,
        places: int | Unset = UNSET,
        locale: str | None,
    ) -> str:
        """Change what is given of the server's seasons (``role_id`` None takes the role
        away; a role is one ``chooser`` could give, when they are known), and say how they
        stand, in ``locale``."""
        current = await season_settings(self.store, guild_id)
        if current is None and length is UNSET:
            raise UserFacingError("errors.no_season")
        if isinstance(role_id, int) and chooser is not None:
            role = self.outbox.role(guild_id, role_id)
            refusal = None if role is None else refusal_to_choose(role, chooser)
            if refusal is not None:
                raise UserFacingError(refusal, role=role_mention(role_id))
        if channel_id is None:
            channel_id = current.channel_id if current is not None else here
        try:
            settings, coming = await change_season_settings(
                self.store,
                guild_id,
                channel_id=channel_id,
                length=length,
                dates=dates,
                role_id=role_id,
                role_places=places,
            )
        except SeasonDatesRefused as refused:
            day = refused.until.date().isoformat()
            raise UserFacingError("errors.season_dates_overlap", day=day) from None
        return self.describe_seasons(settings, coming, locale)

    def describe_seasons(
        self, settings: SeasonSettings, coming: Sequence[Season], locale: str | None
    ) -> str:
        """A server's seasons in a few lines, as ``/cinch-server seasons`` shows them."""
        lines = [f"**{t('season.settings.title', locale)}**"]
        lines.append(t(f"season.length.{settings.length.value}", locale))
        lines.append(t("season.settings.channel", locale, channel=f"<#{settings.channel_id}>"))
        role_id = settings.role_id
        role = None if role_id is None else self.outbox.role(settings.guild_id, role_id)
        if role_id is None:
            lines.append(t("season.settings.no_role", locale))
        elif role is None:
            lines.append(t("season.role_gone", locale))
        else:
            mention = role_mention(role_id)
            if settings.role_places == 1:
                lines.append(t("season.settings.role_one", locale, role=mention))
            else:
                lines.append(
                    t("season.settings.role", locale, role=mention, count=settings.role_places)
                )
            problem = refusal_to_give(role, self.outbox.bot_rights(settings.guild_id))
            if problem is not None:
                lines.append(t(problem, locale, role=mention))
        lines += [season_name(season.number, season.window, locale) for season in coming]
        if not coming:
            lines.append(t("season.settings.none", locale))
        return "\n".join(lines)

    async def ended_season(self, guild_id: int, number: int | None) -> Season:
        """A season that ended (the last one, unless a number is given)."""
        chosen = await pick_season(self.store, guild_id, number, ended=True)
        if not chosen.ended:
            day = chosen.window.last_day.isoformat()
            raise UserFacingError("errors.season_not_ended", number=chosen.number, day=day)
        return chosen

    async def season_awards(self, season: Season, locale: str | None) -> Picture:
        """The awards picture of a season that ended, as its end showed them."""
        picture, _, _ = await self.season_ends.picture(season, locale)
        return picture
