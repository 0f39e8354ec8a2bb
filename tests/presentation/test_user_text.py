"""What members wrote, made fit to show: on one line, bounded, and in a message's text with
Discord's markdown and mentions escaped, so the reader sees exactly what was written."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from bot.presentation.user_text import ESCAPED_KEPT, NAME_LIMIT, in_message, one_line

#: Discord hides a backslash before any punctuation and shows the character itself.
ESCAPED = re.compile(r"\\(.)")
#: A markdown character with no backslash (or an escaped backslash) before it.
LIVE = re.compile(r"(?<!\\)(?:\\\\)*[*_~`|\[\]<]")


def as_discord_shows(text: str) -> str:
    """The text a reader sees (the zero-width space that keeps ``@everyone`` from being a
    mention is not seen either)."""
    return ESCAPED.sub(r"\1", text).replace("@\u200b", "@")


def test_a_name_is_kept_to_one_line_and_a_length():
    assert one_line("  line\n# HEADING\t\r\n  end ") == "line # HEADING end"
    assert one_line("a\u202eb\x00c\u200bd") == "abc\u200bd"  # direction and control marks go
    assert one_line("x" * 40) == "x" * (NAME_LIMIT - 1) + "…"
    assert one_line("x" * NAME_LIMIT) == "x" * NAME_LIMIT
    assert one_line("card text " * 600, 50) == ("card text " * 5).rstrip() + "…"


def test_markdown_and_mentions_are_escaped():
    assert in_message("[Free Nitro](https://e.x)") == r"\[Free Nitro\](https://e.x)"
    assert in_message("line\n# HEADING") == "line # HEADING"
    assert in_message("# HEADING") == r"\# HEADING"
    assert in_message("> quote") == r"\> quote"
    assert in_message("-# small") == r"\-# small"
    assert in_message("**bold** __under__ ~~out~~") == r"\*\*bold\*\* \_\_under\_\_ \~\~out\~\~"
    assert in_message("||spoiler|| `code`") == r"\|\|spoiler\|\| \`code\`"
    assert in_message("<@123> <#45> <t:0>") == r"\<@123> \<#45> \<t:0>"
    assert in_message("@everyone @here") == "@\u200beveryone @\u200bhere"
    assert in_message("back\\slash*") == r"back\\slash\*"
    assert in_message("Alice") == "Alice"


@given(st.text())
def test_a_message_shows_what_was_written_and_nothing_else(written: str):
    shown = in_message(written)
    assert as_discord_shows(shown) == one_line(written).replace("@\u200b", "@")
    assert LIVE.search(shown) is None
    assert re.match(r"[#>\-+]", shown) is None
    assert "@everyone" not in shown and "@here" not in shown


def test_a_text_escaped_again_is_escaped_alike_at_each_length():
    """Escaped texts are kept (the names of busy tables are worded at every move), each for
    its length, and no more of them than `ESCAPED_KEPT`."""
    name = "**" + "x" * 40
    assert in_message(name) == in_message(name) == r"\*\*" + "x" * (NAME_LIMIT - 3) + "…"
    assert in_message(name, 10) == r"\*\*" + "x" * 7 + "…"
    for number in range(ESCAPED_KEPT + 10):
        in_message(f"player {number}")
    assert in_message.cache_info().currsize <= ESCAPED_KEPT
