"""House rules: every point where the sources differ, with the project's defaults.

Each option, its default and the reason for it are in docs/rules.md, section B.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from enum import StrEnum
from typing import Any

from bot.engine.trumps import TOTAL_POINTS


class AllPass(StrEnum):
    """What happens when nobody bids (B-3)."""

    DEALER_NO_CONTRACT = "dealerNoContract"
    DEALER_STUCK_AT_MIN = "dealerStuckAtMin"
    REDEAL_NEXT_DEALER = "redealNextDealer"
    REDEAL_SAME_DEALER = "redealSameDealer"
    DEALER_MAY_PASS_THEN_REDEAL = "dealerMayPassThenRedeal"


class DealerRob(StrEnum):
    """How the dealer robs the pack (B-8)."""

    TRUMPS_FIRST = "trumpsFirst"
    FREE_CHOICE = "freeChoice"
    KEEP_ALL_DUMP_ON_FIRST_TRICK = "keepAllDumpOnFirstTrick"


class ExcessTrumps(StrEnum):
    """What a player drawing with 7 or more trumps does (B-9)."""

    DISCARD_SHOWN = "discardShown"
    DUMP_ON_FIRST_TRICK = "dumpOnFirstTrick"


class StockShortage(StrEnum):
    """What happens when the stock runs out during the refill (B-11)."""

    FILL_FROM_DISCARDS = "fillFromDiscards"
    PLAY_SHORT = "playShort"


class Scoring(StrEnum):
    """How a two-sided hand is scored (B-12)."""

    DIFFERENCE = "difference"
    EACH_SIDE_OWN = "eachSideOwn"


class SetFormula(StrEnum):
    """What the opponents score when the makers are set (B-13)."""

    FOURTEEN_PLUS_SHORTFALL = "fourteenPlusShortfall"
    OPP_POINTS_PLUS_BID = "oppPointsPlusBid"


class FirstDealer(StrEnum):
    """Who deals first after the draw for seats (B-15)."""

    HIGHEST = "highest"
    LOWEST = "lowest"
    RANDOM = "random"


class LowGoesTo(StrEnum):
    """Who scores Low (B-6)."""

    TRICK_WINNER = "trickWinner"
    HOLDER = "holder"


class HighLow(StrEnum):
    """High and Low: the Ace and 2 of trumps, or the highest and lowest trump played (B-5)."""

    FIXED = "fixed"
    IN_PLAY = "inPlay"


MAX_BID = TOTAL_POINTS
MAX_TARGET_SCORE = 1000

#: Hands dealt again in a row because everyone passed, after which a hand everyone passes is
#: not dealt again: the dealer is stuck at the minimum bid (B-3), so that every game moves on.
MAX_REDEALS_IN_A_ROW = 3

#: The rules under which a hand everyone passes may be dealt again.
_REDEALING = frozenset(
    (AllPass.REDEAL_NEXT_DEALER, AllPass.REDEAL_SAME_DEALER, AllPass.DEALER_MAY_PASS_THEN_REDEAL)
)


@dataclass(frozen=True, slots=True)
class HouseRules:
    """One table's rules. The defaults and the reasons for them are in docs/rules.md."""

    target_score: int = 51
    min_bid: int = 1
    all_pass: AllPass = AllPass.DEALER_NO_CONTRACT
    dealer_rob: DealerRob = DealerRob.TRUMPS_FIRST
    excess_trumps: ExcessTrumps = ExcessTrumps.DISCARD_SHOWN
    stock_shortage: StockShortage = StockShortage.FILL_FROM_DISCARDS
    scoring: Scoring = Scoring.DIFFERENCE
    set_formula: SetFormula = SetFormula.FOURTEEN_PLUS_SHORTFALL
    bidder_goes_out: bool = True
    first_dealer: FirstDealer = FirstDealer.HIGHEST
    low_goes_to: LowGoesTo = LowGoesTo.TRICK_WINNER
    high_low: HighLow = HighLow.FIXED
    discards_visible: bool = True
    allow_counting_discard: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.target_score, int) or not 1 <= self.target_score <= MAX_TARGET_SCORE:
            raise ValueError(f"target_score must be a whole number from 1 to {MAX_TARGET_SCORE}")
        if not isinstance(self.min_bid, int) or not 1 <= self.min_bid <= MAX_BID:
            raise ValueError(f"min_bid must be a whole number from 1 to {MAX_BID}")
        for name in ("bidder_goes_out", "discards_visible", "allow_counting_discard"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false")
        for field in fields(self):
            value = getattr(self, field.name)
            enum_type = RULE_CHOICES.get(field.name)
            if enum_type is not None and not isinstance(value, enum_type):
                object.__setattr__(self, field.name, enum_type(value))

    def to_dict(self) -> dict[str, Any]:
        return {
            key: (str(value) if isinstance(value, StrEnum) else value)
            for key, value in asdict(self).items()
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HouseRules:
        known = {field.name for field in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown house rules: {', '.join(sorted(unknown))}")
        return cls(**data)

    def all_pass_after(self, redeals: int) -> AllPass:
        """What happens when everyone passes, after ``redeals`` hands in a row were dealt again
        because everyone passed: the table's rule, until a rule that redeals has done so
        `MAX_REDEALS_IN_A_ROW` times; then the dealer is stuck at the minimum bid."""
        if redeals >= MAX_REDEALS_IN_A_ROW and self.all_pass in _REDEALING:
            return AllPass.DEALER_STUCK_AT_MIN
        return self.all_pass

    def changed_from_default(self) -> dict[str, Any]:
        """The rules that differ from the defaults, for a short summary."""
        default = HouseRules().to_dict()
        return {key: value for key, value in self.to_dict().items() if default[key] != value}


#: The house rules chosen among named values, and the enumeration of each one's values.
RULE_CHOICES: dict[str, type[StrEnum]] = {
    "all_pass": AllPass,
    "dealer_rob": DealerRob,
    "excess_trumps": ExcessTrumps,
    "stock_shortage": StockShortage,
    "scoring": Scoring,
    "set_formula": SetFormula,
    "first_dealer": FirstDealer,
    "low_goes_to": LowGoesTo,
    "high_low": HighLow,
}
