"""The table as a whole, as commands show it: its message posted again, its score, its house
rules, its rules in short, its seats.

Each reads the table of an id or a channel and answers in plain data or text; a channel without
a table gets the defaults, or nothing, rather than a refusal, where a command can still answer.
"""

from __future__ import annotations

from bot.presentation.rules_summary import rules_sections
from bot.service.service_state import ServiceState
from bot.service.showing import display
from bot.service.showing.lobby_texts import house_rules_lines
from bot.service.shown import SeatInfo


class WholeTable(ServiceState):
    """The table message, score, settings, rules and seats of a table."""

    def repost(self, table_id: int) -> None:
        """Post the table message again at the bottom of the channel."""
        self.registry.table(table_id)
        self.showing.looked_at(table_id)
        self.showing.mark(table_id, settled=True, repost=True)

    def score_text(self, table_id: int, locale: str | None) -> str:
        """The score, and the change of every hand played, for ``/cinch score``."""
        self.showing.looked_at(table_id)
        return display.score_text(self.registry.table(table_id), locale)

    def house_rules(self, channel_id: int, locale: str | None) -> list[str] | None:
        """The settings of this channel's table, one line each; None without a table."""
        table = self.registry.find_in_channel(channel_id)
        if table is None:
            return None
        return house_rules_lines(table.options, table.record.turn_timer, locale)

    def rules_summary(self, channel_id: int, locale: str | None) -> list[tuple[str, str]]:
        """The rules in short, (title, body) per section, as this channel's table plays them
        (its target, lowest bid and other house rules); the defaults without a table."""
        table = self.registry.find_in_channel(channel_id)
        if table is None:
            return rules_sections(locale)
        return rules_sections(locale, table.options.rules)

    def seat_infos(self, channel_id: int, locale: str | None) -> tuple[SeatInfo, ...]:
        """Every seat of this channel's table (none without a table): its name, who sits there,
        whether a person may take it."""
        table = self.registry.find_in_channel(channel_id)
        return () if table is None else display.seat_infos(table, locale)
