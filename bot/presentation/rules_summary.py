"""The `/cinch rules` summary in one language, stating the rules a table plays by.

Each section is a pair of catalogue entries (`rules.<section>.title` and `.body`) sized for one
embed field (title ≤ 256, body ≤ 1024 characters), so the cog can lay them out as fields and
add the table's house rules after them within Discord's 6000-character embed limit.

Wherever a house rule changes what the summary says (the target, the lowest bid, what happens
when everyone passes, the draw, how points and hands are scored), the body takes the sentence
written for the table's choice (`rules.<section>.<rule>.<choice>`), so the summary never states
a default the table does not play by: a table playing to 11 is told 11, not 51.
"""

from __future__ import annotations

from bot.engine.rules import MAX_REDEALS_IN_A_ROW, ExcessTrumps, HouseRules, Scoring
from bot.i18n import t

#: The sections in reading order.
RULES_SECTIONS: tuple[str, ...] = ("cards", "points", "bidding", "draw", "play", "scoring")

DEFAULT_RULES = HouseRules()


def rules_sections(
    locale: object = None, rules: HouseRules = DEFAULT_RULES
) -> list[tuple[str, str]]:
    """(title, body) for every section, in order, as `rules` play."""
    facts = _facts(locale, rules)
    return [
        (t(f"rules.{section}.title", locale), t(f"rules.{section}.body", locale, **facts))
        for section in RULES_SECTIONS
    ]


def _facts(locale: object, rules: HouseRules) -> dict[str, object]:
    """The numbers and sentences the section bodies take from the table's house rules."""
    numbers: dict[str, object] = {
        "lowest_bid": rules.min_bid,
        "target": rules.target_score,
        "redeals": MAX_REDEALS_IN_A_ROW,
    }
    discard = "face_up" if rules.discards_visible else "face_down"
    sentences = {
        "taken": f"rules.points.taken.{rules.low_goes_to}",
        "high": f"rules.points.high.{rules.high_low}",
        "low": f"rules.points.low.{rules.high_low}",
        "all_pass": f"rules.bidding.all_pass.{rules.all_pass}",
        "discard": f"rules.draw.discard.{discard}",
        "excess": f"rules.draw.excess.{_excess_trumps(rules)}",
        "rob": f"rules.draw.rob.{rules.dealer_rob}",
        "scoring": f"rules.scoring.rule.{_scoring(rules)}",
    }
    return numbers | {name: t(key, locale, **numbers) for name, key in sentences.items()}


def _excess_trumps(rules: HouseRules) -> str:
    """Extra trumps laid face up may include a scoring one only where the table allows it."""
    if rules.excess_trumps is ExcessTrumps.DISCARD_SHOWN and rules.allow_counting_discard:
        return "discardShownCounting"
    return str(rules.excess_trumps)


def _scoring(rules: HouseRules) -> str:
    """Scoring the difference takes the set formula's words; each side scoring its own points
    has its own rule for a set (the set formula does not apply)."""
    if rules.scoring is Scoring.DIFFERENCE:
        return str(rules.set_formula)
    return str(rules.scoring)
