"""The `/cinch rules` summary: the default rules, written separately in each language.

Each section is a pair of catalogue entries (`rules.<section>.title` and `.body`) sized for one
embed field (title ≤ 256, body ≤ 1024 characters), so the cog can lay them out as fields and
add this table's house rules after them within Discord's 6000-character embed limit.
"""

from __future__ import annotations

from bot.i18n.messages import t

#: The sections in reading order.
RULES_SECTIONS: tuple[str, ...] = ("cards", "points", "bidding", "draw", "play", "scoring")


def rules_title(locale: object = None) -> str:
    return t("rules.title", locale)


def rules_sections(locale: object = None) -> list[tuple[str, str]]:
    """(title, body) for every section, in order."""
    return [
        (t(f"rules.{section}.title", locale), t(f"rules.{section}.body", locale))
        for section in RULES_SECTIONS
    ]
