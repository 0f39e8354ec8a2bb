"""``/cinch settings``: each player's own choices; ``/cinch forget``: being forgotten."""

from __future__ import annotations

from typing import cast

from discord import app_commands

from bot.i18n import t
from bot.store import UNSET, HandDelivery, UserPreferences
from cogs.shared.client import CinchCommands
from cogs.shared.confirm import ask_to_confirm
from cogs.shared.interaction import CinchInteraction
from cogs.shared.translator import command_strings, localised_choices, localised_options


def _on_or_off(key: str, chosen: bool, locale: str | None) -> str:
    return t(f"{key}.on" if chosen else f"{key}.off", locale)


def describe_preferences(preferences: UserPreferences, locale: str | None) -> str:
    """The user's settings in a few lines, as ``/cinch settings`` shows them."""
    if preferences.hand_delivery == "dm":
        hand = t("settings.hand.dm_failed" if preferences.dm_failed else "settings.hand.dm", locale)
    else:
        hand = t("settings.hand.ephemeral", locale)
    boards = t(
        "settings.boards.hidden" if preferences.hidden_from_boards else "settings.boards.shown",
        locale,
    )
    turn = _on_or_off("settings.turn_dm", preferences.turn_dm, locale)
    deck = _on_or_off("settings.four_colour", preferences.four_colour, locale)
    title = t("settings.title", locale)
    lines = [f"**{title}**", f"- {hand}", f"- {turn}", f"- {deck}", f"- {boards}"]
    lines.append(t("settings.hint", locale))
    return "\n".join(lines)


class SettingsCommands(CinchCommands):
    """Per-user settings, kept across servers and restarts."""

    @app_commands.command(**command_strings("cinch.settings"))
    @localised_options("cinch.settings", "hand", "turn_dm", "four_colour", "hide_from_leaderboards")
    @app_commands.choices(
        hand=localised_choices({"choice.hand.ephemeral": "ephemeral", "choice.hand.dm": "dm"})
    )
    async def settings(
        self,
        interaction: CinchInteraction,
        hand: app_commands.Choice[str] | None = None,
        turn_dm: bool | None = None,
        four_colour: bool | None = None,
        hide_from_leaderboards: bool | None = None,
    ) -> None:
        """Show the caller's settings, changing first the ones they gave."""
        people = self.bot.people
        user_id = interaction.user.id
        changes = (hand, turn_dm, four_colour, hide_from_leaderboards)
        if all(change is None for change in changes):
            current = await people.settings(user_id)
            saved = False
        else:
            current = await people.change(
                user_id,
                # Discord only sends one of the choices offered, the store's deliveries.
                hand_delivery=UNSET if hand is None else cast(HandDelivery, hand.value),
                # Choosing DMs again is how a player says "I have allowed them now".
                dm_failed=UNSET if hand is None else False,
                turn_dm=UNSET if turn_dm is None else turn_dm,
                four_colour=UNSET if four_colour is None else four_colour,
                hidden_from_boards=UNSET
                if hide_from_leaderboards is None
                else hide_from_leaderboards,
            )
            saved = True
        locale = current.locale or str(interaction.locale)
        text = describe_preferences(current, locale)
        if saved:
            text = f"{t('settings.saved', locale)}\n{text}"
        await interaction.response.send_message(text, ephemeral=True)

    @app_commands.command(**command_strings("cinch.forget"))
    async def forget(self, interaction: CinchInteraction) -> None:
        """Ask first, then delete the caller's settings and take their name off everything
        (``docs/security.md``)."""
        await ask_to_confirm(interaction, "forget", forget_caller)


async def forget_caller(interaction: CinchInteraction) -> str:
    """Forget whoever confirmed (the question is theirs alone to answer): answered at once,
    the forgetting done in the background."""
    bot, user_id = interaction.client, interaction.user.id
    await bot.tables.forget_person(user_id)
    bot.memberships.forget(user_id)
    return "forget.under_way"
