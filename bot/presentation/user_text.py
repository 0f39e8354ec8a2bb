"""What members wrote (their names, their server's name, a card they typed), made fit to show.

Everything a member wrote is shown as they wrote it, never as part of the bot's own message:

- :func:`one_line` keeps it to one line (every run of spaces, tabs or line breaks becomes one
  space; control and direction-changing characters go) and to a length, ending in "…" when
  cut. Names are kept that way (pictures draw them plain, buttons and choices show them plain).
- :func:`in_message` does that and escapes Discord's markdown and mentions, for the text of a
  message, which Discord renders: a nickname ``[Free Nitro](https://…)`` must not become a
  link, ``# HEADING`` a heading, ``**bold**`` bold, ``<@123>`` or ``@everyone`` a mention.

Names are stored and drawn raw and escaped once, where a message's text is worded
(``TextContext`` for the game's texts, the lobby text, each text naming a person). The
backslash escapes show nothing in Discord, so the reader sees exactly what was written.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

#: Discord's own limit of a display name or nickname.
NAME_LIMIT = 32
#: Discord's own limit of a server's name.
SERVER_NAME_LIMIT = 100
#: Texts kept escaped (`in_message`): the names of the tables being played, worded at every move.
ESCAPED_KEPT = 4096
#: How much of a member's input (a card they typed) a refusal quotes back.
QUOTE_LIMIT = 50
ELLIPSIS = "…"

#: Characters that change the direction of the text around them (they could turn the bot's
#: own words around a name).
_DIRECTION_MARKS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
#: Markdown Discord reads anywhere in a line (``<`` opens mentions, channels, emoji, times).
_INLINE = re.compile(r"([\\*_~`|\[\]<])")
#: Markdown Discord reads at the start of a line: headings, quotes, lists, small text.
_LINE_START = re.compile(r"^([#>\-+])")
_EVERYONE = re.compile(r"@(everyone|here)")


def one_line(written: str, limit: int = NAME_LIMIT) -> str:
    """``written`` on one line, at most ``limit`` characters long."""
    kept = "".join(
        char
        for char in written
        if char not in _DIRECTION_MARKS and (char.isspace() or unicodedata.category(char) != "Cc")
    )
    text = " ".join(kept.split())
    if len(text) > limit:
        return text[: limit - 1].rstrip() + ELLIPSIS
    return text


@lru_cache(maxsize=ESCAPED_KEPT)
def in_message(written: str, limit: int = NAME_LIMIT) -> str:
    """``written`` as the text of a Discord message shows it: on one line, at most ``limit``
    characters (before escaping), with markdown and mentions escaped."""
    text = _INLINE.sub(r"\\\1", one_line(written, limit))
    text = _LINE_START.sub(r"\\\1", text)
    return _EVERYONE.sub("@\u200b\\1", text)
