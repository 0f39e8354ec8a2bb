"""The words drawn in the table pictures, in one language.

The renderer takes every word from its caller (`bot.render.words.Words`, whose English defaults
mirror the `en` catalogue) and fills the `{fields}` itself, so these are unformatted templates:
`Words(**picture_words(locale))`. Words that are also game terms reuse those keys, so "Trump" or
"Left Pedro" reads the same in a picture as in the rules and the replies.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from bot.i18n.messages import template

#: `Words` field → catalogue key.
PICTURE_WORD_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "hand_title": "picture.hand_title",
        "trump": "term.trump",
        "no_trump_yet": "picture.no_trump_yet",
        "contract": "term.contract",
        "contract_by": "picture.contract_by",
        "bid": "picture.bid",
        "passed": "term.pass",
        "dealer_chip": "picture.dealer_chip",
        "computer": "picture.computer",
        "target": "picture.target",
        "hand_points": "picture.hand_points",
        "last_trick": "picture.last_trick",
        "pack": "picture.pack",
        "high": "point.high",
        "low": "point.low",
        "jack": "point.jack",
        "game": "point.game",
        "right_pedro": "point.right_pedro",
        "left_pedro": "point.left_pedro",
        "dead": "picture.dead",
        "not_in_play": "picture.not_in_play",
        "contract_made": "picture.contract_made",
        "contract_set": "picture.contract_set",
        "equal_points": "text.equal_points",
        "points": "picture.points",
        "change": "picture.change",
        "total": "picture.total",
        "winner": "picture.winner",
        "names_joiner": "picture.names_joiner",
        "final_score": "picture.final_score",
        "hand_axis": "term.hand",
    }
)


def picture_words(locale: object = None) -> dict[str, str]:
    """Every picture word for `locale`, as keyword arguments for `Words`."""
    return {field: template(key, locale) for field, key in PICTURE_WORD_KEYS.items()}
